import {
  FINAL_DEPOSIT_STATUSES,
  type DepositStatus,
  type TransactionRow,
  type Withdrawal,
  type WithdrawalStatus,
} from '@contract/funds';
import {
  FourEyesMsg,
  secondApprovalRefusal,
  sentByBtcpay,
  type ApprovalRoute,
  type ApprovalRule,
} from '@contract/withdrawal-rules';
import type { SiteSettingsView } from '@contract/settings';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../../i18n/messages';
import { formatMoney } from '../../../lib/format';

/** The translate function of the back office's money screens (adminMoney). */
export type MoneyT = TFunction<'adminMoney'>;

export type TransactionStatus = TransactionRow['status'];
export type Decision = 'approve' | 'reject';

/** Approve settles, reject invalidates: the only two moves staff make on a deposit or withdrawal. */
export const DECISION_STATUS = { approve: 'settled', reject: 'invalid' } as const satisfies Record<
  Decision,
  'settled' | 'invalid'
>;

/** Approve/Reject are offered unless the deposit is final (spec §4: settled, expired, invalid). */
export function canDecideDeposit(status: DepositStatus): boolean {
  return !FINAL_DEPOSIT_STATUSES.includes(status);
}

/** A withdrawal is decided once: only a pending one can still be approved or rejected. */
export function canDecideWithdrawal(status: WithdrawalStatus): boolean {
  return status === 'pending';
}

/** Types whose transaction mirrors a deposit or withdrawal that is still waiting for a decision. */
const DECIDABLE_TYPES = new Set(['deposit', 'withdrawal']);

/**
 * Statuses an admin may move a transaction to from Transaction Management. Only a pending
 * deposit or withdrawal has a decision left (completed credits or pays it, failed refuses it);
 * every other transaction is the record of a ledger move already made, so it has none. The
 * server has the last word and answers 409/422 with its reason when it refuses.
 */
export function statusTargets(row: Pick<TransactionRow, 'type' | 'status'>): TransactionStatus[] {
  return row.status === 'pending' && DECIDABLE_TYPES.has(row.type) ? ['completed', 'failed'] : [];
}

/** "#12 · Ada Lovelace (@ada)", or without the name part when the user has none. */
export function userOptionLabel(u: { id: number; firstName: string; lastName: string; userName: string }): string {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return name ? `#${u.id} · ${name} (@${u.userName})` : `#${u.id} · @${u.userName}`;
}

export type DecisionNoun = 'transaction' | 'withdrawal';

const QUESTION = {
  transaction: { approve: 'decision.question.approveTransaction', reject: 'decision.question.rejectTransaction' },
  withdrawal: { approve: 'decision.question.approveWithdrawal', reject: 'decision.question.rejectWithdrawal' },
} as const;

/** The confirm question of spec §2: "Are you sure you want to approve this transaction?". */
export function decisionQuestion(t: MoneyT, decision: Decision, noun: DecisionNoun): string {
  return t(QUESTION[noun][decision]);
}

const DECISION_TITLE = {
  transaction: { approve: 'decision.title.approveTransaction', reject: 'decision.title.rejectTransaction' },
  withdrawal: { approve: 'decision.title.approveWithdrawal', reject: 'decision.title.rejectWithdrawal' },
} as const;

/** The dialog's title: "Approve withdrawal", "Reject transaction". */
export function decisionTitle(t: MoneyT, decision: Decision, noun: DecisionNoun): string {
  return t(DECISION_TITLE[noun][decision]);
}

const ROUTE_WORDS = {
  auto: 'approval.route.auto',
  staff: 'approval.route.staff',
  'four-eyes': 'approval.route.fourEyes',
} as const satisfies Record<ApprovalRoute, string>;

const RULE_WORDS = {
  'four-eyes-threshold': 'approval.rule.fourEyesThreshold',
  'manual-mode': 'approval.rule.manualMode',
  'manual-currency': 'approval.rule.manualCurrency',
  'auto-approval-off': 'approval.rule.autoApprovalOff',
  'over-auto-max': 'approval.rule.overAutoMax',
  'over-daily-max': 'approval.rule.overDailyMax',
  'kyc-not-approved': 'approval.rule.kycNotApproved',
  'security-hold': 'approval.rule.securityHold',
  'account-too-new': 'approval.rule.accountTooNew',
  'duplicate-account': 'approval.rule.duplicateAccount',
  'all-rules-passed': 'approval.rule.allRulesPassed',
} as const satisfies Record<ApprovalRule, string>;

/** How the rules routed a withdrawal: "Auto", "Staff", "Two approvals"; an unknown route as it is. */
export function approvalRouteWords(t: MoneyT, route: string): string {
  return Object.hasOwn(ROUTE_WORDS, route) ? t(ROUTE_WORDS[route as ApprovalRoute]) : route;
}

/** The rule that decided, in a few plain words; a rule id this code does not know is shown as it is. */
export function approvalRuleWords(t: MoneyT, rule: string): string {
  return Object.hasOwn(RULE_WORDS, rule) ? t(RULE_WORDS[rule as ApprovalRule]) : rule;
}

type Approvable = Pick<Withdrawal, 'userId' | 'status' | 'approvalRoute' | 'firstApprovedBy'>;

/** A pending withdrawal whose first of two approvals is given: it waits for a second staff member. */
export const waitsForSecondApproval = (w: Approvable): boolean => w.status === 'pending' && w.firstApprovedBy !== null;

/** Which of two approvals the next Approve gives a four-eyes withdrawal; null when one approval pays it. */
export function approvalStep(w: Approvable): 1 | 2 | null {
  if (w.approvalRoute !== 'four-eyes') return null;
  return w.firstApprovedBy === null ? 1 : 2;
}

/** The server's refusals (contract/withdrawal-rules), in the few words a table cell has room for. */
const REFUSAL_WORDS: Record<string, 'approval.refusal.ownRequest' | 'approval.refusal.sameApprover'> = {
  [FourEyesMsg.ownRequest]: 'approval.refusal.ownRequest',
  [FourEyesMsg.sameApprover]: 'approval.refusal.sameApprover',
};

/** The Approve button of a withdrawal for staff member `viewerId`: "Approve (2 of 2)", or why they cannot. */
export function withdrawalApproval(
  t: MoneyT,
  w: Approvable,
  viewerId: number | undefined,
): { label: string; blocked: string | null } {
  const step = approvalStep(w);
  const refusal =
    viewerId === undefined
      ? null
      : secondApprovalRefusal({ requesterId: w.userId, firstApproverId: w.firstApprovedBy, approverId: viewerId });
  const refusalKey = refusal ? REFUSAL_WORDS[refusal] : undefined;
  return {
    label: step ? t('approval.approveStep', { step }) : t('approval.approve'),
    blocked: refusal ? (refusalKey ? t(refusalKey) : translateMessage(refusal)) : null,
  };
}

type PayoutSettings = Pick<SiteSettingsView, 'payoutMode' | 'btcpayConfigured'>;

/** What staff are told when a withdrawal approved now is paid by hand, by why it is not BTCPay's. */
function byHandKey(s: PayoutSettings) {
  if (s.payoutMode === 'manual') return 'outcome.byHand.manualMode' as const;
  if (!s.btcpayConfigured) return 'outcome.byHand.notConfigured' as const;
  return 'outcome.byHand.btcOnly' as const;
}

/**
 * What approving a withdrawal does, for the approve dialog: a first of two approvals pays nothing yet; otherwise
 * BTCPay sends it, or it is marked paid and staff pay it by hand. Null while the settings are unknown.
 */
export function approvalOutcome(
  t: MoneyT,
  w: Approvable & Pick<Withdrawal, 'netAmount' | 'currency'>,
  s: PayoutSettings | undefined,
): { text: string; byHand: boolean } | null {
  if (!s) return null;
  const byBtcpay = sentByBtcpay(s, w.currency);
  const net = formatMoney(w.netAmount);
  if (approvalStep(w) === 1)
    return {
      text: byBtcpay ? t('outcome.firstOfTwo.btcpay') : t('outcome.firstOfTwo.byHand'),
      byHand: false,
    };
  if (byBtcpay) return { text: t('outcome.btcpay', { net }), byHand: false };
  return { text: t(byHandKey(s), { net, currency: w.currency }), byHand: true };
}
