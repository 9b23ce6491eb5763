import { z } from 'zod';
import { zPositiveMoneyIn } from './money';

/** Currencies an admin may record a manual deposit in; USDT-TRON is the same coin as USDT. */
export const MANUAL_DEPOSIT_CURRENCIES = ['BTC', 'USDT', 'USDT-TRON'] as const;

export const zManualDeposit = z.object({
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amount: zPositiveMoneyIn.refine((c) => c <= 100_000_000_00n, 'Amount must be at most 100,000,000.00'),
  currency: z.enum(MANUAL_DEPOSIT_CURRENCIES, { message: 'Currency must be BTC or USDT (USDT-TRON)' }),
  notes: z.string().trim().max(500).optional().default(''),
  /** Optional client key: the same key never credits twice. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});

export const zTransactionView = z.object({
  id: z.number(),
  userId: z.number(),
  referenceNumber: z.string(),
  type: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']),
  paymentMethod: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionView = z.infer<typeof zTransactionView>;

/** `POST /api/deposits/manual` answer (201, or 200 for a replayed idempotency key). */
export const zManualDepositRecorded = z.object({ message: z.string(), transaction: zTransactionView });
export type ManualDepositRecorded = z.infer<typeof zManualDepositRecorded>;

/** The BTCPay webhook's answer: what the event did. */
export const zBtcpayWebhookAck = z.object({ status: z.string() });
