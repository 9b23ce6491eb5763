import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { InvestMsg, type Investment as InvestmentView } from '../../../contract/investments';
import { estimate, nextPayout, startPosition } from '../../../contract/schedule';
import type { SiteSettings } from '../../../contract/settings';
import { perDatabase, preparedStatement, type Db, type DbOrTx, type Placeholders } from '../../db/client';
import { idNumber } from '../../db/rows';
import { investments, journalEntries, plans, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { assertCanMoveMoney } from '../users/money-gate';
import type { UserAccountKind } from '../ledger/accounts';
import { transferSql } from '../ledger/entries';
import { mapInsufficientFunds } from '../ledger/service';
import { kycGate } from '../kyc/gate';
import { creditReferralBonuses, levelsToBp } from '../referrals/service';
import { noticePlaceholders, noticeValues, notifySql, type NoticeValues } from '../notifications/notify';
import { noticeOf } from '../notifications/messages';
import { insertTransactionsSql } from '../transactions/insert';
import { violatedConstraint } from '../../lib/pg-errors';
import type { AuthContext } from '../../lib/auth-context';
import { holidaysOf, termsOf } from './terms';
import { toInvestment } from './view';

export const DAY_MS = 86_400_000;

/**
 * `POST /investments` for the signed-in caller: a body naming another user is refused
 * (FORBIDDEN); otherwise as `invest`, answered as the investment view and whether it was a replay.
 */
export async function investAsCaller(
  db: Db,
  settings: SiteSettings,
  caller: AuthContext,
  input: { planId: number; amount: bigint; userId?: number; idempotencyKey?: string; compoundPercent?: number },
  now: Date,
): Promise<{ investment: InvestmentView; replayed: boolean }> {
  if (input.userId !== undefined && input.userId !== caller.userId)
    throw new AppError('FORBIDDEN', InvestMsg.otherUser);
  const inv = await invest(
    db,
    settings,
    {
      userId: caller.userId,
      planId: input.planId,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
      compoundPercent: input.compoundPercent,
    },
    now,
  );
  return { investment: toInvestment(inv, inv.planName, holidaysOf(settings)), replayed: inv.replayed };
}

/**
 * Moves `amount` from the user's available balance to invested principal and starts the
 * investment, all in one transaction (with referral bonuses). Throws NOT_FOUND (plan),
 * 422 PLAN_CLOSED / AMOUNT_OUT_OF_RANGE / EMAIL_NOT_VERIFIED / KYC_REQUIRED / INSUFFICIENT_FUNDS, 503 MAINTENANCE.
 */
export async function invest(
  db: Db,
  settings: SiteSettings,
  input: { userId: number; planId: number; amount: bigint; idempotencyKey?: string; compoundPercent?: number },
  now: Date,
) {
  const [found] = await investorAndPlan(db).execute({ userId: input.userId, planId: input.planId });
  const { user, plan, accounts } = found ?? {};
  if (!user || user.deletedAt || !accounts) throw notFound('User not found');
  const key = investKey(user.id, input.idempotencyKey);
  // A replay returns the first result, whatever has changed since (balance, plan, settings).
  const first = input.idempotencyKey ? await investmentByKey(db, key) : null;
  if (first) return first;
  assertCanMoveMoney(settings, user, 'invest', now);
  if (!plan) throw notFound('Plan not found');
  if (plan.archivedAt) throw new AppError('PLAN_CLOSED', InvestMsg.planClosed);
  if (input.amount < plan.minimumInvestment)
    throw new AppError('AMOUNT_OUT_OF_RANGE', InvestMsg.belowMin(plan.minimumInvestment));
  if (input.amount > plan.maximumInvestment)
    throw new AppError('AMOUNT_OUT_OF_RANGE', InvestMsg.aboveMax(plan.maximumInvestment));
  const compoundPercent = compoundingChosen(plan, input.compoundPercent);
  const kyc = await kycGate(db, settings, user.id, { kind: 'invest', amount: input.amount });
  if (kyc) throw new AppError(kyc.code, kyc.message);

  try {
    return await openInvestment(
      db,
      settings,
      { ...user, accounts },
      plan,
      { amount: input.amount, key, compoundPercent },
      now,
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
      throw new AppError('INSUFFICIENT_FUNDS', InvestMsg.insufficient);
    throw err;
  }
}

/** The compounding an investment starts with: the plan's least when none is asked; 422 outside its range. */
function compoundingChosen(plan: PlanTerms, asked: number | undefined): number {
  const { compoundMinPercent: min, compoundMaxPercent: max } = plan;
  if (min === null || max === null) {
    if (asked) throw new AppError('BUSINESS_RULE', InvestMsg.noCompounding);
    return 0;
  }
  if (asked === undefined) return min;
  if (asked < min || asked > max) throw new AppError('BUSINESS_RULE', InvestMsg.compoundRange(min, max));
  return asked;
}

/**
 * User, plan and the user's account ids (which never change once opened) in one read, outside
 * the transaction; a prepared query per database, built once.
 */
const investorAndPlan = perDatabase((db) =>
  db
    .select({
      user: {
        id: users.id,
        deletedAt: users.deletedAt,
        isEmailVerified: users.isEmailVerified,
        status: users.status,
        referrerId: users.referrerId,
      },
      plan: {
        id: plans.id,
        name: plans.name,
        archivedAt: plans.archivedAt,
        minimumInvestment: plans.minimumInvestment,
        maximumInvestment: plans.maximumInvestment,
        interestRateBp: plans.interestRateBp,
        payoutPeriod: plans.payoutPeriod,
        termPeriods: plans.termPeriods,
        fixedPayout: plans.fixedPayout,
        capitalReturned: plans.capitalReturned,
        workingDaysOnly: plans.workingDaysOnly,
        compoundMinPercent: plans.compoundMinPercent,
        compoundMaxPercent: plans.compoundMaxPercent,
        minLockPeriods: plans.minLockPeriods,
        exitFeeBp: plans.exitFeeBp,
        maxActivePerUser: plans.maxActivePerUser,
      },
      accounts: sql<Record<
        UserAccountKind,
        number
      > | null>`(select json_object_agg(a.kind, a.id) from ledger_accounts a where a.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, sql.placeholder('planId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('invest_read'),
);

const investWriteRow = z.object({ investment_id: idNumber.nullable(), entry_id: idNumber.nullable() });
export type UserRow = Pick<typeof users.$inferSelect, 'id' | 'referrerId'> & {
  accounts: Record<UserAccountKind, number>;
};
type PlanTerms = Pick<
  typeof plans.$inferSelect,
  | 'id'
  | 'name'
  | 'interestRateBp'
  | 'payoutPeriod'
  | 'termPeriods'
  | 'fixedPayout'
  | 'capitalReturned'
  | 'workingDaysOnly'
  | 'compoundMinPercent'
  | 'compoundMaxPercent'
  | 'minLockPeriods'
  | 'exitFeeBp'
  | 'maxActivePerUser'
  | 'maximumInvestment'
>;
type Investment = typeof investments.$inferSelect;

/**
 * Entry, postings, balances, investment, transaction and notice in one statement: one round
 * trip, atomic by itself. Referral bonuses, when the user was referred, follow in the same
 * transaction; without a referrer no explicit transaction is needed. A reference number
 * already taken (60 random bits: practically never) fails the statement, and the whole
 * attempt is made again with a fresh one.
 */
async function openInvestment(
  db: Db,
  settings: SiteSettings,
  user: UserRow,
  plan: PlanTerms,
  input: { amount: bigint; key: string; compoundPercent: number },
  now: Date,
) {
  const holidays = holidaysOf(settings);
  const write = (tx: DbOrTx) => writeInvestment(tx, user, plan, input, holidays, now);
  const attempt = async () => {
    if (!user.referrerId && plan.maxActivePerUser === null) return write(db);
    return db.transaction(async (tx) => {
      if (plan.maxActivePerUser !== null) await assertBelowCap(tx, user.id, plan.id, plan.maxActivePerUser);
      const inv = await write(tx);
      if (!inv) return null;
      await creditReferralBonuses(
        tx,
        { id: inv.id, userId: user.id, principal: input.amount },
        levelsToBp(settings.referralLevels),
        now,
      );
      return inv;
    });
  };
  for (let tries = 1; ; tries++) {
    try {
      const inv = await attempt();
      if (inv) return { ...inv, planName: plan.name, replayed: false };
      // The same key won a race a moment ago: its investment is committed by now.
      const first = await investmentByKey(db, input.key);
      if (first) return first;
      throw new AppError('DUPLICATE_REQUEST', 'This investment was already made');
    } catch (err) {
      if (tries < 3 && violatedConstraint(err) === 'transactions_reference_number_unique') continue;
      throw err;
    }
  }
}

interface InvestWriteValues extends NoticeValues {
  key: string;
  userId: number;
  planId: number;
  from: number;
  to: number;
  amount: bigint;
  description: string;
  interestRateBp: number;
  payoutPeriod: string;
  termPeriods: number | null;
  fixedPayout: bigint | null;
  capitalReturned: boolean;
  workingDaysOnly: boolean;
  compoundMinPercent: number | null;
  compoundMaxPercent: number | null;
  compoundPercent: number;
  principalCap: bigint;
  minLockPeriods: number;
  exitFeeBp: number;
  totalReturn: bigint | null;
  at: string;
  endDate: string | null;
  nextPayoutAt: string;
}

/**
 * Entry, postings, balances, investment, transaction and notice in one statement, prepared
 * once: the hot path of investing (see `preparedStatement`). Yields no entry when the key was
 * used before. The bench runs it alone as invest's baseline (scripts/bench/money.ts).
 */
export const investWrite = preparedStatement('invest_write', investWriteRow, (p: Placeholders<InvestWriteValues>) => {
  const entry = transferSql({
    entry: {
      idempotencyKey: p('key'),
      kind: sql`'investment'`,
      description: p('description'),
      createdBy: sql`${p('userId')}::bigint`,
    },
    from: p('from'),
    to: p('to'),
    amount: p('amount'),
  });
  const at = sql`${p('at')}::timestamptz`;
  return sql`with ${entry},
      inv as (
        insert into investments (user_id, plan_id, principal, interest_rate_bp, payout_period, term_periods, fixed_payout,
          capital_returned, working_days_only, compound_min_percent, compound_max_percent, compound_percent, principal_cap,
          min_lock_periods, exit_fee_bp, total_return, start_date, end_date, next_payout_at, journal_entry_id, created_at)
        select ${p('userId')}, ${p('planId')}, ${p('amount')}, ${p('interestRateBp')}, ${p('payoutPeriod')}::payout_period,
          ${p('termPeriods')}::int, ${p('fixedPayout')}::bigint, ${p('capitalReturned')}::boolean, ${p('workingDaysOnly')}::boolean,
          ${p('compoundMinPercent')}::int, ${p('compoundMaxPercent')}::int, ${p('compoundPercent')}::int, ${p('principalCap')}::bigint,
          ${p('minLockPeriods')}::int, ${p('exitFeeBp')}::int, ${p('totalReturn')}::bigint, ${at}, ${p('endDate')}::timestamptz,
          ${p('nextPayoutAt')}::timestamptz, e.id, ${at} from e
        returning id
      ), t as (${insertTransactionsSql(
        {
          userId: p('userId'),
          type: sql`'investment'`,
          amount: p('amount'),
          status: sql`'completed'`,
          paymentMethod: sql`'Balance'`,
          description: p('description'),
          journalEntryId: sql`e.id`,
          createdAt: at,
        },
        sql`e`,
      )}
      ), ${notifySql({ recipientId: p('userId'), notice: noticePlaceholders(p), kind: sql`'investment'` }, sql`inv`)}
      select (select id from inv) as investment_id, (select id from e) as entry_id`;
});

/**
 * What `investWrite` writes for this investment: the terms copied from the plan, the schedule's
 * first payout and promise, the entry's accounts and the notice (the key aside).
 */
export function investmentValues(
  user: UserRow,
  plan: PlanTerms,
  input: { amount: bigint; compoundPercent: number },
  holidays: ReadonlySet<string>,
  now: Date,
) {
  const { amount, compoundPercent } = input;
  if (amount <= 0n) throw new Error('an investment moves a positive amount');
  const schedule = termsOf(plan);
  const promise = estimate(schedule, now, amount, compoundPercent, holidays);
  const first = nextPayout(schedule, now, startPosition(amount, compoundPercent), holidays)!;
  const copied = {
    interestRateBp: plan.interestRateBp,
    payoutPeriod: plan.payoutPeriod,
    termPeriods: plan.termPeriods,
    fixedPayout: plan.fixedPayout,
    capitalReturned: plan.capitalReturned,
    workingDaysOnly: plan.workingDaysOnly,
    compoundMinPercent: plan.compoundMinPercent,
    compoundMaxPercent: plan.compoundMaxPercent,
    compoundPercent,
    principalCap: plan.maximumInvestment,
    minLockPeriods: plan.minLockPeriods,
    exitFeeBp: plan.exitFeeBp,
    totalReturn: plan.termPeriods === null ? null : promise.returns,
  };
  const endDate = plan.termPeriods === null ? null : promise.endsAt;
  const notice = noticeOf('investment.started', {
    amount,
    plan: plan.name,
    period: plan.payoutPeriod,
    payouts: plan.termPeriods,
  });
  const values: Omit<InvestWriteValues, 'key'> = {
    userId: user.id,
    planId: plan.id,
    from: user.accounts.available,
    to: user.accounts.invested,
    amount,
    description: `Investment in ${plan.name}`,
    ...copied,
    at: now.toISOString(),
    endDate: endDate?.toISOString() ?? null,
    nextPayoutAt: first.at.toISOString(),
    ...noticeValues(notice),
  };
  return { values, copied, endDate, nextPayoutAt: first.at };
}

async function writeInvestment(
  tx: DbOrTx,
  user: UserRow,
  plan: PlanTerms,
  input: { amount: bigint; key: string; compoundPercent: number },
  holidays: ReadonlySet<string>,
  now: Date,
): Promise<Investment | null> {
  const { values, copied, endDate, nextPayoutAt } = investmentValues(user, plan, input, holidays, now);
  const [row] = await mapInsufficientFunds(() => investWrite(tx, { ...values, key: input.key }));
  if (row!.entry_id === null) return null;
  return {
    id: row!.investment_id!,
    userId: user.id,
    planId: plan.id,
    principal: input.amount,
    compounded: 0n,
    ...copied,
    paidPeriods: 0,
    lastBoundary: 0,
    carry: 0n,
    nextPayoutAt,
    paidAmount: 0n,
    status: 'running',
    startDate: now,
    endDate,
    endedAt: null,
    journalEntryId: Number(row!.entry_id),
    createdAt: now,
  };
}

/**
 * Refuses an investment beyond the plan's cap on running investments per investor. The user's row is
 * locked first, so two concurrent requests count one after the other. `no key update` is enough for
 * that and does not wait for the key-share locks that rows naming the user take (an accrual batch's
 * transactions hold them on its users until it commits).
 */
async function assertBelowCap(tx: DbOrTx, userId: number, planId: number, cap: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.planId, planId), eq(investments.status, 'running')));
  if (row!.n >= cap) throw new AppError('PLAN_LIMIT_REACHED', InvestMsg.planLimit(cap));
}

const investKey = (userId: number, idempotencyKey: string | undefined) =>
  `invest:${idempotencyKey ? `${userId}:${idempotencyKey}` : randomUUID()}`;

/** The investment an earlier request with this key made, as that request answered it. */
async function investmentByKey(db: DbOrTx, key: string) {
  const [found] = await db
    .select({ investment: investments, planName: plans.name })
    .from(investments)
    .innerJoin(journalEntries, eq(journalEntries.id, investments.journalEntryId))
    .innerJoin(plans, eq(plans.id, investments.planId))
    .where(eq(journalEntries.idempotencyKey, key));
  return found ? { ...found.investment, planName: found.planName, replayed: true } : null;
}
