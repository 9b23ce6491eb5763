import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { count, idNumber, rowsOf } from '../../db/rows';
import { platformAccount } from '../ledger/accounts';
import { entriesSql } from '../ledger/entries';
import { noticeFromSql, notifySql } from '../notifications/notify';
import { insertTransactionsSql } from '../transactions/insert';

const ACCRUAL_LOCK_KEY = 7_331_102;

const sequencesRow = z.object({ entry_seq: idNumber, transaction_seq: idNumber });
const boundRow = z.object({ upto: idNumber });
const payoutsRow = z.object({ payouts: count });
const endedRow = z.object({ ended: count });

export interface AccrualResult {
  payouts: number;
  ended: number;
}

/** What a batch statement needs besides its user range: fixed for one run. */
export interface AccrualContext {
  now: Date;
  /** The platform interest_expense account. */
  interestAccount: number;
  /** OIDs of the identity sequences of journal_entries.id and transactions.id. */
  entrySeq: number;
  transactionSeq: number;
}

/**
 * Pays every due, unpaid day of every running investment, in batches of whole users'
 * investments, each batch one transaction of set-based statements (no per-row round trips
 * from Node): return rows, journal entries, postings, transactions and balances together.
 * Day k is due once k whole days have passed since the start. Idempotent: an investment's
 * `paid_days` and its paid days' return rows, journal entries and transactions are written
 * in the same transaction, under one advisory lock, so a second run (or a concurrent one)
 * pays nothing twice and a run after downtime catches up every missed day. Only investments
 * with a due, unpaid day (or a fully paid one still running) make up the batches, so a run
 * when nothing is due is one read of the running investments and no batch. Investments whose
 * last day is paid release their principal and end.
 */
export async function accrueDueReturns(
  db: Db,
  now: Date,
  opts: {
    batchSize?: number;
    /** Test hook: runs inside each batch's transaction, before commit. */ beforeCommit?: (batch: number) => void;
  } = {},
): Promise<AccrualResult> {
  const batchSize = opts.batchSize ?? 5_000;
  const ctx = await accrualContext(db, now);
  const total: AccrualResult = { payouts: 0, ended: 0 };
  let afterUser = 0;
  for (const [batch, uptoUser] of (await batchBounds(db, batchSize, now)).entries()) {
    const result = await db.transaction(async (tx) => {
      const payouts = await payBatch(tx, afterUser, uptoUser, ctx);
      const ended = await releaseFinished(tx, afterUser, uptoUser, ctx);
      opts.beforeCommit?.(batch);
      return { payouts, ended };
    });
    total.payouts += result.payouts;
    total.ended += result.ended;
    afterUser = uptoUser;
  }
  return total;
}

export async function accrualContext(db: DbOrTx, now: Date): Promise<AccrualContext> {
  const interestAccount = await platformAccount(db, 'interest_expense');
  const [seq] = await rowsOf(
    db,
    sequencesRow,
    sql`select pg_get_serial_sequence('journal_entries', 'id')::regclass::oid as entry_seq, pg_get_serial_sequence('transactions', 'id')::regclass::oid as transaction_seq`,
  );
  return { now, interestAccount, entrySeq: seq!.entry_seq, transactionSeq: seq!.transaction_seq };
}

/** Whole days (of 86,400 s) since the start: day k is due once this reaches k. */
const elapsedDays = (now: Date) =>
  sql`floor(extract(epoch from (${now.toISOString()}::timestamptz - i.start_date)) / 86400)::int`;

/**
 * Whether day `paid_days + 1` is due: the same test as `elapsedDays >= paid_days + 1`, as an
 * exact interval comparison (an interval compares a day as 86,400 s) without the numeric
 * division, because the search for due investments evaluates it on every running one.
 */
const nextDayDue = (now: Date) =>
  sql`${now.toISOString()}::timestamptz - i.start_date >= make_interval(days => i.paid_days + 1)`;

/** The two forms of "day paid_days + 1 is due" over a relation `i`, exported for the test that they agree. */
export const dueDayTests = { elapsedDays, nextDayDue };

/**
 * The batches, as the last user id of each: the running investments that have a due, unpaid
 * day (or are fully paid but not yet released), grouped by user and cut into runs of about
 * `batchSize` investments, a user's investments never split. Batching by user updates each
 * user's cached balance once per run however many investments they hold. Read outside the
 * batches' lock, so a batch may hold days a concurrent run has just paid: it re-reads
 * `paid_days` under the lock and pays only what is still unpaid. Nothing becomes due during a
 * run (`now` is fixed), so no investment is left out.
 */
async function batchBounds(db: DbOrTx, batchSize: number, now: Date): Promise<number[]> {
  const rows = await rowsOf(
    db,
    boundRow,
    sql`select max(user_id) as upto
        from (
          select i.user_id, (sum(count(*)) over (order by i.user_id))::bigint as through
          from investments i
          where i.status = 'running' and (i.paid_days >= i.duration_days or ${nextDayDue(now)})
          group by i.user_id
        ) u
        group by (through - 1) / ${batchSize}
        order by upto`,
  );
  return rows.map((r) => r.upto);
}

/**
 * The running investments of the users in (afterUser, uptoUser]. The status is compared as
 * text so that the partial index of running investments cannot serve it: the planner then
 * reads the user range alone, where it used to AND in the whole running index on a table
 * without statistics yet (every running investment read again by every batch).
 */
const inBatch = (alias: string, afterUser: number, uptoUser: number) =>
  sql`${sql.identifier(alias)}.status::text = 'running' and ${sql.identifier(alias)}.user_id > ${afterUser} and ${sql.identifier(alias)}.user_id <= ${uptoUser}`;

async function payBatch(tx: DbOrTx, afterUser: number, uptoUser: number, ctx: AccrualContext): Promise<number> {
  // One accrual batch at a time across every instance; a concurrent run waits here, then
  // (its statements reading after the other commits) finds those days paid.
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCRUAL_LOCK_KEY})`);
  // generate_series is estimated at 1000 rows per investment, which makes PostgreSQL
  // JIT-compile the statement on every batch (measured: ~0.5 s per batch); the work is simple.
  await tx.execute(sql`set local jit = off`);
  const [row] = await rowsOf(tx, payoutsRow, payBatchSql(afterUser, uptoUser, ctx));
  return row!.payouts;
}

/**
 * The one statement that pays a batch (exported so a benchmark can EXPLAIN it). Every due
 * day is listed once, with its transaction id drawn from the identity sequence up front, so
 * each insert reads that list directly instead of joining back on keys. The batch's payouts
 * are one journal entry: the interest account pays the batch total, each user's available
 * account receives their sum, and every return row names the entry (`ledger:verify` checks
 * that an entry's return rows add up to what it paid). Nothing is skipped on conflict: a
 * day's return row already existing while `paid_days` says unpaid is a broken invariant, and
 * the unique violation aborts the batch.
 */
export function payBatchSql(afterUser: number, uptoUser: number, ctx: AccrualContext): SQL {
  const now = ctx.now.toISOString();
  return sql`
    with due as materialized (
      select i.id as investment_id, i.user_id, g.day,
             case when g.day = i.duration_days then i.total_return - (i.total_return / i.duration_days) * (i.duration_days - 1)
                  else i.total_return / i.duration_days end as amount,
             i.start_date + make_interval(days => g.day) as payout_date
      from investments i
      cross join lateral generate_series(i.paid_days + 1, least(i.duration_days, ${elapsedDays(ctx.now)})) as g(day)
      where ${inBatch('i', afterUser, uptoUser)}
    ),
    paid as materialized (
      select d.*, a.id as account_id,
             case when d.amount > 0 then nextval(${ctx.transactionSeq}::oid::regclass) end as transaction_id
      from due d
      left join ledger_accounts a on a.user_id = d.user_id and a.kind = 'available' and a.user_id > ${afterUser} and a.user_id <= ${uptoUser}
    ),
    -- One journal entry for the batch's payouts, one posting per user: the ledger grows by the
    -- number of paid users, not of paid investment days, and each return row names its entry.
    batch as materialized (
      select nextval(${ctx.entrySeq}::oid::regclass) as entry_id, count(*) as days, sum(amount) as total
      from paid where amount > 0 having count(*) > 0
    ),
    ${entriesSql({
      entries: {
        id: sql`entry_id`,
        idempotencyKey: sql`'accrual:' || entry_id`,
        kind: sql`'daily_return'`,
        description: sql`'Daily returns, ' || days || ' investment days'`,
        createdAt: sql`${now}::timestamptz`,
        from: sql`batch`,
      },
      postings: sql`
        select entry_id, ${ctx.interestAccount}::bigint, -total from batch
        union all
        select b.entry_id, s.account_id, s.total
        from batch b cross join (select account_id, sum(amount) as total from paid where amount > 0 group by account_id) s`,
      accounts: sql`a.user_id > ${afterUser} and a.user_id <= ${uptoUser}`,
    })},
    txs as (${insertTransactionsSql(
      {
        id: sql`p.transaction_id`,
        userId: sql`p.user_id`,
        type: sql`'return'`,
        amount: sql`p.amount`,
        status: sql`'completed'`,
        paymentMethod: sql`'Balance'`,
        description: sql`'Daily return, day ' || p.day`,
        journalEntryId: sql`b.entry_id`,
        createdAt: sql`p.payout_date`,
      },
      sql`paid p cross join batch b where p.amount > 0`,
    )}
    ),
    returns as (
      insert into return_updates (investment_id, day_index, amount, payout_date, journal_entry_id, transaction_id, created_at)
      select p.investment_id, p.day, p.amount, p.payout_date, case when p.amount > 0 then (select entry_id from batch) end, p.transaction_id, ${now}::timestamptz from paid p
    ),
    progress as (
      update investments i set paid_days = s.last_day, paid_amount = i.paid_amount + s.total
      from (select investment_id, max(day) as last_day, sum(amount) as total from paid group by investment_id) s
      -- No status test: an admin cancel committed since the due days were read must not leave
      -- a day paid above yet missing from paid_days (days already paid stay paid).
      where i.id = s.investment_id and i.user_id > ${afterUser} and i.user_id <= ${uptoUser}
    )
    select count(*) as payouts from paid
  `;
}

/**
 * Investments whose every day is paid: principal back to available, status ended. As for the
 * payouts, entry ids come from the sequence up front, and a release key already taken aborts
 * the batch rather than ending an investment without moving its principal.
 */
async function releaseFinished(tx: DbOrTx, afterUser: number, uptoUser: number, ctx: AccrualContext): Promise<number> {
  const now = ctx.now.toISOString();
  const [row] = await rowsOf(
    tx,
    endedRow,
    sql`
    with done as (
      update investments set status = 'ended', ended_at = ${now}::timestamptz
      where ${inBatch('investments', afterUser, uptoUser)} and paid_days = duration_days
      returning id, user_id, principal
    ),
    rel as materialized (
      select d.id, d.user_id, d.principal,
             nextval(${ctx.entrySeq}::oid::regclass) as entry_id,
             (select a.id from ledger_accounts a where a.user_id = d.user_id and a.kind = 'invested') as invested_account,
             (select a.id from ledger_accounts a where a.user_id = d.user_id and a.kind = 'available') as available_account
      from done d
    ),
    ${entriesSql({
      entries: {
        id: sql`entry_id`,
        idempotencyKey: sql`'release:' || id`,
        kind: sql`'principal_release'`,
        description: sql`'Principal released'`,
        createdAt: sql`${now}::timestamptz`,
        from: sql`rel`,
      },
      postings: sql`
        select entry_id, invested_account, -principal from rel
        union all
        select entry_id, available_account, principal from rel`,
    })},
    txs as (${insertTransactionsSql(
      {
        userId: sql`user_id`,
        type: sql`'principal_release'`,
        amount: sql`principal`,
        status: sql`'completed'`,
        paymentMethod: sql`'Balance'`,
        description: sql`'Principal released at the end of the plan'`,
        journalEntryId: sql`entry_id`,
        createdAt: sql`${now}::timestamptz`,
      },
      sql`rel`,
    )}
    ),
    -- The "investment ended" notices, set-based in the same statement as the release.
    ${notifySql(
      {
        recipientId: sql`r.user_id`,
        notice: noticeFromSql('investment.ended', { principal: sql`r.principal::text`, plan: sql`p.name` }),
        kind: sql`'investment'`,
        createdAt: sql`${now}::timestamptz`,
      },
      sql`rel r join investments i on i.id = r.id join plans p on p.id = i.plan_id`,
    )}
    select count(*) as ended from rel
  `,
  );
  return row!.ended;
}
