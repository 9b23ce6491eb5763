import {
  FINAL_DEPOSIT_STATUSES,
  type DepositStatus,
  type TransactionRow,
  type WithdrawalStatus,
} from '@contract/funds';

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
