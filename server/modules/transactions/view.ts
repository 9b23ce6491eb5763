import { fromCents } from '../../../contract/money';
import type { MoneyStatus, TransactionView } from '../../../contract/funds';
import type { transactions } from '../../db/schema';

/**
 * A transaction as the API shows it. `state` is the status people read: the deposit's or
 * withdrawal's own when the transaction is one (a rejected and an expired deposit both store `failed`).
 */
export function toTransactionView(t: typeof transactions.$inferSelect, state: MoneyStatus = t.status): TransactionView {
  return {
    id: t.id,
    userId: t.userId,
    referenceNumber: t.referenceNumber,
    type: t.type,
    amount: fromCents(t.amount),
    currency: t.currency,
    status: t.status,
    state,
    paymentMethod: t.paymentMethod,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
