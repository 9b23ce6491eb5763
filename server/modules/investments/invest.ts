import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { InvestMsg, type Investment as InvestmentView } from '../../../contract/investments';
import { totalReturnCents } from '../../../contract/returns';
import type { SiteSettings } from '../../../contract/settings';
import { preparedStatement, type Db, type DbOrTx, type Placeholders } from '../../db/client';
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
  input: { planId: number; amount: bigint; userId?: number; idempotencyKey?: string },
  now: Date,
): Promise<{ investment: InvestmentView; replayed: boolean }> {
  if (input.userId !== undefined && input.userId !== caller.userId)
    throw new AppError('FORBIDDEN', InvestMsg.otherUser);
  const inv = await invest(
    db,
    settings,
    { userId: caller.userId, planId: input.planId, amount: input.amount, idempotencyKey: input.idempotencyKey },
    now,
  );
  return { investment: toInvestment(inv, inv.planName), replayed: inv.replayed };
}

/**
 * Moves `amount` from the user's available balance to invested principal and starts the
 * investment, all in one transaction (with referral bonuses). Throws NOT_FOUND (plan),
 * 422 PLAN_CLOSED / AMOUNT_OUT_OF_RANGE / EMAIL_NOT_VERIFIED / KYC_REQUIRED / INSUFFICIENT_FUNDS, 503 MAINTENANCE.
 */
export async function invest(
  db: Db,
  settings: SiteSettings,
  input: { userId: number; planId: number; amount: bigint; idempotencyKey?: string },
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
  const kyc = await kycGate(db, settings, user.id, { kind: 'invest', amount: input.amount });
  if (kyc) throw new AppError(kyc.code, kyc.message);

  try {
    return await openInvestment(db, settings, { ...user, accounts }, plan, { amount: input.amount, key }, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
      throw new AppError('INSUFFICIENT_FUNDS', InvestMsg.insufficient);
    throw err;
  }
}

/**
 * User, plan and the user's account ids (which never change once opened) in one read, outside
 * the transaction; a prepared query per database, built once.
 */
const investorAndPlanQueries = new WeakMap<Db, ReturnType<typeof prepareInvestorAndPlan>>();
const prepareInvestorAndPlan = (db: Db) =>
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
        durationDays: plans.durationDays,
      },
      accounts: sql<Record<
        UserAccountKind,
        number
      > | null>`(select json_object_agg(a.kind, a.id) from ledger_accounts a where a.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, sql.placeholder('planId')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('invest_read');
function investorAndPlan(db: Db) {
  let query = investorAndPlanQueries.get(db);
  if (!query) investorAndPlanQueries.set(db, (query = prepareInvestorAndPlan(db)));
  return query;
}

const investWriteRow = z.object({ investment_id: idNumber.nullable(), entry_id: idNumber.nullable() });
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'referrerId'> & { accounts: Record<UserAccountKind, number> };
type PlanTerms = Pick<typeof plans.$inferSelect, 'id' | 'name' | 'interestRateBp' | 'durationDays'>;
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
  input: { amount: bigint; key: string },
  now: Date,
) {
  const { key } = input;
  const attempt = async () => {
    if (!user.referrerId) return writeInvestment(db, user, plan, input.amount, key, now);
    return db.transaction(async (tx) => {
      const inv = await writeInvestment(tx, user, plan, input.amount, key, now);
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
      const first = await investmentByKey(db, key);
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
  durationDays: number;
  totalReturn: bigint;
  at: string;
  endDate: string;
}

/**
 * Entry, postings, balances, investment, transaction and notice in one statement, prepared
 * once: the hot path of investing (see `preparedStatement`). Yields no entry when the key was
 * used before.
 */
const investWrite = preparedStatement('invest_write', investWriteRow, (p: Placeholders<InvestWriteValues>) => {
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
        insert into investments (user_id, plan_id, principal, interest_rate_bp, duration_days, total_return, start_date, end_date, journal_entry_id, created_at)
        select ${p('userId')}, ${p('planId')}, ${p('amount')}, ${p('interestRateBp')}, ${p('durationDays')}, ${p('totalReturn')}, ${at}, ${p('endDate')}::timestamptz, e.id, ${at} from e
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

async function writeInvestment(
  tx: DbOrTx,
  user: UserRow,
  plan: PlanTerms,
  amount: bigint,
  key: string,
  now: Date,
): Promise<Investment | null> {
  if (amount <= 0n) throw new Error('an investment moves a positive amount');
  const terms = {
    principal: amount,
    interestRateBp: plan.interestRateBp,
    durationDays: plan.durationDays,
    totalReturn: totalReturnCents(amount, plan.interestRateBp),
    startDate: now,
    endDate: new Date(now.getTime() + plan.durationDays * DAY_MS),
  };
  const notice = noticeOf('investment.started', { amount, plan: plan.name, days: plan.durationDays });
  const [row] = await mapInsufficientFunds(() =>
    investWrite(tx, {
      key,
      userId: user.id,
      planId: plan.id,
      from: user.accounts.available,
      to: user.accounts.invested,
      amount,
      description: `Investment in ${plan.name}`,
      interestRateBp: terms.interestRateBp,
      durationDays: terms.durationDays,
      totalReturn: terms.totalReturn,
      at: now.toISOString(),
      endDate: terms.endDate.toISOString(),
      ...noticeValues(notice),
    }),
  );
  if (row!.entry_id === null) return null;
  return {
    id: row!.investment_id!,
    userId: user.id,
    planId: plan.id,
    ...terms,
    paidDays: 0,
    paidAmount: 0n,
    status: 'running',
    endedAt: null,
    journalEntryId: Number(row!.entry_id),
    createdAt: now,
  };
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
