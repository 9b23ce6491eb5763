import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { platformAccount } from '../ledger/accounts';

const ACCRUAL_LOCK_KEY = 7_331_102;

export interface AccrualResult {
  payouts: number;
  ended: number;
}

/**
 * Pays every due, unpaid day of every running investment, in batches of investments, each
 * batch one transaction of set-based statements (no per-row round trips from Node):
 * return rows, journal entries, postings, transactions and balances together. Day k is due
 * once k whole days have passed since the start. Idempotent: a paid day has its unique
 * journal key and return row, so a second run (or a concurrent one) pays nothing twice and
 * a run after downtime catches up every missed day. Investments whose last day is paid
 * release their principal and end.
 */
export async function accrueDueReturns(db: Db, now: Date, opts: { batchSize?: number; /** Test hook: runs inside each batch's transaction, before commit. */ beforeCommit?: (batch: number) => void } = {}): Promise<AccrualResult> {
  const batchSize = opts.batchSize ?? 5_000;
  const interest = await platformAccount(db, 'interest_expense');
  const total: AccrualResult = { payouts: 0, ended: 0 };
  let after = 0;
  for (let batch = 0; ; batch++) {
    const ids = await queryRows<{ id: string }>(db, sql`select id from investments where status = 'running' and id > ${after} order by id limit ${batchSize}`);
    if (ids.length === 0) break;
    const upto = Number(ids[ids.length - 1]!.id);
    const result = await db.transaction(async (tx) => {
      const payouts = await payBatch(tx, after, upto, now, interest);
      const ended = await releaseFinished(tx, after, upto, now);
      opts.beforeCommit?.(batch);
      return { payouts, ended };
    });
    total.payouts += result.payouts;
    total.ended += result.ended;
    after = upto;
  }
  return total;
}

async function payBatch(tx: DbOrTx, after: number, upto: number, now: Date, interestAccount: number): Promise<number> {
  // One accrual batch at a time across every instance; a concurrent run waits here, then
  // (reading after the other commits) finds those days paid.
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCRUAL_LOCK_KEY})`);
  // The planner's estimate for this statement is huge, which makes PostgreSQL JIT-compile it
  // on every batch (measured: ~0.5 s per batch, most of a re-run); the work itself is simple.
  await tx.execute(sql`set local jit = off`);
  const [row] = await queryRows<{ payouts: string }>(tx, payBatchSql(after, upto, now, interestAccount));
  return Number(row!.payouts);
}

/** The one statement that pays a batch (exported so a benchmark can EXPLAIN it). */
export function payBatchSql(after: number, upto: number, now: Date, interestAccount: number) {
  return sql`
    with due as (
      select i.id as investment_id, i.user_id, g.day,
             case when g.day = i.duration_days then i.total_return - (i.total_return / i.duration_days) * (i.duration_days - 1)
                  else i.total_return / i.duration_days end as amount,
             i.start_date + make_interval(days => g.day) as payout_date,
             'accrual:' || i.id || ':' || g.day as key
      from investments i
      cross join lateral generate_series(i.paid_days + 1,
             least(i.duration_days, floor(extract(epoch from (${now.toISOString()}::timestamptz - i.start_date)) / 86400)::int)) as g(day)
      where i.status = 'running' and i.id > ${after} and i.id <= ${upto}
    ),
    entries as (
      insert into journal_entries (idempotency_key, kind, description, created_at)
      select key, 'daily_return', 'Daily return, day ' || day, ${now.toISOString()}::timestamptz from due where amount > 0
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key
    ),
    paid as (
      select d.*, e.id as entry_id, a.id as account_id
      from due d
      join entries e on e.idempotency_key = d.key
      join ledger_accounts a on a.user_id = d.user_id and a.kind = 'available'
    ),
    moved as (
      insert into postings (entry_id, account_id, amount)
      select entry_id, ${interestAccount}, -amount from paid
      union all
      select entry_id, account_id, amount from paid
      returning 1
    ),
    txs as (
      insert into transactions (reference_number, user_id, type, amount, currency, status, payment_method, description, journal_entry_id, created_at, updated_at)
      select new_reference('TX'), user_id, 'return', amount, 'USD', 'completed', 'Balance', 'Daily return, day ' || day, entry_id, payout_date, payout_date from paid
      returning id, journal_entry_id
    ),
    returns as (
      insert into return_updates (investment_id, day_index, amount, payout_date, journal_entry_id, transaction_id, created_at)
      select d.investment_id, d.day, d.amount, d.payout_date, p.entry_id, t.id, ${now.toISOString()}::timestamptz
      from due d
      left join paid p on p.key = d.key
      left join txs t on t.journal_entry_id = p.entry_id
      where d.amount = 0 or p.entry_id is not null
      on conflict (investment_id, day_index) do nothing
      returning investment_id, day_index, amount
    ),
    balances as (
      update ledger_accounts a set balance = a.balance + s.total
      from (select account_id, sum(amount) as total from paid group by account_id) s
      where a.id = s.account_id
      returning 1
    ),
    progress as (
      update investments i set paid_days = s.last_day, paid_amount = i.paid_amount + s.total
      from (select investment_id, max(day_index) as last_day, sum(amount) as total from returns group by investment_id) s
      where i.id = s.investment_id
      returning 1
    )
    select (select count(*) from returns) as payouts, (select count(*) from moved) as m, (select count(*) from balances) as b, (select count(*) from progress) as p
  `;
}

/** Investments whose every day is paid: principal back to available, status ended. */
async function releaseFinished(tx: DbOrTx, after: number, upto: number, now: Date): Promise<number> {
  const [row] = await queryRows<{ ended: string }>(
    tx,
    sql`
    with done as (
      update investments set status = 'ended', ended_at = ${now.toISOString()}::timestamptz
      where status = 'running' and paid_days = duration_days and id > ${after} and id <= ${upto}
      returning id, user_id, principal
    ),
    entries as (
      insert into journal_entries (idempotency_key, kind, description, created_at)
      select 'release:' || id, 'principal_release', 'Principal released', ${now.toISOString()}::timestamptz from done
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key
    ),
    rel as (
      select d.*, e.id as entry_id, inv.id as invested_account, av.id as available_account
      from done d
      join entries e on e.idempotency_key = 'release:' || d.id
      join ledger_accounts inv on inv.user_id = d.user_id and inv.kind = 'invested'
      join ledger_accounts av on av.user_id = d.user_id and av.kind = 'available'
    ),
    moved as (
      insert into postings (entry_id, account_id, amount)
      select entry_id, invested_account, -principal from rel
      union all
      select entry_id, available_account, principal from rel
      returning 1
    ),
    txs as (
      insert into transactions (reference_number, user_id, type, amount, currency, status, payment_method, description, journal_entry_id, created_at, updated_at)
      select new_reference('TX'), user_id, 'principal_release', principal, 'USD', 'completed', 'Balance', 'Principal released at the end of the plan', entry_id, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from rel
      returning 1
    ),
    balances as (
      update ledger_accounts a set balance = a.balance + s.delta
      from (
        select invested_account as account_id, -sum(principal) as delta from rel group by invested_account
        union all
        select available_account, sum(principal) from rel group by available_account
      ) s
      where a.id = s.account_id
      returning 1
    )
    select (select count(*) from done) as ended, (select count(*) from moved) as m, (select count(*) from txs) as t, (select count(*) from balances) as b
  `,
  );
  return Number(row!.ended);
}
