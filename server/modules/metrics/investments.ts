import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Chart } from '../../../contract/metrics';
import { fromCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { cents, count, rowsOf } from '../../db/rows';

const planRow = z.object({ name: z.string(), subs: count, revenue: cents });
const countRow = z.object({ n: count });
const platformRow = z.object({ amount: cents, active: count, investors: count, done: count, all: count });
const userInvestmentRow = z.object({ principal: cents, returns: cents });
const bucketRow = z.object({ label: z.string(), total: cents });

export async function planMetrics(db: Db) {
  const rows = await rowsOf(
    db,
    planRow,
    // From investment_totals (migration 0027), not every investment. A plan appears when open or
    // when any investment, of any status, is in it.
    sql`select p.name, coalesce(sum(t.n) filter (where t.status = 'running'), 0) as subs, coalesce(sum(t.principal), 0) as revenue
        from plans p left join investment_totals t on t.plan_id = p.id
        group by p.id having p.archived_at is null or coalesce(sum(t.n), 0) > 0 order by p.sort_order, p.id`,
  );
  const [open] = await rowsOf(db, countRow, sql`select count(*) as n from plans where archived_at is null`);
  const totalRevenue = rows.reduce((s, r) => s + r.revenue, 0n);
  return {
    totalPlans: open!.n,
    totalSubscriptions: rows.reduce((s, r) => s + r.subs, 0),
    totalRevenue: fromCents(totalRevenue),
    planSubscriptionData: {
      labels: rows.map((r) => r.name),
      datasets: [{ label: 'Active subscriptions', data: rows.map((r) => r.subs) }],
    },
    planRevenueData: {
      labels: rows.map((r) => r.name),
      datasets: [{ label: 'Amount invested ($)', data: rows.map((r) => fromCents(r.revenue)) }],
    },
  };
}

export async function platformInvestmentMetrics(db: Db) {
  const [r] = await rowsOf(
    db,
    platformRow,
    sql`select (select coalesce(sum(principal), 0) from investment_totals) as amount,
               -- Grouped off an index on user_id (investments_user_idx, investments_running_user_idx),
               -- not count(distinct), which sorted every investment again (measured: 56 ms against 118).
               (select count(*) from (select user_id from investments where status = 'running' group by user_id) r) as active,
               (select count(*) from (select user_id from investments group by user_id) a) as investors,
               (select coalesce(sum(n) filter (where status = 'completed'), 0) from transaction_totals) as done,
               (select coalesce(sum(n), 0) from transaction_totals) as all`,
  );
  const all = r!.all;
  return {
    totalInvestmentAmount: fromCents(r!.amount),
    activeInvestors: r!.active,
    successRate: all === 0 ? 0 : Math.round((r!.done / all) * 10_000) / 100,
    totalInvestors: r!.investors,
  };
}

export async function userInvestmentMetrics(db: Db, userId: number) {
  const [r] = await rowsOf(
    db,
    userInvestmentRow,
    sql`select coalesce(sum(principal) filter (where status = 'running'), 0) as principal, coalesce(sum(paid_amount), 0) as returns from investments where user_id = ${userId}`,
  );
  const { principal, returns } = r!;
  return {
    totalInvestmentBalance: fromCents(principal + returns),
    totalInvestmentPrincipal: fromCents(principal),
    totalInvestmentReturns: fromCents(returns),
  };
}

export const PERIODS = {
  week: { days: 7, step: 'day', fmt: 'Dy DD' },
  month: { days: 30, step: 'day', fmt: 'Mon DD' },
  year: { days: 365, step: 'month', fmt: 'Mon YYYY' },
} as const;

/**
 * Payouts per day (or month for a year) over the period ending `now`, optionally for one
 * user: every bucket present, empty ones as 0, so the chart's x axis is continuous.
 */
export async function returnsChart(db: Db, now: Date, period: keyof typeof PERIODS, userId?: number): Promise<Chart> {
  const p = PERIODS[period];
  // Every return row has its investment (a foreign key): the platform's chart needs no join.
  const who: SQL = userId
    ? sql`and exists (select 1 from investments i where i.id = r.investment_id and i.user_id = ${userId})`
    : sql``;
  const rows = await rowsOf(
    db,
    bucketRow,
    sql`with buckets as (
          select generate_series(date_trunc(${p.step}, ${now.toISOString()}::timestamptz - make_interval(days => ${p.days - 1})), date_trunc(${p.step}, ${now.toISOString()}::timestamptz), ${`1 ${p.step}`}::interval) as b
        )
        select to_char(b.b, ${p.fmt}) as label, coalesce(sum(r.amount), 0) as total
        from buckets b
        left join return_updates r on date_trunc(${p.step}, r.payout_date) = b.b ${who}
          and r.payout_date >= (select min(b) from buckets) and r.payout_date < (select max(b) from buckets) + ${`1 ${p.step}`}::interval
        group by b.b order by b.b`,
  );
  return {
    labels: rows.map((r) => r.label),
    datasets: [{ label: 'Returns ($)', data: rows.map((r) => fromCents(r.total)) }],
  };
}
