import { sql } from 'drizzle-orm';
import type { AdminDashboardMetrics, UserDashboardMetrics, UserMetrics } from '../../../contract/metrics';
import { fromCents } from '../../../contract/money';
import { queryRows, type Db } from '../../db/client';
import { percentOf } from './percent';

const cents = (v: string | null | undefined) => BigInt(v ?? '0');

/**
 * A user's dashboard figures (contract/metrics.ts documents each), in one aggregate query:
 * balances from the ledger's cached user accounts, money in and out from the transactions,
 * returns from the investments, referrals from the users who name this user as referrer.
 */
export async function userDashboardMetrics(db: Db, userId: number): Promise<UserDashboardMetrics> {
  const [r] = await queryRows<
    Record<'balance' | 'dep' | 'dep_n' | 'dep_pending' | 'wd' | 'inv_n' | 'principal' | 'returns' | 'refs', string>
  >(
    db,
    sql`with t as (
          select coalesce(sum(amount) filter (where type in ('deposit', 'manual_deposit') and status = 'completed'), 0) as dep,
                 count(*) filter (where type in ('deposit', 'manual_deposit') and status = 'completed') as dep_n,
                 coalesce(sum(amount) filter (where type = 'deposit' and status = 'pending'), 0) as dep_pending,
                 coalesce(sum(amount) filter (where type = 'withdrawal' and status = 'completed'), 0) as wd
          from transactions where user_id = ${userId}
        ), i as (
          select count(*) as inv_n, coalesce(sum(principal), 0) as principal, coalesce(sum(paid_amount), 0) as returns
          from investments where user_id = ${userId}
        )
        select t.*, i.*,
               (select coalesce(sum(balance), 0) from ledger_accounts where user_id = ${userId}) as balance,
               (select count(*) from users where referrer_id = ${userId} and deleted_at is null) as refs
        from t, i`,
  );
  const balance = cents(r!.balance);
  const deposited = cents(r!.dep);
  const withdrawn = cents(r!.wd);
  const principal = cents(r!.principal);
  const returns = cents(r!.returns);
  const netIn = deposited - withdrawn;
  const change = balance - netIn;
  return {
    accountBalance: fromCents(balance),
    totalPendingDeposits: fromCents(cents(r!.dep_pending)),
    totalReferralsCount: Number(r!.refs),
    totalDeposits: fromCents(deposited),
    totalDepositsCount: Number(r!.dep_n),
    totalInvestments: Number(r!.inv_n),
    totalInvested: fromCents(principal),
    totalReturns: fromCents(returns),
    investmentROI: percentOf(returns, principal),
    totalWithdrawals: fromCents(withdrawn),
    principalChange: fromCents(change),
    principalChangePercent: percentOf(change, netIn),
  };
}

/** The admin dashboard's platform overview (staff), one aggregate query. */
export async function adminDashboardMetrics(db: Db): Promise<AdminDashboardMetrics> {
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`select
          (select count(*) from users where deleted_at is null) as users,
          (select count(*) from transactions) as txs,
          (select coalesce(sum(amount) filter (where type in ('deposit', 'manual_deposit')), 0) from transactions where status = 'completed') as dep,
          (select coalesce(sum(amount) filter (where type = 'withdrawal'), 0) from transactions where status = 'completed') as wd,
          i.*,
          (select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null) as balances,
          (select count(*) from deposits where status in ('pending', 'review')) as dep_pending,
          (select count(*) from withdrawals where status = 'pending') as wd_pending
        from (select coalesce(sum(principal), 0) as volume, count(*) filter (where status = 'running') as running,
                     coalesce(sum(principal) filter (where status = 'running'), 0) as running_principal, coalesce(sum(paid_amount), 0) as paid
              from investments) i`,
  );
  return {
    totalUsers: Number(r!.users),
    totalTransactions: Number(r!.txs),
    totalInvestmentVolume: fromCents(cents(r!.volume)),
    activeInvestments: Number(r!.running),
    activeInvestmentPrincipal: fromCents(cents(r!.running_principal)),
    totalDepositVolume: fromCents(cents(r!.dep)),
    totalWithdrawalVolume: fromCents(cents(r!.wd)),
    totalReturnsPaid: fromCents(cents(r!.paid)),
    totalUserBalances: fromCents(cents(r!.balances)),
    pendingDeposits: Number(r!.dep_pending),
    pendingWithdrawals: Number(r!.wd_pending),
  };
}

/** How many users there are, joined today (UTC) and are active (staff). */
export async function userMetrics(db: Db, now: Date): Promise<UserMetrics> {
  const [r] = await queryRows<{ total: string; today: string; active: string }>(
    db,
    sql`select count(*) as total,
               count(*) filter (where created_at >= date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC') as today,
               count(*) filter (where status = 'active') as active
        from users where deleted_at is null`,
  );
  const total = BigInt(r!.total);
  return {
    totalUsers: Number(total),
    newUsersToday: Number(r!.today),
    activeUsersPercentage: percentOf(BigInt(r!.active), total),
  };
}
