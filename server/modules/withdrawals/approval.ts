import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { WithdrawMsg, type WithdrawalCurrency } from '../../../contract/funds';
import { toCents } from '../../../contract/money';
import type { SiteSettings } from '../../../contract/settings';
import {
  approvalRoute,
  secondApprovalRefusal,
  type ApprovalDecision,
  type WithdrawalFacts,
} from '../../../contract/withdrawal-rules';
import type { Db, DbOrTx } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { createBtcpayClient } from '../../integrations/btcpay';
import { recordActivity } from '../activity/service';
import { recordAudit, systemActor, type StaffDecision } from '../audit/service';
import { currentKycStatus, duplicateFlagSql } from '../kyc/service';
import { claimForPayout, payoutStore, sendPayout } from './payouts';
import { decideWithdrawal, type DecisionNote, type WithdrawalRow } from './service';

const DAY_MS = 86_400_000;
const duplicateRow = z.object({ duplicate: z.boolean() });

/** A withdrawal as the approval rules see it: one requested (with its id) or one only quoted. */
export interface RoutedWithdrawal {
  /** The withdrawal being routed, left out of the user's last 24 hours; absent for a quote. */
  id?: number;
  userId: number;
  amount: bigint;
  currency: string;
}

/** What the approval rules look at for a withdrawal by `w`'s user. */
export async function factsOf(db: Db, w: RoutedWithdrawal, now: Date): Promise<WithdrawalFacts> {
  const [user] = await db
    .select({ createdAt: users.createdAt, securityHoldUntil: users.securityHoldUntil })
    .from(users)
    .where(eq(users.id, w.userId));
  if (!user) throw notFound(WithdrawMsg.noProfile);
  // Raw, so its columns stay qualified (a one-table select drops the table name and `id` turns ambiguous).
  const [dup] = await rowsOf(
    db,
    duplicateRow,
    sql`select ${duplicateFlagSql} as duplicate from users where ${users.id} = ${w.userId}`,
  );
  const [others] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, w.userId),
        w.id === undefined ? undefined : ne(withdrawals.id, w.id),
        ne(withdrawals.status, 'invalid'),
        gte(withdrawals.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return {
    amount: w.amount,
    otherLast24h: BigInt(others!.total),
    currency: w.currency as WithdrawalCurrency,
    kycApproved: (await currentKycStatus(db, w.userId)) === 'approved',
    securityHoldUntil: user.securityHoldUntil,
    now,
    accountCreatedAt: user.createdAt,
    duplicateFlag: dup!.duplicate,
  };
}

/**
 * The route the approval rules give `w`, as it would really be paid: 'auto' only when BTCPay is set up to
 * send it. The request and the quote both ask this, so the screen never promises what the request does not do.
 */
export async function routeOf(
  db: Db,
  settings: SiteSettings,
  w: RoutedWithdrawal,
  now: Date,
): Promise<ApprovalDecision> {
  const decision = approvalRoute(await factsOf(db, w, now), settings);
  if (decision.route === 'auto' && !payoutStore(settings, w.currency))
    return { route: 'staff', rule: 'manual-mode', reason: 'BTCPay is not configured to send payouts.' };
  return decision;
}

/**
 * Runs the approval rules on a withdrawal just requested, inside its request's transaction: records the
 * route and the rule that decided (audited, by the platform).
 */
export async function recordRoute(
  tx: DbOrTx,
  settings: SiteSettings,
  w: WithdrawalRow,
  now: Date,
): Promise<ApprovalDecision> {
  const decision = await routeOf(tx, settings, w, now);
  await tx
    .update(withdrawals)
    .set({ approvalRoute: decision.route, approvalRule: decision.rule })
    .where(eq(withdrawals.id, w.id));
  await recordAudit(tx, systemActor, {
    action: 'withdrawal.route',
    targetType: 'withdrawal',
    targetId: w.id,
    after: { withdrawalId: w.id, userId: w.userId, ...decision },
  });
  return decision;
}

/**
 * After the request commits: a withdrawal the rules approved automatically is handed to BTCPay. A BTCPay
 * that cannot be reached leaves it paying; the reconciliation job creates the payout later.
 */
export async function startAutoPayout(
  db: Db,
  settings: SiteSettings,
  id: number,
  now: Date,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  const store = w ? payoutStore(settings, w.currency) : null;
  if (w?.approvalRoute === 'auto' && w.status === 'pending' && store) {
    await claimForPayout(db, w.id, { actor: systemActor, rule: w.approvalRule ?? undefined }, now);
    try {
      await sendPayout(db, createBtcpayClient(store), w.id, now);
    } catch (err) {
      log?.warn({ err, withdrawalId: w.id }, 'BTCPay payout not created yet; the reconciliation job will retry');
    }
  }
}

export type ApprovalOutcome = 'paid' | 'sending' | 'first-approval';

/**
 * A staff member approves a pending withdrawal. A four-eyes withdrawal's first approval is recorded and
 * it waits for a second, different staff member (never the user who asked for it). Then it is paid: by
 * BTCPay when the payout mode and currency say so (pending → paying), else by hand (settled at once).
 */
export async function approveWithdrawal(
  db: Db,
  settings: SiteSettings,
  id: number,
  decision: StaffDecision & DecisionNote,
  now: Date,
  client: ClientInfo,
  log?: { warn(obj: object, msg: string): void },
): Promise<ApprovalOutcome> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound(WithdrawMsg.notFound);
  if (w.status !== 'pending') throw new AppError('WITHDRAWAL_DECIDED', WithdrawMsg.notPending);
  const approverId = decision.actor.userId!;
  const refusal = secondApprovalRefusal({ requesterId: w.userId, firstApproverId: w.firstApprovedBy, approverId });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  // One the rules never routed (asked before them, or routing failed) gets the threshold as it is now.
  const fourEyes =
    w.approvalRoute === 'four-eyes' ||
    (w.approvalRoute === null &&
      settings.fourEyesWithdrawalMin !== '' &&
      w.amount >= toCents(settings.fourEyesWithdrawalMin));
  if (fourEyes && w.firstApprovedBy === null) {
    const first = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({ firstApprovedBy: approverId, firstApprovedAt: now, updatedAt: now })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending'), isNull(withdrawals.firstApprovedBy)))
        .returning();
      if (!row) return false;
      await recordAudit(tx, decision.actor, {
        action: 'withdrawal.first_approval',
        targetType: 'withdrawal',
        targetId: id,
        before: { withdrawalId: id, status: 'pending', approvals: 0 },
        after: { withdrawalId: id, status: 'pending', approvals: 1, rule: w.approvalRule },
      });
      await recordActivity(tx, { userId: approverId, action: `First approval of withdrawal ${id}`, client });
      return true;
    });
    if (first) return 'first-approval';
    // Another staff member's first approval landed meanwhile: this one is the second, if allowed.
    return approveWithdrawal(db, settings, id, decision, now, client, log);
  }
  const store = payoutStore(settings, w.currency);
  if (!store) {
    await decideWithdrawal(db, id, 'settled', decision, now, client);
    return 'paid';
  }
  await claimForPayout(db, id, decision, now);
  await db.transaction((tx) =>
    recordActivity(tx, { userId: approverId, action: `Approved withdrawal ${id} for a BTCPay payout`, client }),
  );
  try {
    await sendPayout(db, createBtcpayClient(store), id, now);
  } catch (err) {
    log?.warn({ err, withdrawalId: id }, 'BTCPay payout not created yet; the reconciliation job will retry');
  }
  return 'sending';
}
