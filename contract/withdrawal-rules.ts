import type { WithdrawalCurrency } from './funds';
import { formatUsd, toCents } from './money';
import type { SiteSettings } from './settings';

/**
 * Which way a new withdrawal goes: paid without staff ('auto'), decided by one staff member
 * ('staff') or by two different ones ('four-eyes'). One pure function, so the request, the
 * audit log and the admin screen all tell the same rule.
 */
export type ApprovalRoute = 'auto' | 'staff' | 'four-eyes';

/** Stable ids of the rules, in the order they are checked; the audit log records one of them. */
export const APPROVAL_RULES = [
  'four-eyes-threshold',
  'manual-mode',
  'manual-currency',
  'auto-approval-off',
  'over-auto-max',
  'over-daily-max',
  'kyc-not-approved',
  'security-hold',
  'account-too-new',
  'duplicate-account',
  'all-rules-passed',
] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** How each route reads on the admin screen. */
export const APPROVAL_ROUTE_WORDS: Record<ApprovalRoute, string> = {
  auto: 'Auto',
  staff: 'Staff',
  'four-eyes': 'Two approvals',
};

/** Each rule in a few plain words for the admin list; the audit log keeps the full reason with its figures. */
export const APPROVAL_RULE_WORDS: Record<ApprovalRule, string> = {
  'four-eyes-threshold': 'At or above the two-approval amount',
  'manual-mode': 'Payouts are manual',
  'manual-currency': 'Currency paid by staff',
  'auto-approval-off': 'Automatic approval is off',
  'over-auto-max': 'Above the automatic limit',
  'over-daily-max': 'Over the daily automatic limit',
  'kyc-not-approved': 'Identity not verified',
  'security-hold': 'Account under a security hold',
  'account-too-new': 'Account too new',
  'duplicate-account': 'Possible duplicate account',
  'all-rules-passed': 'Every automatic rule holds',
};

/** A stored rule id in words; an id this code does not know is shown as it is rather than hidden. */
export function approvalRuleWords(rule: string): string {
  return (APPROVAL_RULE_WORDS as Record<string, string>)[rule] ?? rule;
}

/**
 * Whether an approved withdrawal is sent by BTCPay rather than paid by hand: only BTC, only in BTCPay
 * payout mode with BTCPay configured (the server's payoutStore decides the same way).
 */
export function sentByBtcpay(
  s: { payoutMode: SiteSettings['payoutMode']; btcpayConfigured: boolean },
  currency: string,
): boolean {
  return s.payoutMode === 'btcpay' && s.btcpayConfigured && currency === 'BTC';
}

export interface ApprovalDecision {
  route: ApprovalRoute;
  rule: ApprovalRule;
  /** A plain sentence for the audit log and the admin screen. */
  reason: string;
}

export interface WithdrawalFacts {
  amount: bigint;
  /**
   * The user's other withdrawals (pending or paid, not rejected) requested in the 24 hours
   * before `now`, in cents. A rolling window rather than the UTC day, so a user cannot double
   * the daily limit by asking just before and just after midnight.
   */
  otherLast24h: bigint;
  currency: WithdrawalCurrency;
  kycApproved: boolean;
  securityHoldUntil: Date | null;
  now: Date;
  accountCreatedAt: Date;
  duplicateFlag: boolean;
}

export type ApprovalSettings = Pick<
  SiteSettings,
  | 'payoutMode'
  | 'autoApproveMax'
  | 'autoApproveDailyMax'
  | 'autoApproveMinAccountDays'
  | 'fourEyesWithdrawalMin'
  | 'fourEyesDepositMin'
>;

const DAY_MS = 86_400_000;
/** A money setting in cents; empty means "no limit". */
const limit = (v: string): bigint | null => (v === '' ? null : toCents(v));

const decide = (route: ApprovalRoute, rule: ApprovalRule, reason: string): ApprovalDecision => ({
  route,
  rule,
  reason,
});

export function approvalRoute(f: WithdrawalFacts, s: ApprovalSettings): ApprovalDecision {
  // Checked first: no mode, currency or automatic rule may let a large withdrawal skip the second approval.
  const fourEyes = limit(s.fourEyesWithdrawalMin);
  if (fourEyes !== null && f.amount >= fourEyes)
    return decide(
      'four-eyes',
      'four-eyes-threshold',
      `${formatUsd(f.amount)} is at or above the two-approval threshold of ${formatUsd(fourEyes)}: two different staff members must approve.`,
    );
  if (s.payoutMode === 'manual')
    return decide('staff', 'manual-mode', 'Payouts are manual: a staff member approves and pays every withdrawal.');
  if (f.currency !== 'BTC')
    return decide(
      'staff',
      'manual-currency',
      `${f.currency} withdrawals are paid by staff; only BTC is paid through BTCPay.`,
    );

  const max = limit(s.autoApproveMax);
  if (max === null) return decide('staff', 'auto-approval-off', 'Automatic approval is off: a staff member approves.');
  if (f.amount > max)
    return decide(
      'staff',
      'over-auto-max',
      `${formatUsd(f.amount)} is above the automatic approval limit of ${formatUsd(max)}.`,
    );
  const daily = limit(s.autoApproveDailyMax);
  if (daily !== null && f.otherLast24h + f.amount > daily)
    return decide(
      'staff',
      'over-daily-max',
      `With ${formatUsd(f.otherLast24h)} already requested in the last 24 hours, ${formatUsd(f.amount)} goes over the daily automatic limit of ${formatUsd(daily)}.`,
    );
  if (!f.kycApproved) return decide('staff', 'kyc-not-approved', 'The user’s identity (KYC) is not approved.');
  if (f.securityHoldUntil !== null && f.securityHoldUntil > f.now)
    return decide(
      'staff',
      'security-hold',
      `The account is under a security hold until ${f.securityHoldUntil.toISOString()}.`,
    );
  const ageMs = f.now.getTime() - f.accountCreatedAt.getTime();
  if (ageMs < s.autoApproveMinAccountDays * DAY_MS)
    return decide('staff', 'account-too-new', `The account is less than ${s.autoApproveMinAccountDays} days old.`);
  if (f.duplicateFlag)
    return decide('staff', 'duplicate-account', 'The account is flagged as a possible duplicate of another account.');
  return decide('auto', 'all-rules-passed', 'Every automatic approval rule holds: approved without staff.');
}

/** A manual deposit from the threshold on needs a second staff approval. */
export function depositApprovalRoute(
  amount: bigint,
  s: Pick<ApprovalSettings, 'fourEyesDepositMin'>,
): 'single' | 'four-eyes' {
  const fourEyes = limit(s.fourEyesDepositMin);
  return fourEyes !== null && amount >= fourEyes ? 'four-eyes' : 'single';
}

export const FourEyesMsg = {
  ownRequest: 'You cannot approve a request you made yourself',
  sameApprover: 'The second approval must come from a different staff member than the first',
} as const;

/**
 * Why this staff member may not approve, or null when they may. `firstApproverId` is null for
 * the first approval. Requests a user makes for themselves count: staff never approve their own.
 */
export function secondApprovalRefusal(a: {
  requesterId: number;
  firstApproverId: number | null;
  approverId: number;
}): string | null {
  if (a.approverId === a.requesterId) return FourEyesMsg.ownRequest;
  if (a.firstApproverId !== null && a.approverId === a.firstApproverId) return FourEyesMsg.sameApprover;
  return null;
}
