import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { driverOf, type Db, type DbOrTx, type Driver } from '../../db/client';
import {
  PAYOUT_PERIODS,
  dueAndNext,
  type Payout,
  type PayoutPeriod,
  type Position,
  type Terms,
} from '../../../contract/schedule';
import { count, idNumber, rowsOf } from '../../db/rows';
import { platformAccount } from '../ledger/accounts';
import { entriesSql, entryBalancesSql } from '../ledger/entries';
import { noticeFromSql, notifySql } from '../notifications/notify';
import { insertTransactionsSql } from '../transactions/insert';
import { nextTurn } from '../../lib/event-loop';

const ACCRUAL_LOCK_KEY = 7_331_102;

/**
 * Investments per batch (whole users' investments, so about): one transaction each. Each batch costs
 * about 7 ms of its own (round trips, commit), 7% of a run at 1,000; the users' accounts are locked
 * for the balances statement only, so a bigger batch hardly delays their own operations, but an
 * investor's end or compounding change (`holdOffAccrual`) waits for a whole batch (~130 ms).
 */
export const ACCRUAL_BATCH_SIZE = 2_500;

/**
 * PGlite runs in the server's own thread and answers synchronously, so a batch holds every request
 * (and the event loop) for as long as it runs: ~400 ms at 2,500 investments, ~5.5 ms at 30, ~4.3 ms
 * at 20 (about 2 ms of it the batch's own statements and commit). Measured over 100,000: an
 * invest's p99 while the run goes 9.5-12 ms at 20 and 13 ms at 30 (59 ms at 100, over a second at
 * 2,500); the run takes ~20% longer at 20 than at 30.
 */
export const PGLITE_ACCRUAL_BATCH_SIZE = 20;

/** The batch size for the database under `driver`. */
export const accrualBatchSize = (driver: Driver) =>
  driver === 'pglite' ? PGLITE_ACCRUAL_BATCH_SIZE : ACCRUAL_BATCH_SIZE;

/**
 * Taken (shared) by anything that changes a running investment's terms or ends it, inside its
 * transaction: it waits for an accrual batch in progress, and a batch waits for it, so a batch
 * never pays on a position changed under it (without locking every row it reads).
 */
export const holdOffAccrual = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock_shared(${ACCRUAL_LOCK_KEY})`);

const sequencesRow = z.object({ entry_seq: idNumber, transaction_seq: idNumber });
const boundRow = z.object({ upto: idNumber });
const payoutsRow = z.object({ payouts: count, entry_id: idNumber.nullable() });
const endedRow = z.object({ ended: count });
const dueJsonRow = z.object({ due: z.string(), complete: z.boolean() });

/** A running investment with a payout due: its terms and its position. */
export interface DueRow {
  id: number;
  user_id: number;
  start_date: Date;
  payout_period: PayoutPeriod;
  term_periods: number | null;
  interest_rate_bp: number;
  fixed_payout: bigint | null;
  capital_returned: boolean;
  working_days_only: boolean;
  principal: bigint;
  compounded: bigint;
  paid_periods: number;
  last_boundary: number;
  carry: bigint;
  compound_percent: number;
  principal_cap: bigint;
}

/**
 * The due investments of a batch come back as one JSON text of arrays, not as a row set: a driver
 * converts every value of a row set in JS, and 5,000 rows of 16 columns took PGlite about 100 ms
 * where one JSON.parse of the same takes about 30. Money travels as text so it stays exact; the
 * order here is `dueFromJson`'s.
 */
const dueJsonSql = (afterUser: number, uptoUser: number, now: Date) =>
  sql`select coalesce(json_agg(json_build_array(i.id, i.user_id, floor(extract(epoch from i.start_date) * 1000)::bigint,
        i.payout_period, i.term_periods, i.interest_rate_bp, i.fixed_payout::text, i.capital_returned,
        i.working_days_only, i.principal::text, i.compounded::text, i.paid_periods, i.last_boundary, i.carry::text,
        i.compound_percent, i.principal_cap::text)), '[]')::text as due,
        exists (select 1 from investments c where ${inBatch('c', afterUser, uptoUser)} and c.paid_periods = c.term_periods) as complete
      from investments i where ${inBatch('i', afterUser, uptoUser)} and i.next_payout_at <= ${now.toISOString()}::timestamptz`;

/**
 * The running investments of the users in (afterUser, uptoUser] with a payout due by `now`, and
 * whether any of theirs already stands complete (every payout made, not yet released).
 */
export async function readBatch(
  tx: DbOrTx,
  afterUser: number,
  uptoUser: number,
  now: Date,
): Promise<{ due: DueRow[]; complete: boolean }> {
  const [read] = await rowsOf(tx, dueJsonRow, dueJsonSql(afterUser, uptoUser, now));
  return { due: (JSON.parse(read!.due) as unknown[]).map(dueFromJson), complete: read!.complete };
}

/** A safe integer from the batch's JSON, or a thrown error (a shape that is not ours is a bug). */
function int(v: unknown): number {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  throw new TypeError(`accrual batch: expected an integer, got ${typeof v}`);
}
const INTEGER_TEXT = /^-?\d+$/;
/** Integer cents from their text. */
function money(v: unknown): bigint {
  if (typeof v === 'string' && INTEGER_TEXT.test(v)) return BigInt(v);
  throw new TypeError(`accrual batch: expected integer text, got ${typeof v}`);
}
function bool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  throw new TypeError(`accrual batch: expected a boolean, got ${typeof v}`);
}
function period(v: unknown): PayoutPeriod {
  if ((PAYOUT_PERIODS as readonly unknown[]).includes(v)) return v as PayoutPeriod;
  throw new TypeError('accrual batch: not a payout period');
}

/** One element of `dueJsonSql`'s array, checked and typed. */
export function dueFromJson(t: unknown): DueRow {
  if (!Array.isArray(t) || t.length !== 16) throw new TypeError('accrual batch: expected an array of 16 values');
  return {
    id: int(t[0]),
    user_id: int(t[1]),
    start_date: new Date(int(t[2])),
    payout_period: period(t[3]),
    term_periods: t[4] === null ? null : int(t[4]),
    interest_rate_bp: int(t[5]),
    fixed_payout: t[6] === null ? null : money(t[6]),
    capital_returned: bool(t[7]),
    working_days_only: bool(t[8]),
    principal: money(t[9]),
    compounded: money(t[10]),
    paid_periods: int(t[11]),
    last_boundary: int(t[12]),
    carry: money(t[13]),
    compound_percent: int(t[14]),
    principal_cap: money(t[15]),
  };
}

export interface AccrualResult {
  payouts: number;
  ended: number;
}

/** What a batch statement needs besides its user range: fixed for one run. */
export interface AccrualContext {
  now: Date;
  /** The operator's holidays (working-days plans pay nothing on them). */
  holidays: ReadonlySet<string>;
  /** The platform interest_expense and retained_principal accounts. */
  interestAccount: number;
  retainedAccount: number;
  /** OIDs of the identity sequences of journal_entries.id and transactions.id. */
  entrySeq: number;
  transactionSeq: number;
}

/**
 * Pays every due, unpaid payout of every running investment, in batches of whole users'
 * investments, each batch one transaction: one read of its due investments (locked), the payouts
 * computed by the schedule every screen shows (contract/schedule.ts: catch-up in order, compounding
 * included), then one set-based statement writing return rows, journal entry, postings, transactions
 * and positions together (no per-row round trips), and a short one moving the users' balances last,
 * so their accounts are locked briefly. Idempotent: an investment's position and
 * its payouts are written in the same transaction under one advisory lock, so a second run (or a
 * concurrent one) pays nothing twice and a run after downtime pays every missed period once, in
 * order. `next_payout_at` says which investments are due, so a run when nothing is due is one index
 * read. Investments whose term is complete return (or, when their plan keeps it, retain) their
 * principal and end.
 */
export async function accrueDueReturns(
  db: Db,
  now: Date,
  opts: {
    batchSize?: number;
    holidays?: ReadonlySet<string>;
    /** Test hook: runs inside each batch's transaction, before commit. */ beforeCommit?: (batch: number) => void;
  } = {},
): Promise<AccrualResult> {
  const batchSize = opts.batchSize ?? accrualBatchSize(driverOf(db));
  const ctx = await accrualContext(db, now, opts.holidays ?? new Set());
  const total: AccrualResult = { payouts: 0, ended: 0 };
  let afterUser = 0;
  for (const [batch, uptoUser] of (await batchBounds(db, batchSize, now)).entries()) {
    const result = await db.transaction(async (tx) => {
      const { payouts, complete } = await payBatch(tx, afterUser, uptoUser, ctx);
      // Most days end nothing: the release statement runs only when an investment stands complete.
      const ended = complete ? await releaseFinished(tx, afterUser, uptoUser, ctx) : 0;
      opts.beforeCommit?.(batch);
      return { payouts, ended };
    });
    total.payouts += result.payouts;
    total.ended += result.ended;
    afterUser = uptoUser;
    // What arrived during the batch (a request, a timer) runs before the next one. On PGlite nothing
    // else would let it: a run used to keep the whole server from answering until it ended
    // (measured: 4.3 s over 30,000 investments).
    await nextTurn();
  }
  return total;
}

export async function accrualContext(db: DbOrTx, now: Date, holidays: ReadonlySet<string>): Promise<AccrualContext> {
  const interestAccount = await platformAccount(db, 'interest_expense');
  const retainedAccount = await platformAccount(db, 'retained_principal');
  const [seq] = await rowsOf(
    db,
    sequencesRow,
    sql`select pg_get_serial_sequence('journal_entries', 'id')::regclass::oid as entry_seq, pg_get_serial_sequence('transactions', 'id')::regclass::oid as transaction_seq`,
  );
  return {
    now,
    holidays,
    interestAccount,
    retainedAccount,
    entrySeq: seq!.entry_seq,
    transactionSeq: seq!.transaction_seq,
  };
}

/** Running investments with a payout due, or a complete term not yet released. */
const dueOrDone = (now: Date) =>
  sql`i.status = 'running' and (i.next_payout_at <= ${now.toISOString()}::timestamptz or i.paid_periods = i.term_periods)`;

/**
 * The batches, as the last user id of each: the running investments that are due (or complete but
 * not yet released), grouped by user and cut into runs of about `batchSize` investments, a user's
 * investments never split. Batching by user updates each user's cached balance once per run however
 * many investments they hold. Read outside the batches' lock, so a batch may hold payouts a
 * concurrent run has just made: it re-reads the positions under the lock and pays only what is still
 * due. Nothing becomes due during a run (`now` is fixed), so no investment is left out. Exported
 * for the benchmark's same-rows baseline, which writes the same batches.
 */
export async function batchBounds(db: DbOrTx, batchSize: number, now: Date): Promise<number[]> {
  const rows = await rowsOf(
    db,
    boundRow,
    sql`select max(user_id) as upto
        from (
          select i.user_id, (sum(count(*)) over (order by i.user_id))::bigint as through
          from investments i
          where ${dueOrDone(now)}
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

/** One payout to write, and the position an investment ends the batch at. */
interface PayoutRow {
  investment: number;
  user: number;
  payout: Payout;
}
interface PositionRow {
  investment: number;
  pos: Position;
  compoundedAdd: bigint;
  paidAdd: bigint;
  next: Date | null;
  /** Every payout of its term made after this batch: the release ends it. */
  completes: boolean;
}

/** What the schedule pays each due investment by `now`, and where each then stands. */
export function duePayouts(rows: DueRow[], ctx: Pick<AccrualContext, 'now' | 'holidays'>) {
  const payouts: PayoutRow[] = [];
  const positions: PositionRow[] = [];
  for (const r of rows) {
    const terms: Terms = {
      period: r.payout_period,
      term: r.term_periods,
      rateBp: r.interest_rate_bp,
      fixedPayout: r.fixed_payout,
      capitalReturned: r.capital_returned,
      workingDaysOnly: r.working_days_only,
      principalCap: r.principal_cap,
    };
    const start: Position = {
      principal: r.principal + r.compounded,
      paid: r.paid_periods,
      boundary: r.last_boundary,
      carry: r.carry,
      compoundPercent: r.compound_percent,
    };
    const { due, next } = dueAndNext(terms, r.start_date, start, ctx.holidays, ctx.now);
    const pos = due.at(-1)?.after ?? start;
    for (const payout of due) payouts.push({ investment: r.id, user: r.user_id, payout });
    positions.push({
      investment: r.id,
      pos,
      compoundedAdd: pos.principal - start.principal,
      paidAdd: due.reduce((s, p) => s + p.amount, 0n),
      next: next?.at ?? null,
      completes: r.term_periods !== null && pos.paid === r.term_periods,
    });
  }
  return { payouts, positions };
}

/** A PostgreSQL array literal of integers, or of ISO times, for one bound parameter. */
const intArray = (xs: readonly (number | bigint)[]) => `{${xs.join(',')}}`;
const timeArray = (xs: readonly (Date | null)[]) => `{${xs.map((x) => (x ? x.toISOString() : 'NULL')).join(',')}}`;

/** Pays the batch; `complete` when, after it, an investment of the batch has made every payout. */
async function payBatch(
  tx: DbOrTx,
  afterUser: number,
  uptoUser: number,
  ctx: AccrualContext,
): Promise<{ payouts: number; complete: boolean }> {
  // One accrual batch at a time across every instance; a concurrent run waits here, then
  // (its statements reading after the other commits) finds those payouts made.
  // JIT off for the batch's statements (set_config local to the transaction), in the same round trip.
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCRUAL_LOCK_KEY}), set_config('jit', 'off', true)`);
  // Read under the lock: an investor's compounding change or end (`holdOffAccrual`) waits for the batch.
  const read = await readBatch(tx, afterUser, uptoUser, ctx.now);
  if (read.due.length === 0) return { payouts: 0, complete: read.complete };
  const { payouts, positions } = duePayouts(read.due, ctx);
  const [row] = await rowsOf(tx, payoutsRow, payBatchSql(afterUser, uptoUser, ctx, payouts, positions));
  // The users' balances in a short statement of their own: their account rows are locked from here
  // to commit, not for the whole batch statement, so a user's invest or withdrawal waits a few ms at
  // most. Before the release, which may take back from invested what this batch compounded into it.
  if (row!.entry_id !== null) await tx.execute(entryBalancesSql(row!.entry_id));
  return { payouts: row!.payouts, complete: read.complete || positions.some((p) => p.completes) };
}

/**
 * The one statement that pays a batch (exported so a benchmark can EXPLAIN it): the payouts and
 * positions arrive as arrays, one per column. Every payout gets its transaction id (and its
 * compounding transaction's) from the identity sequence up front, so each insert reads that list
 * directly instead of joining back on keys. The batch's payouts are one journal entry: the interest
 * account pays the batch total, each user's available account receives what was paid out and their
 * invested account what compounded, and every return row names the entry (`ledger:verify` checks that
 * an entry's return rows add up to what it paid). Nothing is skipped on conflict: a payout's return
 * row already existing is a broken invariant, and the unique violation aborts the batch.
 */
export function payBatchSql(
  afterUser: number,
  uptoUser: number,
  ctx: AccrualContext,
  payouts: PayoutRow[],
  positions: PositionRow[],
): SQL {
  const now = ctx.now.toISOString();
  const inRange = sql`a.user_id > ${afterUser} and a.user_id <= ${uptoUser}`;
  return sql`
    with due as materialized (
      select * from unnest(
        ${intArray(payouts.map((p) => p.investment))}::bigint[], ${intArray(payouts.map((p) => p.user))}::bigint[],
        ${intArray(payouts.map((p) => p.payout.number))}::int[], ${intArray(payouts.map((p) => p.payout.amount))}::bigint[],
        ${intArray(payouts.map((p) => p.payout.compounded))}::bigint[], ${timeArray(payouts.map((p) => p.payout.at))}::timestamptz[]
      ) as d(investment_id, user_id, day, amount, compounded, payout_date)
    ),
    paid as materialized (
      select d.*, a.id as account_id, v.id as invested_account,
             case when d.amount > 0 then nextval(${ctx.transactionSeq}::oid::regclass) end as transaction_id,
             case when d.compounded > 0 then nextval(${ctx.transactionSeq}::oid::regclass) end as compound_transaction_id
      from due d
      left join ledger_accounts a on a.user_id = d.user_id and a.kind = 'available' and ${inRange}
      left join ledger_accounts v on v.user_id = d.user_id and v.kind = 'invested' and v.user_id > ${afterUser} and v.user_id <= ${uptoUser}
    ),
    -- One journal entry for the batch's payouts, one posting per user account: the ledger grows by
    -- the number of paid users, not of payouts, and each return row names its entry.
    batch as materialized (
      select nextval(${ctx.entrySeq}::oid::regclass) as entry_id, count(*) as days, sum(amount) as total
      from paid where amount > 0 having count(*) > 0
    ),
    ${entriesSql({
      entries: {
        id: sql`entry_id`,
        idempotencyKey: sql`'accrual:' || entry_id`,
        kind: sql`'daily_return'`,
        description: sql`'Returns, ' || days || ' payouts'`,
        createdAt: sql`${now}::timestamptz`,
        from: sql`batch`,
      },
      postings: sql`
        select entry_id, ${ctx.interestAccount}::bigint, -total from batch
        union all
        select b.entry_id, s.account_id, s.total
        from batch b cross join (
          select account_id, sum(amount - compounded) as total from paid group by account_id
          union all
          select invested_account, sum(compounded) from paid group by invested_account
        ) s where s.total > 0`,
      balances: false,
    })},
    txs as (${insertTransactionsSql(
      {
        id: sql`x.id`,
        userId: sql`x.user_id`,
        type: sql`x.type::transaction_type`,
        amount: sql`x.amount`,
        status: sql`'completed'`,
        paymentMethod: sql`'Balance'`,
        description: sql`x.description`,
        journalEntryId: sql`b.entry_id`,
        createdAt: sql`x.payout_date`,
      },
      sql`(
        select transaction_id as id, user_id, 'return' as type, amount, 'Return, payout ' || day as description, payout_date
        from paid where amount > 0
        union all
        select compound_transaction_id, user_id, 'compound', compounded, 'Compounded into principal, payout ' || day, payout_date
        from paid where compounded > 0
      ) x cross join batch b`,
    )}
    ),
    returns as (
      insert into return_updates (investment_id, day_index, amount, compounded, payout_date, journal_entry_id, transaction_id, created_at)
      select p.investment_id, p.day, p.amount, p.compounded, p.payout_date, case when p.amount > 0 then (select entry_id from batch) end, p.transaction_id, ${now}::timestamptz from paid p
    ),
    progress as (
      update investments i set paid_periods = s.paid, last_boundary = s.boundary, carry = s.carry,
             compounded = i.compounded + s.compounded_add, paid_amount = i.paid_amount + s.paid_add, next_payout_at = s.next
      from unnest(
        ${intArray(positions.map((p) => p.investment))}::bigint[], ${intArray(positions.map((p) => p.pos.paid))}::int[],
        ${intArray(positions.map((p) => p.pos.boundary))}::int[], ${intArray(positions.map((p) => p.pos.carry))}::bigint[],
        ${intArray(positions.map((p) => p.compoundedAdd))}::bigint[], ${intArray(positions.map((p) => p.paidAdd))}::bigint[],
        ${timeArray(positions.map((p) => p.next))}::timestamptz[]
      ) as s(id, paid, boundary, carry, compounded_add, paid_add, next)
      where i.id = s.id and i.user_id > ${afterUser} and i.user_id <= ${uptoUser}
    )
    select count(*) as payouts, (select entry_id from batch) as entry_id from paid
  `;
}

/**
 * Investments whose every payout is made: the principal (with what it compounded) goes back to
 * available, or to retained_principal when the plan does not return capital, and the investment
 * ends. As for the payouts, entry ids come from the sequence up front, and a release key already
 * taken aborts the batch rather than ending an investment without moving its principal.
 */
async function releaseFinished(tx: DbOrTx, afterUser: number, uptoUser: number, ctx: AccrualContext): Promise<number> {
  const now = ctx.now.toISOString();
  const [row] = await rowsOf(
    tx,
    endedRow,
    sql`
    with done as (
      update investments set status = 'ended', ended_at = ${now}::timestamptz, next_payout_at = null
      where ${inBatch('investments', afterUser, uptoUser)} and paid_periods = term_periods
      returning id, user_id, principal + compounded as principal, capital_returned
    ),
    rel as materialized (
      select d.id, d.user_id, d.principal, d.capital_returned,
             nextval(${ctx.entrySeq}::oid::regclass) as entry_id,
             (select a.id from ledger_accounts a where a.user_id = d.user_id and a.kind = 'invested') as invested_account,
             case when d.capital_returned
                  then (select a.id from ledger_accounts a where a.user_id = d.user_id and a.kind = 'available')
                  else ${ctx.retainedAccount}::bigint end as to_account
      from done d
    ),
    ${entriesSql({
      entries: {
        id: sql`entry_id`,
        idempotencyKey: sql`'release:' || id`,
        kind: sql`case when capital_returned then 'principal_release' else 'principal_retained' end`,
        description: sql`case when capital_returned then 'Principal released' else 'Principal retained: the plan does not return capital' end`,
        createdAt: sql`${now}::timestamptz`,
        from: sql`rel`,
      },
      postings: sql`
        select entry_id, invested_account, -principal from rel
        union all
        select entry_id, to_account, principal from rel`,
    })},
    txs as (${insertTransactionsSql(
      {
        userId: sql`user_id`,
        type: sql`(case when capital_returned then 'principal_release' else 'principal_retained' end)::transaction_type`,
        amount: sql`principal`,
        status: sql`'completed'`,
        paymentMethod: sql`'Balance'`,
        description: sql`case when capital_returned then 'Principal released at the end of the plan' else 'Principal not returned, as the plan says' end`,
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
        notice: noticeFromSql('investment.ended', {
          principal: sql`r.principal::text`,
          plan: sql`p.name`,
          retained: sql`not r.capital_returned`,
        }),
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
