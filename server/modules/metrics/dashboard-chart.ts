import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminDashboardChart, Chart } from '../../../contract/metrics';
import { fromCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { cents, count, rowsOf } from '../../db/rows';
import { PERIODS } from './investments';

const growthRow = z.object({ label: z.string(), n: count, total: count });
const volumeRow = z.object({ label: z.string(), dep: cents, wd: cents, inv: cents });
const planPrincipalRow = z.object({ name: z.string(), principal: cents });

/**
 * The admin dashboard's charts over the period ending `now`, per day (week, month) or month
 * (year), every bucket present so the x axis is continuous: user growth (new and running
 * total, soft-deleted users excluded), completed money moved per bucket, and the principal
 * now running in each plan. Each is one aggregate query.
 */
export async function adminDashboardChart(
  db: Db,
  now: Date,
  period: keyof typeof PERIODS,
): Promise<AdminDashboardChart> {
  const p = PERIODS[period];
  const at = now.toISOString();
  const buckets = sql`select generate_series(date_trunc(${p.step}, ${at}::timestamptz - make_interval(days => ${p.days - 1})), date_trunc(${p.step}, ${at}::timestamptz), ${`1 ${p.step}`}::interval) as b`;

  const growth = await rowsOf(
    db,
    growthRow,
    sql`with buckets as (${buckets}),
        joined as (
          select date_trunc(${p.step}, created_at) as b from users
          where deleted_at is null and created_at >= (select min(b) from buckets)
        ),
        counts as (select b.b, count(j.b) as n from buckets b left join joined j on j.b = b.b group by b.b)
        select to_char(b, ${p.fmt}) as label, n,
               (select count(*) from users where deleted_at is null and created_at < (select min(b) from buckets)) + sum(n) over (order by b) as total
        from counts order by b`,
  );

  // From the daily transaction_totals (kept exact by triggers, migration 0026) over the period's
  // days: summing every completed transaction ever, or even a year's, was most of the chart's time.
  // A day is a UTC day, and the buckets are too: the app's sessions run in UTC (server/db/client.ts).
  const volume = await rowsOf(
    db,
    volumeRow,
    sql`with buckets as (${buckets}),
        moved as (
          select date_trunc(${p.step}, t.day::timestamp at time zone 'UTC') as b,
                 sum(t.amount) filter (where t.type in ('deposit', 'manual_deposit')) as dep,
                 sum(t.amount) filter (where t.type = 'withdrawal') as wd,
                 sum(t.amount) filter (where t.type = 'investment') as inv
          from transaction_totals t
          where t.status = 'completed' and t.type in ('deposit', 'manual_deposit', 'withdrawal', 'investment')
            and t.day >= ((select min(b) from buckets) at time zone 'UTC')::date
            and t.day < (((select max(b) from buckets) + ${`1 ${p.step}`}::interval) at time zone 'UTC')::date
          group by 1
        )
        select to_char(b.b, ${p.fmt}) as label, coalesce(m.dep, 0) as dep, coalesce(m.wd, 0) as wd, coalesce(m.inv, 0) as inv
        from buckets b left join moved m on m.b = b.b
        order by b.b`,
  );

  const plans = await rowsOf(
    db,
    planPrincipalRow,
    sql`select p.name, sum(t.principal) as principal from investment_totals t join plans p on p.id = t.plan_id
        where t.status = 'running' group by p.id, p.name, p.sort_order having sum(t.n) > 0 order by p.sort_order, p.id`,
  );

  const labels = (rows: { label: string }[]) => rows.map((r) => r.label);
  const userGrowth: Chart = {
    labels: labels(growth),
    datasets: [
      { label: 'New users', data: growth.map((r) => r.n) },
      { label: 'Total users', data: growth.map((r) => r.total) },
    ],
  };
  const transactionVolume: Chart = {
    labels: labels(volume),
    datasets: [
      { label: 'Deposits ($)', data: volume.map((r) => fromCents(r.dep)) },
      { label: 'Withdrawals ($)', data: volume.map((r) => fromCents(r.wd)) },
      { label: 'Investments ($)', data: volume.map((r) => fromCents(r.inv)) },
    ],
  };
  const investmentDistribution: Chart = {
    labels: plans.map((r) => r.name),
    datasets: [{ label: 'Active principal ($)', data: plans.map((r) => fromCents(r.principal)) }],
  };
  return { userGrowth, transactionVolume, investmentDistribution };
}
