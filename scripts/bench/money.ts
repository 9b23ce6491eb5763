import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, preparedStatement, type Database, type Placeholders } from '../../server/db/client';
import { count, idNumber, rowsOf } from '../../server/db/rows';
import { plans } from '../../server/db/schema';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { accrualBatchSize, accrueDueReturns, batchBounds } from '../../server/modules/investments/accrual';
import { platformAccount, userAccounts } from '../../server/modules/ledger/accounts';
import { DAY_MS, invest, investmentValues, investWrite } from '../../server/modules/investments/invest';
import { verifyLedger } from '../../server/modules/ledger/verify';
import { createScratchDatabase } from '../../server/test/db';
import { nextTurn } from '../../server/lib/event-loop';
import { median, percentile, type Figure } from './report';

const idRow = z.object({ id: idNumber });
const countRow = z.object({ n: count });
const effectRow = z.object({ effect: z.string() });

/**
 * What an accrual run left, as one comparable text: rows per table it writes, the money they
 * carry (user balances by kind, the platform interest account's postings, return and transaction
 * amounts) and the investments' progress. Ids, keys and reference numbers differ between runs and
 * are left out, and times are taken from each investment's start (each run seeds its own `now`).
 * Equal for the by-hand baseline and the job, or the baseline is not the same work.
 */
async function accrualEffect(db: Database['db']): Promise<string> {
  const [row] = await rowsOf(
    db,
    effectRow,
    sql`select json_build_array(
          (select count(*) from return_updates), (select sum(amount) from return_updates),
          (select count(*) from transactions), (select sum(amount) from transactions where type = 'return'),
          (select count(*) from journal_entries), (select count(*) from postings),
          (select json_agg(json_build_array(kind, n, total) order by kind)
             from (select kind, count(*) as n, sum(balance) as total from ledger_accounts where user_id is not null group by kind) b),
          (select sum(p.amount) from postings p join ledger_accounts a on a.id = p.account_id where a.kind = 'interest_expense'),
          (select json_build_array(sum(paid_periods), sum(last_boundary), sum(paid_amount), sum(carry), sum(compounded),
             sum(extract(epoch from next_payout_at - start_date)), count(*) filter (where status = 'running')) from investments)
        )::text as effect`,
  );
  return row!.effect;
}

/**
 * A database of its own for one benchmark (on PostgreSQL a scratch database, dropped at the
 * end), so leftovers of earlier runs on the same server can neither collide with its keys
 * nor be measured.
 */
async function withFreshDatabase<T>(name: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, name)
    : undefined;
  const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 10 } : {});
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Users with a funded available balance, made in bulk. */
async function fundedUsers(db: Database['db'], n: number, cents: bigint): Promise<number[]> {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const rows = await rowsOf(
    db,
    idRow,
    sql`insert into users (user_name, email, password_hash, status, is_email_verified)
        select 'b' || ${tag} || '_' || g, 'b' || ${tag} || '_' || g || '@bench.test', 'x', 'active', true from generate_series(1, ${n}) g returning id`,
  );
  const ids = rows.map((r) => r.id);
  await db.execute(sql`
    with e as (
      insert into journal_entries (idempotency_key, kind) select 'bench-fund:' || u, 'bench' from unnest(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)}) u returning id, idempotency_key
    ), p as (
      insert into postings (entry_id, account_id, amount)
      select e.id, (select id from ledger_accounts where user_id is null and kind = 'external_deposits'), -${cents}::bigint from e
      union all
      select e.id, a.id, ${cents}::bigint from e join ledger_accounts a on a.user_id = substring(e.idempotency_key from 12)::bigint and a.kind = 'available'
      returning 1
    ) select count(*) from p`);
  await db.execute(
    sql`update ledger_accounts set balance = ${cents}::bigint where kind = 'available' and user_id = any(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)})`,
  );
  return ids;
}

async function runConcurrent(n: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const secs = await time(() =>
    Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) await op(next++);
      }),
    ),
  );
  return n / (secs / 1000);
}

const ROUNDS = 5;

/**
 * The ledger part of an invest alone, the plainest fast way: one prepared statement moving 100
 * from a user's available balance to invested with its journal entry (guarded debit, credit,
 * entry, two postings). Shown beside the baseline for scale.
 */
const bareTransferStatement = preparedStatement(
  'bench_bare_transfer',
  countRow,
  (p: Placeholders<{ userId: number; amount: bigint; key: string }>) => sql`
    with d as (
      update ledger_accounts set balance = balance - ${p('amount')}::bigint
      where user_id = ${p('userId')}::bigint and kind = 'available' and balance >= ${p('amount')}::bigint returning id
    ), c as (
      update ledger_accounts set balance = balance + ${p('amount')}::bigint
      where user_id = ${p('userId')}::bigint and kind = 'invested' and exists (select 1 from d) returning id
    ), e as (
      insert into journal_entries (idempotency_key, kind) select ${p('key')}::text, 'bench' from d returning id
    ), p as (
      insert into postings (entry_id, account_id, amount)
      select e.id, d.id, -${p('amount')}::bigint from e, d
      union all select e.id, c.id, ${p('amount')}::bigint from e, c
      returning 1
    ) select count(*) as n from p`,
);

/**
 * Investing through the service (read the investor and plan, check, compute the schedule,
 * write) against its own write statement run alone with the values computed beforehand: the
 * same rows (entry, postings, balances, investment, transaction, notice) in one prepared
 * statement, the fastest plain way to make them. At concurrency 1 and 8.
 */
export const benchInvest = (ops: number) =>
  withFreshDatabase('bench_invest', (database) => investFigures(database, ops));

async function investFigures(database: Database, ops: number): Promise<Figure[]> {
  const db = database.db;
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Bench',
      description: 'x',
      termPeriods: 30,
      interestRateBp: 1000,
      minimumInvestment: 100n,
      maximumInvestment: 10_000_000n,
    })
    .returning();
  const settings = { ...DEFAULT_SETTINGS, referralLevels: [] };
  const figures: Figure[] = [];
  for (const c of [1, 8]) {
    const users = await fundedUsers(db, c, 100n * BigInt(ops) * 3n);
    const written = await Promise.all(
      users.map(
        async (id) =>
          investmentValues(
            { id, referrerId: null, accounts: await userAccounts(db, id) },
            plan!,
            { amount: 100n, compoundPercent: 0 },
            new Set(),
            new Date(),
          ).values,
      ),
    );
    const bareInvest = (i: number) =>
      investWrite(db, { ...written[i % c]!, key: `bare-invest:${c}:${i}` }).then(([r]) => {
        if (!r?.investment_id) throw new Error('the bare write made nothing');
      });
    const bareTransfer = (i: number) =>
      bareTransferStatement(db, { userId: users[i % c]!, amount: 100n, key: `bare:${c}:${i}` }).then(([r]) => {
        if (r?.n !== 2) throw new Error('the bare transfer moved nothing');
      });
    const viaService = (i: number) =>
      invest(db, settings, { userId: users[i % c]!, planId: plan!.id, amount: 100n }, new Date());
    // Alternating rounds, each side's figure the median of its rounds, so a burst of other
    // work on the machine weighs on all sides alike instead of on whichever ran during it.
    const write: number[] = [];
    const transfer: number[] = [];
    const svc: number[] = [];
    const perRound = Math.ceil(ops / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      write.push(await runConcurrent(perRound, c, (i) => bareInvest(r * perRound + i)));
      transfer.push(await runConcurrent(perRound, c, (i) => bareTransfer(r * perRound + i)));
      svc.push(await runConcurrent(perRound, c, viaService));
    }
    const base = median(write);
    figures.push({
      name: `its write statement alone, the same rows, concurrency ${c} (baseline)`,
      value: base,
      unit: 'op/s',
      ratio: 1,
    });
    figures.push({
      name: `the ledger transfer alone (entry, postings, balances), concurrency ${c}`,
      value: median(transfer),
      unit: 'op/s',
      ratio: median(transfer) / base,
    });
    figures.push({
      name: `invest through the service, concurrency ${c}`,
      value: median(svc),
      unit: 'op/s',
      ratio: median(svc) / base,
      goal: '>= 0.6',
    });
  }
  const report = await verifyLedger(db);
  if (report.problems.length) throw new Error(`ledger does not verify after the invest bench: ${report.problems[0]}`);
  return figures;
}

/**
 * The full accrual of `n` running investments, each with one payout due, all daily, against the
 * same rows written by hand (sameRowsRun): then a mix of every plan option (against the all-daily
 * run), a run with nothing due (against a bare INSERT … SELECT of n rows, a run's floor), and, with
 * `large`, the all-daily accrual at that size (linear: at most 1.1 × large / n the time of n).
 */
export async function benchAccrual(n: number, large?: number): Promise<Figure[]> {
  const byHand = await withFreshDatabase('bench_accrual_by_hand', (database) => sameRowsRun(database, n));
  const daily = await withFreshDatabase('bench_accrual', (database) => accrualRun(database, n, false));
  const mixed = await withFreshDatabase('bench_accrual_mixed', (database) => accrualRun(database, n, true));
  // An honest baseline does exactly the job's work: the same rows, the same money, the same progress.
  if (byHand.effect !== daily.effect)
    throw new Error(`the by-hand baseline's effect differs from the job's:\n${byHand.effect}\n${daily.effect}`);
  const figures: Figure[] = [
    {
      name: `the same rows by hand, one statement per batch, ${n} payouts (baseline)`,
      value: byHand.ms,
      unit: 'ms',
      ratio: 1,
    },
    {
      name: `daily accrual of ${n} investments`,
      value: daily.first,
      unit: 'ms',
      ratio: daily.first / byHand.ms,
      goal: '<= 1.5',
    },
    {
      name: `accrual of ${n} investments with mixed options, against the daily accrual`,
      value: mixed.first,
      unit: 'ms',
      ratio: mixed.first / daily.first,
      goal: '<= 1.3',
    },
    { name: `bare INSERT … SELECT of ${n} rows (a run's floor)`, value: daily.bare, unit: 'ms', ratio: 1 },
    {
      name: 'the same day again (pays nothing), against that floor',
      value: daily.again,
      unit: 'ms',
      ratio: daily.again / daily.bare,
      goal: '<= 3',
    },
  ];
  if (large) {
    // The same rows by hand at that size too: what this machine takes for the work itself, the
    // floor under the job's absolute time.
    const bigByHand = await withFreshDatabase('bench_accrual_large_by_hand', (database) =>
      sameRowsRun(database, large),
    );
    const big = await withFreshDatabase('bench_accrual_large', (database) => accrualRun(database, large, false));
    if (bigByHand.effect !== big.effect)
      throw new Error(`the by-hand baseline's effect differs from the job's at ${large}`);
    figures.push(
      {
        name: `the same rows by hand, ${large} payouts (baseline)`,
        value: bigByHand.ms,
        unit: 'ms',
        ratio: 1,
      },
      {
        name: `daily accrual of ${large} investments, against the same rows by hand`,
        value: big.first,
        unit: 'ms',
        ratio: big.first / bigByHand.ms,
        goal: `<= 1.5${large === 1_000_000 ? ', and <= 60,000 ms' : ''}`,
      },
      {
        name: `daily accrual of ${large} investments, against ${n}`,
        value: big.first,
        unit: 'ms',
        ratio: big.first / daily.first,
        goal: `<= ${((1.1 * large) / n).toFixed(0)}`,
      },
    );
  }
  return figures;
}

/** The latest weekday midnight (UTC) before `now` on a day of the month up to the 28th (no clamping a month back). */
function recentWorkingMidnight(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getUTCDate() > 28 || d >= now)
    d.setUTCDate(d.getUTCDate() - 1);
  return d;
}

/**
 * `n` running investments with one payout due each, their principal moved from available to
 * invested. Mixed: a quarter each of daily with 50% compounding, hourly open-ended, weekly on
 * working days keeping their capital, and monthly on working days with a fixed payout; else all
 * daily over 30 days.
 */
async function seedDueInvestments(
  database: Database,
  n: number,
  mixed: boolean,
  now: Date,
): Promise<{ users: number[]; planId: number }> {
  const db = database.db;
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Bench',
      description: 'x',
      termPeriods: 30,
      interestRateBp: 1000,
      minimumInvestment: 100n,
      maximumInvestment: 10_000_000n,
    })
    .returning();
  const perUser = 10;
  const users = await fundedUsers(db, n / perUser, 1_000_000n);
  const iso = (d: Date) => d.toISOString();
  const day = new Date(now.getTime() - 1.5 * DAY_MS);
  const hour = new Date(now.getTime() - 1.5 * 3_600_000);
  const b = recentWorkingMidnight(now);
  const week = new Date(b.getTime() - 7 * DAY_MS);
  const month = new Date(Date.UTC(b.getUTCFullYear(), b.getUTCMonth() - 1, b.getUTCDate()));
  // Columns by kind k (0 daily, 1 hourly, 2 weekly, 3 monthly): all daily when not mixed.
  const kind = mixed ? sql.raw('(k % 4)') : sql.raw('0');
  await db.execute(sql`
    insert into investments (user_id, plan_id, principal, principal_cap, interest_rate_bp, payout_period, term_periods,
      fixed_payout, capital_returned, working_days_only, compound_min_percent, compound_max_percent, compound_percent,
      total_return, start_date, end_date, next_payout_at)
    select u, ${plan!.id}, 10000, 10000000, 1000,
      (array['daily', 'hourly', 'weekly', 'monthly'])[${kind} + 1]::payout_period,
      (array[30, null, 4, 12])[${kind} + 1],
      case when ${kind} = 3 then 500 end,
      ${kind} <> 2, ${kind} in (2, 3),
      case when ${kind} = 0 and ${mixed} then 0 end, case when ${kind} = 0 and ${mixed} then 100 end,
      case when ${kind} = 0 and ${mixed} then 50 else 0 end,
      1000,
      (array[${iso(day)}, ${iso(hour)}, ${iso(week)}, ${iso(month)}]::timestamptz[])[${kind} + 1],
      null,
      (array[${iso(new Date(day.getTime() + DAY_MS))}, ${iso(new Date(hour.getTime() + 3_600_000))}, ${iso(b)}, ${iso(b)}]::timestamptz[])[${kind} + 1]
    from unnest(${sql.raw(`ARRAY[${users.join(',')}]::bigint[]`)}) u cross join generate_series(1, ${perUser}) k`);
  await db.execute(sql`
    with e as (insert into journal_entries (idempotency_key, kind) select 'bench-inv:' || u, 'bench' from unnest(${sql.raw(`ARRAY[${users.join(',')}]::bigint[]`)}) u returning id, idempotency_key),
    x as (select e.id, substring(e.idempotency_key from 11)::bigint as u from e),
    p as (insert into postings (entry_id, account_id, amount)
      select x.id, a.id, (case when a.kind = 'available' then -1 else 1 end) * ${10000 * perUser}::bigint from x join ledger_accounts a on a.user_id = x.u and a.kind in ('available', 'invested') returning 1)
    select count(*) from p`);
  await db.execute(
    sql`update ledger_accounts set balance = balance + (case when kind = 'available' then -1 else 1 end) * ${10000 * perUser}::bigint where kind in ('available', 'invested') and user_id = any(${sql.raw(`ARRAY[${users.join(',')}]::bigint[]`)})`,
  );
  return { users, planId: plan!.id };
}

/** One accrual run over `n` investments with one payout due each (seedDueInvestments), then the same day again. */
async function accrualRun(database: Database, n: number, mixed: boolean) {
  const db = database.db;
  const now = new Date();
  await seedDueInvestments(database, n, mixed, now);
  // The baseline is one short statement, so a single timing of it swings with whatever else the
  // machine runs: the median of three, each into a fresh table.
  const bares: number[] = [];
  for (const k of [1, 2, 3]) {
    await db.execute(
      sql.raw(`create table bench_bare_${k} (id bigint, user_id bigint, amount bigint, at timestamptz)`),
    );
    bares.push(
      await time(() =>
        db.execute(sql.raw(`insert into bench_bare_${k} select id, user_id, 333, now() from investments`)),
      ),
    );
  }
  const batches = (await batchBounds(db, accrualBatchSize(database.driver), now)).length;
  const runs: { payouts: number }[] = [];
  const first = await time(async () => runs.push(await accrueDueReturns(db, now)));
  const effect = await accrualEffect(db);
  const again = await time(async () => runs.push(await accrueDueReturns(db, now)));
  if (runs[0]!.payouts !== n || runs[1]!.payouts !== 0)
    throw new Error(`expected ${n} payouts then none, got ${runs[0]!.payouts} then ${runs[1]!.payouts}`);
  const [paid] = await rowsOf(db, countRow, sql`select count(*) as n from return_updates`);
  if (paid!.n !== n) throw new Error(`expected ${n} payouts, found ${paid!.n}`);
  if (!mixed) {
    // What sameRowsRun writes by hand, row for row.
    const [txs] = await rowsOf(db, countRow, sql`select count(*) as n from transactions where type = 'return'`);
    const [entries] = await rowsOf(
      db,
      countRow,
      sql`select count(*) as n from journal_entries where kind = 'daily_return'`,
    );
    if (txs!.n !== n || entries!.n !== batches)
      throw new Error(`expected ${n} return transactions in ${batches} entries, got ${txs!.n} in ${entries!.n}`);
  }
  const report = await verifyLedger(db);
  if (report.problems.length) throw new Error(`ledger does not verify after the accrual bench: ${report.problems[0]}`);
  if ((await accrualEffect(db)) !== effect) throw new Error('the same day again changed what the first run wrote');
  return { bare: median(bares), first, again, effect };
}

/**
 * The accrual's writes for `n` daily payouts (seedDueInvestments, all daily), by hand: in the job's
 * batches of whole users' investments, each batch one transaction of one statement that computes
 * its payouts in SQL and writes what the job writes (a return row, a transaction and the
 * investment's progress per payout; one journal entry per batch with a posting from the interest
 * account and one per paid user; the users' cached balances), under the same constraints and
 * triggers. What it leaves out is the job's own work: reading the due positions, computing the
 * schedule in JS (catch-up, compounding, holidays) and the batch's lock. Checked against the job's
 * effect: the same number of rows in each table, and the ledger verifies.
 */
async function sameRowsRun(database: Database, n: number): Promise<{ ms: number; effect: string }> {
  const db = database.db;
  const now = new Date();
  await seedDueInvestments(database, n, false, now);
  const interest = await platformAccount(db, 'interest_expense');
  // The job's batches (the server's size for this database), so the same journal entries too.
  const bounds = await batchBounds(db, accrualBatchSize(database.driver), now);
  const at = now.toISOString();
  const ms = await time(async () => {
    let after = 0;
    for (const upto of bounds) {
      await db.transaction((tx) => tx.execute(sameRowsBatchSql(after, upto, interest, at)));
      after = upto;
    }
  });
  const [paid] = await rowsOf(db, countRow, sql`select count(*) as n from return_updates`);
  const [txs] = await rowsOf(db, countRow, sql`select count(*) as n from transactions where type = 'return'`);
  const [entries] = await rowsOf(
    db,
    countRow,
    sql`select count(*) as n from journal_entries where kind = 'daily_return'`,
  );
  if (paid!.n !== n || txs!.n !== n || entries!.n !== bounds.length)
    throw new Error(
      `by hand: expected ${n} returns and transactions in ${bounds.length} entries, got ${paid!.n}, ${txs!.n}, ${entries!.n}`,
    );
  const report = await verifyLedger(db);
  if (report.problems.length)
    throw new Error(`ledger does not verify after the by-hand accrual: ${report.problems[0]}`);
  return { ms, effect: await accrualEffect(db) };
}

/** sameRowsRun's one statement for the batch of users in (after, upto]. */
const sameRowsBatchSql = (after: number, upto: number, interest: number, at: string) =>
  sql`
    with paid as materialized (
      select i.id as investment_id, i.user_id, a.id as account_id, i.next_payout_at as payout_date,
             (i.principal + i.compounded) * i.interest_rate_bp / 10000 / i.term_periods as amount,
             -- The remainder the last payout settles (contract/schedule.ts's carry), kept as the job keeps it.
             i.carry + (i.principal + i.compounded) * i.interest_rate_bp / 10000 % i.term_periods as carry,
             nextval(pg_get_serial_sequence('transactions', 'id')) as transaction_id
      from investments i join ledger_accounts a on a.user_id = i.user_id and a.kind = 'available'
      where i.status = 'running' and i.user_id > ${after} and i.user_id <= ${upto}
        and i.next_payout_at <= ${at}::timestamptz
    ),
    batch as materialized (
      select nextval(pg_get_serial_sequence('journal_entries', 'id')) as entry_id, count(*) as days, sum(amount) as total
      from paid having count(*) > 0
    ),
    per_user as materialized (select account_id, sum(amount) as total from paid group by account_id),
    entry as (
      insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
      select entry_id, 'accrual:' || entry_id, 'daily_return', 'Returns, ' || days || ' payouts', ${at}::timestamptz from batch
    ),
    posted as (
      insert into postings (entry_id, account_id, amount)
      select entry_id, ${interest}::bigint, -total from batch
      union all
      select b.entry_id, u.account_id, u.total from batch b cross join per_user u
    ),
    balances as (
      update ledger_accounts a set balance = a.balance + u.total from per_user u
      where a.id = u.account_id and a.user_id > ${after} and a.user_id <= ${upto}
    ),
    txs as (
      insert into transactions (id, reference_number, user_id, type, amount, currency, status, payment_method,
        description, journal_entry_id, created_at, updated_at) overriding system value
      select p.transaction_id, new_reference('TX'), p.user_id, 'return', p.amount, 'USD', 'completed', 'Balance',
             'Return, payout 1', b.entry_id, p.payout_date, p.payout_date
      from paid p cross join batch b
    ),
    returns as (
      insert into return_updates (investment_id, day_index, amount, compounded, payout_date, journal_entry_id, transaction_id, created_at)
      select p.investment_id, 1, p.amount, 0, p.payout_date, b.entry_id, p.transaction_id, ${at}::timestamptz
      from paid p cross join batch b
    ),
    progress as (
      update investments i set paid_periods = i.paid_periods + 1, last_boundary = i.last_boundary + 1, carry = p.carry,
             paid_amount = i.paid_amount + p.amount, next_payout_at = i.next_payout_at + interval '1 day'
      from paid p where i.id = p.investment_id and i.user_id > ${after} and i.user_id <= ${upto}
    )
    select count(*) from paid`;

const p99 = (xs: number[]) => percentile(xs, 0.99);

/**
 * An invest's latency at rest and while the daily accrual of `n` investments runs, by the users
 * the accrual is paying (each holds ten due investments and money to invest): the job must not
 * hold their accounts for long. Sequential invests, each arriving as a request does (on a turn of
 * the event loop, so a batch running then delays it) the moment the last one is answered, and
 * timed from then.
 */
export const benchInvestDuringAccrual = (n: number) =>
  withFreshDatabase('bench_invest_accrual', async (database): Promise<Figure[]> => {
    const db = database.db;
    const now = new Date();
    const { users, planId } = await seedDueInvestments(database, n, false, now);
    const settings = { ...DEFAULT_SETTINGS, referralLevels: [] };
    let i = 0;
    const timedInvest = async () => {
      const userId = users[(i++ * 7919) % users.length]!;
      return time(async () => {
        await nextTurn();
        await invest(db, settings, { userId, planId, amount: 100n }, new Date());
      });
    };
    const rest: number[] = [];
    for (let k = 0; k < 3000; k++) rest.push(await timedInvest());
    const during: number[] = [];
    let done = false;
    const job = accrueDueReturns(db, now).finally(() => (done = true));
    while (!done) during.push(await timedInvest());
    const { payouts } = await job;
    if (payouts !== n) throw new Error(`expected ${n} payouts, got ${payouts}`);
    const report = await verifyLedger(db);
    if (report.problems.length)
      throw new Error(`ledger does not verify after invests during the accrual: ${report.problems[0]}`);
    return [
      { name: `invest p99 at rest, ${rest.length} invests (baseline)`, value: p99(rest), unit: 'ms', ratio: 1 },
      {
        name: `invest p99 while the accrual of ${n} runs, ${during.length} invests`,
        value: p99(during),
        unit: 'ms',
        ratio: p99(during) / p99(rest),
        goal: '<= 3',
      },
    ];
  });
