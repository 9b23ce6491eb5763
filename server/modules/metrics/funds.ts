import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { cents, count, rowsOf } from '../../db/rows';

const depositFiguresRow = z.object({ total: count, pending: count, settled: count, amount: cents });
const userTotalsRow = z.object({ dep: cents, dep_pending: cents, wd: cents, wd_pending: cents });
const monthRow = z.object({ month: z.string(), dep: cents, wd: cents });

/** Average of `sum` over `n`, rounded half up to the cent; 0 when there is nothing. */
const average = (sum: bigint, n: bigint) => (n === 0n ? 0 : fromCents((sum * 2n + n) / (n * 2n)));

/** Platform deposit figures (the admin User Deposits cards). */
export async function depositMetrics(db: Db) {
  const [r] = await rowsOf(
    db,
    depositFiguresRow,
    sql`select count(*) as total, count(*) filter (where status in ('pending', 'review')) as pending,
               count(*) filter (where status = 'settled') as settled, coalesce(sum(amount) filter (where status = 'settled'), 0) as amount
        from deposits`,
  );
  return {
    totalDeposits: r!.total,
    pendingDeposits: r!.pending,
    settledDeposits: r!.settled,
    totalDepositAmount: fromCents(r!.amount),
    averageAmount: average(r!.amount, BigInt(r!.settled)),
  };
}

/**
 * A user's money in and out (the Account page): settled totals, pending sums, and deposits
 * and withdrawals per month over the last 6 months (manual deposits count as deposits).
 */
export async function userTransactionMetrics(db: Db, userId: number, now: Date) {
  const [t] = await rowsOf(
    db,
    userTotalsRow,
    sql`select coalesce(sum(amount) filter (where type in ('deposit', 'manual_deposit') and status = 'completed'), 0) as dep,
               coalesce(sum(amount) filter (where type = 'deposit' and status = 'pending'), 0) as dep_pending,
               coalesce(sum(amount) filter (where type = 'withdrawal' and status = 'completed'), 0) as wd,
               coalesce(sum(amount) filter (where type = 'withdrawal' and status = 'pending'), 0) as wd_pending
        from transactions where user_id = ${userId}`,
  );
  const months = await rowsOf(
    db,
    monthRow,
    sql`select to_char(m, 'YYYY-MM') as month,
               coalesce(sum(t.amount) filter (where t.type in ('deposit', 'manual_deposit')), 0) as dep,
               coalesce(sum(t.amount) filter (where t.type = 'withdrawal'), 0) as wd
        from generate_series(date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - interval '5 months',
                             date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC'), interval '1 month') m
        left join transactions t on t.user_id = ${userId} and t.status = 'completed' and t.type in ('deposit', 'manual_deposit', 'withdrawal')
             and date_trunc('month', t.created_at at time zone 'UTC') = m
        group by m order by m`,
  );
  return {
    totalDeposits: fromCents(t!.dep),
    pendingDeposits: fromCents(t!.dep_pending),
    totalWithdrawals: fromCents(t!.wd),
    pendingWithdrawals: fromCents(t!.wd_pending),
    chart: {
      labels: months.map((m) => m.month),
      datasets: [
        { label: 'Deposits', data: months.map((m) => fromCents(m.dep)) },
        { label: 'Withdrawals', data: months.map((m) => fromCents(m.wd)) },
      ],
    },
  };
}
