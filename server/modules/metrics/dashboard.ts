import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminDashboardMetrics, UserDashboardMetrics, UserMetrics } from '../../../contract/metrics';
import { fromCents } from '../../../contract/money';
import { preparedStatement, type Db, type Placeholders } from '../../db/client';
import { cents, count, int8, rowsOf } from '../../db/rows';
import { percentOf } from './percent';

const userDashboardRow = z.object({
  balance: cents,
  dep: cents,
  dep_n: count,
  dep_pending: cents,
  wd: cents,
  inv_n: count,
  principal: cents,
  returns: cents,
  refs: count,
});
const adminDashboardRow = z.object({
  users: count,
  txs: count,
  dep: cents,
  wd: cents,
  volume: cents,
  running: count,
  running_principal: cents,
  paid: cents,
  balances: cents,
  dep_pending: count,
  wd_pending: count,
});
const userCountsRow = z.object({ total: int8, today: count, active: int8 });

/**
 * A user's dashboard figures (contract/metrics.ts documents each), in one aggregate query:
 * balances from the ledger's cached user accounts, money in and out from the transactions,
 * returns from the investments, referrals from the users who name this user as referrer.
 * Prepared: every investor asks it on every dashboard visit.
 */
const userDashboardStatement = preparedStatement(
  'user_dashboard',
  userDashboardRow,
  (p: Placeholders<{ userId: number }>) =>
    sql`with t as (
          select coalesce(sum(amount) filter (where type in ('deposit', 'manual_deposit') and status = 'completed'), 0) as dep,
                 count(*) filter (where type in ('deposit', 'manual_deposit') and status = 'completed') as dep_n,
                 coalesce(sum(amount) filter (where type = 'deposit' and status = 'pending'), 0) as dep_pending,
                 coalesce(sum(amount) filter (where type = 'withdrawal' and status = 'completed'), 0) as wd
          from transactions where user_id = ${p('userId')}
        ), i as (
          select count(*) as inv_n, coalesce(sum(principal), 0) as principal, coalesce(sum(paid_amount), 0) as returns
          from investments where user_id = ${p('userId')}
        )
        select t.*, i.*,
               (select coalesce(sum(balance), 0) from ledger_accounts where user_id = ${p('userId')}) as balance,
               (select count(*) from users where referrer_id = ${p('userId')} and deleted_at is null) as refs
        from t, i`,
);

export async function userDashboardMetrics(db: Db, userId: number): Promise<UserDashboardMetrics> {
  const [r] = await userDashboardStatement(db, { userId });
  const { balance, dep: deposited, wd: withdrawn, principal, returns } = r!;
  const netIn = deposited - withdrawn;
  const change = balance - netIn;
  return {
    accountBalance: fromCents(balance),
    totalPendingDeposits: fromCents(r!.dep_pending),
    totalReferralsCount: r!.refs,
    totalDeposits: fromCents(deposited),
    totalDepositsCount: r!.dep_n,
    totalInvestments: r!.inv_n,
    totalInvested: fromCents(principal),
    totalReturns: fromCents(returns),
    investmentROI: percentOf(returns, principal),
    totalWithdrawals: fromCents(withdrawn),
    principalChange: fromCents(change),
    principalChangePercent: percentOf(change, netIn),
  };
}

/** The platform overview's one statement, prepared: the admin dashboard asks it on every visit. */
const adminDashboardStatement = preparedStatement(
  'admin_dashboard',
  adminDashboardRow,
  () => sql`select
          (select count(*) from users where deleted_at is null) as users,
          t.*,
          i.*,
          (select coalesce(sum(amount), 0) from user_balance_totals) as balances,
          (select count(*) from deposits where status in ('pending', 'review')) as dep_pending,
          (select count(*) from withdrawals where status = 'pending') as wd_pending
        from (select coalesce(sum(n), 0) as txs,
                     coalesce(sum(amount) filter (where status = 'completed' and type in ('deposit', 'manual_deposit')), 0) as dep,
                     coalesce(sum(amount) filter (where status = 'completed' and type = 'withdrawal'), 0) as wd
              from transaction_totals) t,
             (select coalesce(sum(principal), 0) as volume, coalesce(sum(n) filter (where status = 'running'), 0) as running,
                     coalesce(sum(principal) filter (where status = 'running'), 0) as running_principal, coalesce(sum(paid), 0) as paid
              from investment_totals) i`,
);

/**
 * The admin dashboard's platform overview (staff), one aggregate query. Transaction, investment and
 * balance figures come from transaction_totals, investment_totals and user_balance_totals, kept
 * exact by triggers (migrations 0026, 0027), not from scanning millions of rows.
 */
export async function adminDashboardMetrics(db: Db): Promise<AdminDashboardMetrics> {
  const [r] = await adminDashboardStatement(db, {});
  return {
    totalUsers: r!.users,
    totalTransactions: r!.txs,
    totalInvestmentVolume: fromCents(r!.volume),
    activeInvestments: r!.running,
    activeInvestmentPrincipal: fromCents(r!.running_principal),
    totalDepositVolume: fromCents(r!.dep),
    totalWithdrawalVolume: fromCents(r!.wd),
    totalReturnsPaid: fromCents(r!.paid),
    totalUserBalances: fromCents(r!.balances),
    pendingDeposits: r!.dep_pending,
    pendingWithdrawals: r!.wd_pending,
  };
}

/** How many users there are, joined today (UTC) and are active (staff). */
export async function userMetrics(db: Db, now: Date): Promise<UserMetrics> {
  const [r] = await rowsOf(
    db,
    userCountsRow,
    sql`select count(*) as total,
               count(*) filter (where created_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC') as today,
               count(*) filter (where status = 'active' and is_email_verified) as active
        from users where deleted_at is null`,
  );
  return {
    totalUsers: Number(r!.total),
    newUsersToday: r!.today,
    activeUsersPercentage: percentOf(r!.active, r!.total),
  };
}
