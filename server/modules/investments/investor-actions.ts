import { and, eq } from 'drizzle-orm';
import { InvestMsg, type InvestmentChanged } from '../../../contract/investments';
import { totalReturnCents } from '../../../contract/returns';
import { schedule } from '../../../contract/schedule';
import type { SiteSettings } from '../../../contract/settings';
import type { Db, DbOrTx } from '../../db/client';
import { investments, plans } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import { platformAccount, userAccounts } from '../ledger/accounts';
import { post } from '../ledger/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { recordTransaction } from '../transactions/service';
import { holdOffAccrual } from './accrual';
import { holidaysOf, positionOf, termsOf } from './terms';
import { toInvestment } from './view';

type InvestmentRow = typeof investments.$inferSelect;

/** The caller's own running investment, locked for the change; anyone else's answers as unknown (404). */
async function ownRunning(tx: DbOrTx, caller: AuthContext, id: number): Promise<InvestmentRow> {
  await holdOffAccrual(tx);
  const [inv] = await tx
    .select()
    .from(investments)
    .where(and(eq(investments.id, id), eq(investments.userId, caller.userId)))
    .for('update');
  if (!inv) throw notFound('Investment not found');
  if (inv.status !== 'running') throw new AppError('NOT_RUNNING', InvestMsg.alreadyOver(inv.status));
  return inv;
}

async function answer(db: DbOrTx, inv: InvestmentRow, settings: SiteSettings, message: string) {
  const [plan] = await db.select({ name: plans.name }).from(plans).where(eq(plans.id, inv.planId));
  return { message, data: toInvestment(inv, plan!.name, holidaysOf(settings)) };
}

/**
 * The investor changes the share of each payout added to the principal, within the plan's range; the
 * accrual reads it under the same row lock, so it applies from the next payout.
 */
export async function setCompounding(
  db: Db,
  settings: SiteSettings,
  caller: AuthContext,
  id: number,
  percent: number,
): Promise<InvestmentChanged> {
  return db.transaction(async (tx) => {
    const inv = await ownRunning(tx, caller, id);
    const { compoundMinPercent: min, compoundMaxPercent: max } = inv;
    if (min === null || max === null) throw new AppError('BUSINESS_RULE', InvestMsg.noCompounding);
    if (percent < min || percent > max) throw new AppError('BUSINESS_RULE', InvestMsg.compoundRange(min, max));
    // The promise of a fixed term follows the new choice: what is paid plus what the schedule pays from here.
    const rest =
      inv.termPeriods === null
        ? null
        : schedule(termsOf(inv), inv.startDate, { ...positionOf(inv), compoundPercent: percent }, new Set());
    const [changed] = await tx
      .update(investments)
      .set({ compoundPercent: percent, totalReturn: rest && inv.paidAmount + rest.reduce((s, p) => s + p.amount, 0n) })
      .where(eq(investments.id, inv.id))
      .returning();
    return answer(tx, changed!, settings, InvestMsg.compoundSet(percent));
  });
}

/**
 * The investor ends an open-ended investment once its lock has passed: the principal (with what it
 * compounded) goes back to available less the plan's exit fee, which goes to the platform's fees; a plan
 * that keeps its capital moves the principal to retained_principal instead. Payouts made stay paid.
 */
export async function endInvestment(
  db: Db,
  settings: SiteSettings,
  caller: AuthContext,
  id: number,
  now: Date,
): Promise<InvestmentChanged> {
  if (settings.maintenanceMode) throw new AppError('MAINTENANCE', InvestMsg.maintenance);
  return db.transaction(async (tx) => {
    const inv = await ownRunning(tx, caller, id);
    if (inv.termPeriods !== null) throw new AppError('BUSINESS_RULE', InvestMsg.notOpenEnded);
    if (inv.paidPeriods < inv.minLockPeriods)
      throw new AppError('INVESTMENT_LOCKED', InvestMsg.locked(inv.minLockPeriods - inv.paidPeriods));
    const principal = inv.principal + inv.compounded;
    const accounts = await userAccounts(tx, inv.userId);
    const fee = inv.capitalReturned ? totalReturnCents(principal, inv.exitFeeBp) : 0n;
    const back = inv.capitalReturned ? principal - fee : 0n;
    const postings = [{ accountId: accounts.invested, amount: -principal }];
    if (back > 0n) postings.push({ accountId: accounts.available, amount: back });
    if (fee > 0n) postings.push({ accountId: await platformAccount(tx, 'fees'), amount: fee });
    if (!inv.capitalReturned)
      postings.push({ accountId: await platformAccount(tx, 'retained_principal'), amount: principal });
    const entry = await post(tx, {
      idempotencyKey: `end:${inv.id}`,
      kind: 'investment_end',
      description: inv.capitalReturned ? 'Investment ended by its investor' : 'Investment ended: principal retained',
      createdBy: caller.userId,
      postings,
    });
    const record = (
      type: 'principal_release' | 'exit_fee' | 'principal_retained',
      amount: bigint,
      description: string,
    ) =>
      recordTransaction(tx, {
        userId: inv.userId,
        type,
        amount,
        status: 'completed',
        paymentMethod: 'Balance',
        description,
        journalEntryId: entry.entryId,
        createdBy: caller.userId,
        now,
      });
    if (back > 0n) await record('principal_release', back, 'Principal returned: investment ended');
    if (fee > 0n) await record('exit_fee', fee, `Exit fee of ${inv.exitFeeBp / 100}% on ending the investment`);
    if (!inv.capitalReturned) await record('principal_retained', principal, 'Principal not returned, as the plan says');
    const [ended] = await tx
      .update(investments)
      .set({ status: 'ended', endedAt: now, nextPayoutAt: null })
      .where(eq(investments.id, inv.id))
      .returning();
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, inv.planId));
    await notifyUser(tx, {
      userId: inv.userId,
      notice: noticeOf('investment.ended', { principal, plan: plan!.name, retained: !inv.capitalReturned }),
      kind: 'investment',
    });
    return answer(tx, ended!, settings, inv.capitalReturned ? InvestMsg.ended : InvestMsg.endedRetained);
  });
}
