// What bench:scale times: every read the admin area and the investor area make on their
// screens (web/src/api/*), with the query strings the screens send.
export interface Endpoint {
  name: string;
  as: 'admin' | 'investor';
  /** Under /api. */
  path: string;
}

const page = 'page=1&limit=10';

export function scaleEndpoints(investor: number): Endpoint[] {
  const admin = (name: string, path: string): Endpoint => ({ name, as: 'admin', path });
  const mine = (name: string, path: string): Endpoint => ({ name, as: 'investor', path });
  return [
    admin('admin dashboard metrics', '/metrics/dashboard'),
    admin('admin dashboard chart (week)', '/metrics/dashboard-chart?period=week'),
    admin('admin dashboard chart (month)', '/metrics/dashboard-chart?period=month'),
    admin('admin dashboard chart (year)', '/metrics/dashboard-chart?period=year'),
    admin('user metrics', '/metrics/users'),
    admin('investments metrics', '/metrics/investments'),
    admin('plan metrics', '/metrics/plans'),
    admin('deposit metrics', '/metrics/deposits'),
    admin('returns chart (month)', '/metrics/investment-returns-chart?period=month'),
    admin('withdrawals list', `/transactions/withdrawals?${page}`),
    admin('withdrawals list (pending)', `/transactions/withdrawals?${page}&status=pending`),
    admin('deposits list', `/deposits/all?${page}`),
    admin('deposits list (pending)', `/deposits/all?${page}&status=pending`),
    admin('investments list', `/investments/all?${page}`),
    admin('investments list (running)', `/investments/all?${page}&status=running`),
    admin('return updates list', `/investments/return-updates?${page}`),
    admin('users list', `/users/all?${page}`),
    admin('users list search', `/users/all?${page}&search=smith`),
    admin('user search (select)', `/users?${page}&search=investor4242`),
    admin('notifications page 1', `/notifications/all-notifications?${page}`),
    admin('notifications page 5000 (deep)', '/notifications/all-notifications?page=5000&limit=10'),
    admin('transactions list', `/transactions?${page}`),
    admin('transactions list (pending)', `/transactions?${page}&status=pending`),
    admin('audit log', `/admin/audit-log?${page}`),
    admin('activity log', `/activity/logs?${page}`),
    admin('referrals (all)', `/referrals?${page}`),
    admin('a user profile', `/users/profile/${investor}`),
    admin("a user's transactions", `/transactions/user/${investor}?${page}`),
    mine('session check', '/verify-auth-token'),
    mine('investor dashboard', `/metrics/user-dashboard/${investor}`),
    mine('account metrics', `/metrics/account/${investor}`),
    mine('money in and out', `/metrics/user-transactions/${investor}`),
    mine('investment metrics', `/metrics/user-investment-metrics/${investor}`),
    mine('returns chart (month)', '/metrics/investment-chart/month'),
    mine('transactions page 1', `/transactions/user/${investor}?${page}`),
    mine('transactions page 2', `/transactions/user/${investor}?page=2&limit=10`),
    mine('deposits', `/deposits/${investor}/user?${page}`),
    mine('withdrawals', `/transactions/withdrawals/${investor}?${page}`),
    mine('investments', `/investments/user/plans/${investor}?${page}`),
    mine('returns', `/investments/user/returns/${investor}?${page}`),
    mine('notifications', `/notifications/user/${investor}?${page}`),
    mine('referrals', `/users/${investor}/referrals?${page}`),
    mine('referral balance', `/users/${investor}/referral-balance`),
    mine('activity', `/users/logs/${investor}?${page}`),
    mine('profile', `/users/profile/${investor}`),
    mine('plans', '/plans'),
    mine('sessions', `/users/device-sessions/${investor}`),
  ];
}
