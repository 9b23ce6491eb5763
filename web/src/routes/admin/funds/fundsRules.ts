import {
  FINAL_DEPOSIT_STATUSES,
  type DepositStatus,
  type TransactionRow,
  type Withdrawal,
  type WithdrawalStatus,
} from '@contract/funds';
import { FourEyesMsg, secondApprovalRefusal, sentByBtcpay } from '@contract/withdrawal-rules';
import type { SiteSettingsView } from '@contract/settings';
import { formatMoney } from '../../../lib/format';

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

/** The confirm question of spec §2: "Are you sure you want to approve this transaction?". */
export function decisionQuestion(decision: Decision, noun: 'transaction' | 'withdrawal'): string {
  return `Are you sure you want to ${decision} this ${noun}?`;
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
const REFUSAL_WORDS: Record<string, string> = {
  [FourEyesMsg.ownRequest]: 'Your own request',
  [FourEyesMsg.sameApprover]: 'You gave the first approval',
};

/** The Approve button of a withdrawal for staff member `viewerId`: "Approve (2 of 2)", or why they cannot. */
export function withdrawalApproval(
  w: Approvable,
  viewerId: number | undefined,
): { label: string; blocked: string | null } {
  const step = approvalStep(w);
  const refusal =
    viewerId === undefined
      ? null
      : secondApprovalRefusal({ requesterId: w.userId, firstApproverId: w.firstApprovedBy, approverId: viewerId });
  return {
    label: step ? `Approve (${step} of 2)` : 'Approve',
    blocked: refusal ? (REFUSAL_WORDS[refusal] ?? refusal) : null,
  };
}

type PayoutSettings = Pick<SiteSettingsView, 'payoutMode' | 'btcpayConfigured'>;

/** Why a withdrawal approved now is paid by hand rather than by BTCPay. */
function byHandReason(s: PayoutSettings): string {
  if (s.payoutMode === 'manual') return 'payouts are manual';
  if (!s.btcpayConfigured) return 'BTCPay is not configured';
  return 'BTCPay sends BTC only';
}

/**
 * What approving a withdrawal does, for the approve dialog: a first of two approvals pays nothing yet; otherwise
 * BTCPay sends it, or it is marked paid and staff pay it by hand. Null while the settings are unknown.
 */
export function approvalOutcome(
  w: Approvable & Pick<Withdrawal, 'netAmount' | 'currency'>,
  s: PayoutSettings | undefined,
): { text: string; byHand: boolean } | null {
  if (!s) return null;
  const byBtcpay = sentByBtcpay(s, w.currency);
  const net = formatMoney(w.netAmount);
  if (approvalStep(w) === 1)
    return {
      text:
        'First of two approvals: nothing is paid yet. A second staff member must approve it too; ' +
        (byBtcpay ? 'then BTCPay sends it.' : 'then it is marked paid and paid by hand.'),
      byHand: false,
    };
  if (byBtcpay) return { text: `BTCPay will send ${net} in BTC to the user's wallet once you confirm.`, byHand: false };
  return {
    text: `Paid by hand, not by BTCPay: ${byHandReason(s)}. Pay ${net} in ${w.currency} yourself, then confirm to mark it paid.`,
    byHand: true,
  };
}
