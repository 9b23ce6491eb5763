import { fromCents } from '../../../contract/money';
import type { TransactionView } from '../../../contract/funds';
import type { transactions } from '../../db/schema';

export function toTransactionView(t: typeof transactions.$inferSelect): TransactionView {
  return {
    id: t.id,
    userId: t.userId,
    referenceNumber: t.referenceNumber,
    type: t.type,
    amount: fromCents(t.amount),
    currency: t.currency,
    status: t.status,
    paymentMethod: t.paymentMethod,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
