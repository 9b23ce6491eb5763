import { z } from 'zod';
import { fill } from './fill';
import { text } from './text';
import { formatUsd, toCents } from './money';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route } from './route';
import { zBankDetails, zProfile, zWallet } from './users';

/** Deposit currencies (DESIGN.md §6b): USDT-TRON is an alias of USDT. */
export const DEPOSIT_CURRENCIES = ['BTC', 'USDT', 'USDT-TRON', 'LTC'] as const;
/** Withdrawal currencies and where each is paid: BTC and USDT-TRON to the saved wallets, USD to the saved bank. */
export const WITHDRAWAL_CURRENCIES = ['BTC', 'USDT-TRON', 'USD'] as const;
export type WithdrawalCurrency = (typeof WITHDRAWAL_CURRENCIES)[number];

export const DEPOSIT_STATUSES = ['pending', 'review', 'settled', 'expired', 'invalid'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** A deposit in one of these is final: no action, no webhook moves it again. */
export const FINAL_DEPOSIT_STATUSES: readonly DepositStatus[] = ['settled', 'expired', 'invalid'];
export const WITHDRAWAL_STATUSES = ['pending', 'paying', 'settled', 'invalid'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Every status a money record shows: a deposit's, a withdrawal's or a transaction's. */
export const MONEY_STATUSES = [
  'pending',
  'review',
  'paying',
  'settled',
  'completed',
  'expired',
  'invalid',
  'failed',
  'cancelled',
] as const;
export type MoneyStatus = (typeof MONEY_STATUSES)[number];

/**
 * The one word of each status, on both areas' screens, the receipt and the reports. A deposit
 * or withdrawal stores `settled`/`invalid` where its transaction stores `completed`/`failed`:
 * people read the same word for the same event whichever record they look at.
 */
export const STATUS_WORDS: Record<MoneyStatus, string> = {
  pending: 'Pending',
  review: 'In review',
  paying: 'Sending',
  settled: 'Completed',
  completed: 'Completed',
  expired: 'Expired',
  invalid: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** BTCPay's payout states in plain words, for the investor's receipt while a withdrawal is sending. */
export const PAYOUT_STATE_WORDS: Record<string, string> = {
  Creating: 'Being prepared',
  AwaitingApproval: 'Waiting for approval',
  AwaitingPayment: 'Waiting to be sent',
  InProgress: 'Sent, waiting for confirmation',
  Completed: 'Sent and confirmed',
  Cancelled: 'Cancelled',
};
export const payoutStateWord = (state: string): string => PAYOUT_STATE_WORDS[state] ?? state;

/** The word of a status; an unknown one is shown as it is rather than hidden. */
export function statusWord(status: string): string {
  return (STATUS_WORDS as Record<string, string>)[status] ?? status;
}

/** A status as a list filter offers it: a transaction's `failed` is a rejected or expired deposit or withdrawal. */
export function statusFilterLabel(status: string): string {
  return status === 'failed' ? 'Rejected or expired' : statusWord(status);
}

/** Whether a transaction type brings money into the user's balance or takes it out. */
export function transactionDirection(type: string, amount: number): 'in' | 'out' {
  if (type === 'withdrawal' || type === 'investment') return 'out';
  if (type === 'adjustment') return amount < 0 ? 'out' : 'in';
  return 'in';
}
export const TRANSACTION_TYPES = [
  'deposit',
  'manual_deposit',
  'withdrawal',
  'investment',
  'return',
  'principal_release',
  'referral_bonus',
  'adjustment',
] as const;

/** Longest reason a staff decision keeps, and longest payout reference (a hash is 64, a bank reference less). */
export const DECISION_REASON_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 120;

/** Largest single deposit or withdrawal the API accepts: $100,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000_00n;

export const DepositMsg = {
  invalidAmount: 'Please enter a valid deposit amount',
  invalidCurrency: 'Please choose BTC, USDT (USDT-TRON) or LTC',
  redirecting: 'Deposit created: continue to the payment page to pay the invoice',
  pendingApproval:
    'Deposit recorded as pending: pay it as shown below; an administrator credits it once the payment is confirmed',
  failed: 'Failed to deposit funds',
  notFound: 'Deposit not found',
  final: 'This deposit is already settled, expired or invalid',
  alreadySettled: 'This deposit has already been credited',
  approved: 'Deposit approved and credited',
  manualNeedsSecondApproval:
    'Manual deposit recorded as pending: it is at or above the two-approval threshold, so a second staff member must approve it before it is credited',
  rejected: 'Deposit rejected',
  paymentUnavailable: 'The payment processor is not reachable right now. Please try again in a few minutes.',
} as const;

export const WithdrawMsg = {
  noProfile: 'User profile not found',
  invalidAmount: 'Invalid withdrawal amount',
  invalidCurrency: 'Invalid currency selected',
  /** The answer to a request: what happened to the money, and when it is usually paid if the operator says. */
  requested: (amount: bigint, payoutTime: string) =>
    payoutTime
      ? fill(
          'Withdrawal of {{amount}} requested: it is held from your available balance and awaits approval. Withdrawals are usually paid within {{payoutTime}}.',
          { amount: formatUsd(amount), payoutTime },
        )
      : fill('Withdrawal of {{amount}} requested: it is held from your available balance and awaits approval.', {
          amount: formatUsd(amount),
        }),
  /** The answer to a request the rules approved at once: BTCPay is sending it. */
  requestedSending: (amount: bigint) =>
    fill('Withdrawal of {{amount}} requested: it is approved and being sent to your wallet through BTCPay.', {
      amount: formatUsd(amount),
    }),
  otherUser: 'You can only withdraw from your own account',
  insufficient: 'Insufficient available balance for this withdrawal',
  belowMin: (min: bigint) => fill('The minimum withdrawal is {{min}}', { min: formatUsd(min) }),
  aboveMax: (max: bigint) => fill('The maximum withdrawal is {{max}}', { max: formatUsd(max) }),
  feeTooHigh: 'The amount does not cover the withdrawal fee',
  noWallet: (currency: string) =>
    fill('Save a {{currency}} wallet address in your profile before withdrawing in {{currency}}', { currency }),
  noBank: 'Save your bank details in your profile before withdrawing in USD',
  securityHold: (until: string) =>
    fill('Withdrawals are paused after a recent security change until {{until}}', { until }),
  notActive: 'Your account is not active',
  kycRequired: 'Please verify your identity before withdrawing: submit your documents on the Verification page',
  notFound: 'Withdrawal not found',
  notPending: 'Only pending withdrawals can be approved or rejected',
  approved: 'Withdrawal approved and marked as paid',
  payoutReferenceOnApproval: 'A payout reference is recorded only when a withdrawal is approved',
  firstApproval: 'First approval recorded: a second staff member must approve this withdrawal',
  sending: 'Withdrawal approved: BTCPay is sending the payout',
  payoutCancelled: 'The payout was cancelled in BTCPay, so the amount is back in your available balance',
  rejected: 'Withdrawal rejected: the amount is back in the available balance',
} as const;

export const TransactionMsg = {
  notFound: 'Transaction not found',
  updated: 'Transaction status updated',
  transitionRefused: (from: string, to: string) => fill('A {{from}} transaction cannot be set to {{to}}', { from, to }),
  noManualChange: 'This transaction type has no status changes: post an adjustment instead',
  needsTwoApprovals: 'This withdrawal needs two staff approvals: approve it on the Withdrawals screen',
} as const;

export const PayoutMsg = {
  updated: 'Payout details updated',
  passwordRequired: 'Enter your current password to change payout details',
  wrongPassword: 'Current password is incorrect',
  totpRequired: 'Enter the code from your authenticator app to change payout details',
  wrongTotp: 'Invalid authentication code',
} as const;

/** A positive amount of at most MAX_AMOUNT_CENTS whose every failure reads `message`. */
const positiveAmount = (message: string) =>
  z.union([z.number(), text()], { message }).transform((value, ctx) => {
    try {
      const cents = toCents(value);
      if (cents > 0n && cents <= MAX_AMOUNT_CENTS) return cents;
    } catch {
      // falls through to the one message
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

// ---- Deposits ----

export const zDepositRequest = z.object({
  amount: positiveAmount(DepositMsg.invalidAmount),
  currency: z.enum(DEPOSIT_CURRENCIES, { message: DepositMsg.invalidCurrency }),
  /** Optional client key: the same key never creates two deposits. */
  idempotencyKey: text().trim().min(8).max(100).optional(),
});

/**
 * Why staff decided as they did: optional in the API (the spec's bodies stay valid), asked for by the screens on
 * every rejection, stored with the decision and shown to the user (notice, email, receipt).
 */
export const zDecisionReason = text()
  .trim()
  .max(DECISION_REASON_MAX, fill('The reason must be at most {{max}} characters', { max: DECISION_REASON_MAX }))
  .optional()
  .transform((v) => v || undefined);
/** A payout made by hand: its transaction hash or bank reference, shown on the user's receipt. */
export const zPayoutReference = text()
  .trim()
  .max(
    PAYOUT_REFERENCE_MAX,
    fill('The payout reference must be at most {{max}} characters', { max: PAYOUT_REFERENCE_MAX }),
  )
  .regex(/^[\x20-\x7e]*$/, 'The payout reference may contain only letters, digits and punctuation')
  .optional()
  .transform((v) => v || undefined);

export const zDeposit = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  referenceNumber: z.string(),
  /** The BTCPay invoice, when the deposit was made through BTCPay. */
  invoiceId: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  /** Credited by staff at once (a manual deposit), not paid in by the user. */
  manual: z.boolean(),
  notes: z.string(),
  /** Why staff approved or rejected it, when they said. */
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deposit = z.infer<typeof zDeposit>;

/** Where and how to pay a deposit that waits for an admin (no BTCPay), from the site settings. */
export const zPaymentInstructions = z.object({
  currency: z.string(),
  /** The operator's address for this currency; null when none is published. */
  address: z.string().nullable(),
  /** A QR code of the address (a PNG data URL); null without an address. */
  qrCode: z.string().nullable(),
  /** What to put in the payment's memo or reference field: the deposit's reference. */
  memo: z.string(),
  /** The operator's instructions, `{reference}` filled in; empty when none are set. */
  note: z.string(),
});
export type PaymentInstructions = z.infer<typeof zPaymentInstructions>;

export const zDepositCreated = z.object({
  message: z.string(),
  deposit: zDeposit,
  /** BTCPay checkout page to send the browser to; null when deposits await admin approval. */
  invoiceUrl: z.string().nullable(),
  /** Where to pay when there is no invoice; null with one. */
  instructions: zPaymentInstructions.nullable(),
});

/** Admin approve (settled) or reject (invalid), with an optional reason the user is told. */
export const zDepositDecision = z.object({
  status: z.enum(['settled', 'invalid'], { message: 'Status must be settled or invalid' }),
  reason: zDecisionReason,
});

export const zDepositList = zPage(zDeposit);
export const zDepositListQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  userId: z.coerce.number().int().positive().optional(),
});
/** `GET /deposits` and a user's deposits: a page, optionally in one status (and for staff, of one user). */
export const zDepositsQuery = zPageQuery.extend(zDepositListQuery.shape);
/** A staff decision on a deposit: the message and the deposit as it now is. */
export const zDepositDecided = zDepositCreated.pick({ message: true, deposit: true });
/** A deposit's transaction description: what it is, never its status (that changes; the text would not). */
export const depositDescription = (currency: string, viaBtcpay: boolean) =>
  viaBtcpay ? `Deposit via BTCPay (${currency})` : `Deposit (${currency})`;

// ---- Withdrawals ----

export const zWithdrawRequest = z.object({
  userId: z.number({ message: WithdrawMsg.noProfile }).int().positive(WithdrawMsg.noProfile),
  amount: positiveAmount(WithdrawMsg.invalidAmount),
  currency: z.enum(WITHDRAWAL_CURRENCIES, { message: WithdrawMsg.invalidCurrency }),
  idempotencyKey: text().trim().min(8).max(100).optional(),
});

/** What a withdrawal would be, shown before the user confirms. */
export const zWithdrawalQuote = z.object({
  amount: z.number(),
  fee: z.number(),
  netAmount: z.number(),
  currency: z.enum(WITHDRAWAL_CURRENCIES),
  /** Masked destination (wallet or bank), null when none is saved. */
  destination: z.string().nullable(),
  availableBalance: z.number(),
  minimum: z.number(),
  maximum: z.number().nullable(),
  securityHoldUntil: z.string().nullable(),
  /** Why it would be refused, or null when it would be accepted. */
  problem: z.string().nullable(),
  /** The refusal's error code (e.g. KYC_REQUIRED, which the client links to the Verification page). */
  problemCode: z.string().nullable(),
  /** How it would be paid, by the approval rules the request runs: sent by BTCPay at once, or after staff review. */
  pays: z.enum(['automatically', 'after-review']),
  /** BTC withdrawals up to this amount are sent automatically; null when none are. */
  autoPayMax: z.number().nullable(),
});
export type WithdrawalQuote = z.infer<typeof zWithdrawalQuote>;
export const zWithdrawalQuoteQuery = z.object({
  amount: positiveAmount(WithdrawMsg.invalidAmount),
  currency: z.enum(WITHDRAWAL_CURRENCIES, { message: WithdrawMsg.invalidCurrency }),
});

export const zWithdrawal = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  amount: z.number(),
  fee: z.number(),
  netAmount: z.number(),
  currency: z.enum(WITHDRAWAL_CURRENCIES),
  destination: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  referenceNumber: z.string(),
  /** Why staff approved or rejected it, when they said. */
  decisionReason: z.string().nullable(),
  /** The payout's transaction hash or bank reference, when staff recorded one. */
  payoutReference: z.string().nullable(),
  /** Which way the approval rules sent it and the rule that decided (null before the rules ran). */
  approvalRoute: z.enum(['auto', 'staff', 'four-eyes']).nullable(),
  approvalRule: z.string().nullable(),
  /** A four-eyes withdrawal's first approver: it waits for a second, different staff member. */
  firstApprovedBy: z.number().nullable(),
  /** The BTCPay payout sending it, when it is paid automatically: BTCPay's id, state and transaction. */
  payout: z
    .object({
      id: z.string().nullable(),
      state: z.string(),
      txid: z.string().nullable(),
      link: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof zWithdrawal>;

export const zWithdrawalCreated = z.object({ message: z.string(), withdrawal: zWithdrawal });
/** Approve (settled: paid, optionally with its payout reference) or reject (invalid), with an optional reason. */
export const zWithdrawalDecision = z
  .object({
    status: z.enum(['settled', 'invalid'], { message: 'Status must be settled or invalid' }),
    reason: zDecisionReason,
    payoutReference: zPayoutReference,
  })
  .refine((d) => d.status === 'settled' || !d.payoutReference, {
    message: WithdrawMsg.payoutReferenceOnApproval,
    path: ['payoutReference'],
  });
export const zWithdrawalDecided = z.object({ message: z.string(), withdrawal: zWithdrawal });

export const zWithdrawalMetrics = z.object({
  totalWithdrawals: z.number(),
  pendingWithdrawals: z.number(),
  totalAmount: z.number(),
  averageAmount: z.number(),
});
/** Withdrawal lists carry their cards' figures (over every withdrawal the list could show). */
export const zWithdrawalList = zPage(zWithdrawal).extend({ metrics: zWithdrawalMetrics });
export type WithdrawalList = z.infer<typeof zWithdrawalList>;
/** Staff list filters beyond the status: 'second-approval' is a four-eyes withdrawal with its first approval. */
export const WITHDRAWAL_STAGES = ['second-approval'] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];
/** A user's own list filters by status only. */
export const zUserWithdrawalListQuery = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
/** The staff list: by status and by stage. */
export const zWithdrawalListQuery = zUserWithdrawalListQuery.extend({
  stage: z.enum(WITHDRAWAL_STAGES, { message: 'Stage must be second-approval' }).optional(),
});
export type WithdrawalListQuery = z.infer<typeof zWithdrawalListQuery>;

// ---- Transactions ----

export const zTransactionView = z.object({
  id: z.number(),
  userId: z.number(),
  referenceNumber: z.string(),
  type: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']),
  /** The status people read: the deposit's or withdrawal's own when the transaction is one (see STATUS_WORDS). */
  state: z.enum(MONEY_STATUSES),
  paymentMethod: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionView = z.infer<typeof zTransactionView>;

/** A transaction in lists and on the order page, with its owner's user name. */
export const zTransactionRow = zTransactionView.extend({ userName: z.string() });
export type TransactionRow = z.infer<typeof zTransactionRow>;
export const zTransactionList = zPage(zTransactionRow);
/**
 * The order page: the transaction; where to pay it while it is a deposit waiting for payment;
 * and, for a decided deposit or withdrawal, what staff said and paid with.
 */
export const zTransactionReceipt = zTransactionRow.extend({
  paymentInstructions: zPaymentInstructions.nullable(),
  decisionReason: z.string().nullable(),
  payoutReference: z.string().nullable(),
  /** A withdrawal paid through BTCPay: its payout's state and, once sent, the transaction and its explorer page. */
  payout: z.object({ state: z.string(), txid: z.string().nullable(), link: z.string().nullable() }).nullable(),
});
export type TransactionReceipt = z.infer<typeof zTransactionReceipt>;

export const zTransactionListQuery = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
});
export type TransactionListQuery = z.infer<typeof zTransactionListQuery>;
export const zTransactionUpdate = z
  .object({
    status: z.enum(TRANSACTION_STATUSES, { message: 'Status must be pending, completed, failed or cancelled' }),
    /** For a pending deposit or withdrawal: the decision's reason and (a withdrawal paid) its payout reference. */
    reason: zDecisionReason,
    payoutReference: zPayoutReference,
  })
  .refine((d) => d.status === 'completed' || !d.payoutReference, {
    message: WithdrawMsg.payoutReferenceOnApproval,
    path: ['payoutReference'],
  });
export const zTransactionUpdated = z.object({ message: z.string(), transaction: zTransactionRow });
/** GET /transactions/reference/:ref (the order page). */
export const zTransactionRefParams = z.object({ ref: text().max(40) });

// ---- Payout details (wallets and bank) ----

/** Changing where withdrawals go needs the password, and the TOTP code when 2FA is on. */
export const zPayoutDetailsUpdate = z.object({
  btcWallet: zWallet.optional(),
  /** The wallet the spec labels USDT-TRON (stored as ETH_Wallet_Address). */
  ethWallet: zWallet.optional(),
  bank: zBankDetails.optional(),
  currentPassword: text().max(128).optional().default(''),
  totpCode: text().trim().max(12).optional().default(''),
});
export type PayoutDetailsUpdate = z.output<typeof zPayoutDetailsUpdate>;
export const zPayoutDetailsUpdated = z.object({ message: z.string(), profile: zProfile });

/**
 * The fee of a withdrawal of `amount` cents: the fixed part plus the percentage (at most 2
 * decimals, e.g. "1.25"), rounded half up to the cent. Empty settings mean no fee.
 */
export function withdrawalFeeCents(amount: bigint, fixed: string, percent: string): bigint {
  const fixedCents = fixed ? toCents(fixed) : 0n;
  const hundredths = percent ? toCents(percent) : 0n; // "1.25" % -> 125 hundredths of a percent
  return fixedCents + (amount * hundredths + 5_000n) / 10_000n;
}

export const payoutApi = {
  update: route({
    method: 'PUT',
    path: '/users/:id/payout-details',
    tag: 'users',
    summary:
      'Change own wallets and bank details: needs the password, and the 2FA code when 2FA is on; starts the security hold',
    access: 'user',
    params: zIdParam,
    body: zPayoutDetailsUpdate,
    response: zPayoutDetailsUpdated,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'WRONG_PASSWORD', 'INVALID_OTP'],
  }),
};
