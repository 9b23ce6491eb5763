import { z } from 'zod';
import { text } from './text';
import {
  zDepositCreated,
  zDepositDecided,
  zDepositDecision,
  zDepositList,
  zDepositRequest,
  zDepositsQuery,
  zTransactionView,
} from './funds';
import { zPositiveMoneyIn } from './amounts';
import { zIdParam, zPageQuery } from './pagination';
import { moneyGateErrors } from './errors';
import { route } from './route';

/** Currencies an admin may record a manual deposit in; USDT-TRON is the same coin as USDT. */
export const MANUAL_DEPOSIT_CURRENCIES = ['BTC', 'USDT', 'USDT-TRON'] as const;

export const zManualDeposit = z.object({
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amount: zPositiveMoneyIn.refine((c) => c <= 100_000_000_00n, 'Amount must be at most 100,000,000.00'),
  currency: z.enum(MANUAL_DEPOSIT_CURRENCIES, { message: 'Currency must be BTC or USDT (USDT-TRON)' }),
  notes: text().trim().max(500).optional().default(''),
  /** Optional client key: the same key never credits twice. */
  idempotencyKey: text().trim().min(8).max(100).optional(),
});

/** `POST /api/deposits/manual` answer (201, or 200 for a replayed idempotency key). */
export const zManualDepositRecorded = z.object({ message: z.string(), transaction: zTransactionView });
export type ManualDepositRecorded = z.infer<typeof zManualDepositRecorded>;

/** The BTCPay webhook's answer: what the event did. */
export const zBtcpayWebhookAck = z.object({ status: z.string() });

export const depositsApi = {
  create: route({
    method: 'POST',
    path: '/deposits/new',
    tag: 'deposits',
    summary:
      'Start a deposit: a BTCPay invoice to pay when BTCPay is configured, else a pending deposit for staff to approve',
    access: 'user',
    body: zDepositRequest,
    response: zDepositCreated,
    status: [201, 200],
    errors: ['FORBIDDEN', 'NOT_FOUND', ...moneyGateErrors, 'PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
  all: route({
    method: 'GET',
    path: '/deposits/all',
    tag: 'deposits',
    summary: 'Every deposit (staff), filtered by status and user',
    access: 'staff',
    query: zDepositsQuery,
    response: zDepositList,
    errors: [],
  }),
  ofUser: route({
    method: 'GET',
    path: '/deposits/:id/user',
    tag: 'deposits',
    summary: "A user's deposits (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zPageQuery,
    response: zDepositList,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  decide: route({
    method: 'PUT',
    path: '/deposits/update/:id',
    tag: 'deposits',
    summary: 'Approve (settled: credits once) or reject (invalid) an open deposit (admin)',
    access: 'admin',
    params: zIdParam,
    body: zDepositDecision,
    response: zDepositDecided,
    errors: ['NOT_FOUND', 'ALREADY_SETTLED', 'DEPOSIT_FINAL'],
  }),
  manual: route({
    method: 'POST',
    path: '/deposits/manual',
    tag: 'deposits',
    summary:
      'Credit a user at once (admin), or at or above the two-approval threshold record it pending for a second staff member; the same idempotencyKey never credits twice',
    access: 'admin',
    body: zManualDeposit,
    response: zManualDepositRecorded,
    status: [201, 200],
    errors: ['NOT_FOUND'],
  }),
  btcpayWebhook: route({
    method: 'POST',
    path: '/deposits/webhook/btcpay',
    tag: 'deposits',
    summary: 'BTCPay Server webhook: signature checked, invoice re-fetched from BTCPay before anything changes',
    access: 'public',
    response: zBtcpayWebhookAck,
    errors: ['NOT_CONFIGURED', 'BAD_SIGNATURE', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
};
