import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '../../test/kyc';
import { asc, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  deposits,
  deviceSessions,
  investments,
  journalEntries,
  plans,
  siteSettings,
  transactions,
  users,
  withdrawals,
} from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, signIn, type TestContext } from '../../test/app';

/**
 * Roles (DESIGN.md §6): a moderator reads the admin area but changes nothing; a user reaches
 * no admin route. Every admin write route, walked with both, is refused and leaves the data as it was.
 */
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;
const ids = { plan: 0, deposit: 0, withdrawal: 0, depositTx: 0, investment: 0, victim: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  user = await signIn(t.database, 'user');
  const investor = await fundedUser(t.database, admin.userId, 200_000n, {
    btcWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  });
  await approveKyc(t.database, investor.userId);
  ids.victim = investor.userId;
  const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'));
  ids.plan = plan!.id;
  const d = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/new',
    cookies: investor.cookies,
    payload: { amount: 25, currency: 'BTC' },
  });
  ids.deposit = d.json().deposit.id;
  const [dtx] = await t.database.db
    .select({ id: deposits.transactionId })
    .from(deposits)
    .where(eq(deposits.id, ids.deposit));
  ids.depositTx = dtx!.id;
  ids.withdrawal = (
    await t.app.inject({
      method: 'POST',
      url: '/api/investments/withdraw',
      cookies: investor.cookies,
      payload: { userId: investor.userId, amount: 10, currency: 'BTC' },
    })
  ).json().withdrawal.id;
  ids.investment = (
    await t.app.inject({
      method: 'POST',
      url: '/api/investments',
      cookies: investor.cookies,
      payload: { planId: ids.plan, amount: 500 },
    })
  ).json().data.investment.id;
  expect(Object.values(ids).every((v) => v > 0)).toBe(true);
});
afterAll(() => t.close());

/** Everything an admin write could touch, as one comparable snapshot. */
async function snapshot() {
  const db = t.database.db;
  const all = async (
    table:
      | typeof plans
      | typeof deposits
      | typeof withdrawals
      | typeof transactions
      | typeof investments
      | typeof siteSettings
      | typeof journalEntries
      | typeof auditLog
      | typeof deviceSessions,
  ) =>
    JSON.stringify(
      await db
        .select()
        .from(table)
        .orderBy(asc(sql`id`)),
      (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
    );
  const people = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      firstName: users.firstName,
      maxDevices: users.maxDevices,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .orderBy(asc(users.id));
  return [
    await all(plans),
    await all(deposits),
    await all(withdrawals),
    await all(transactions),
    await all(investments),
    await all(siteSettings),
    await all(journalEntries),
    await all(auditLog),
    await all(deviceSessions),
    JSON.stringify(people),
  ];
}

type Route = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; payload?: () => object };
const planForm = {
  name: 'Sneaky',
  description: 'x',
  duration: 5,
  interestRate: 5,
  minimumInvestment: 10,
  maximumInvestment: 100,
};
const ADMIN_WRITES: Route[] = [
  { name: 'create plan', method: 'POST', url: () => '/api/plans', payload: () => planForm },
  { name: 'update plan', method: 'PUT', url: () => `/api/plans/${ids.plan}`, payload: () => planForm },
  { name: 'delete plan', method: 'DELETE', url: () => `/api/plans/${ids.plan}` },
  {
    name: 'approve deposit',
    method: 'PUT',
    url: () => `/api/deposits/update/${ids.deposit}`,
    payload: () => ({ status: 'settled' }),
  },
  {
    name: 'reject deposit',
    method: 'PUT',
    url: () => `/api/deposits/update/${ids.deposit}`,
    payload: () => ({ status: 'invalid' }),
  },
  {
    name: 'manual deposit',
    method: 'POST',
    url: () => '/api/deposits/manual',
    payload: () => ({ userId: ids.victim, amount: 1000, currency: 'BTC', notes: '' }),
  },
  {
    name: 'approve withdrawal',
    method: 'PUT',
    url: () => `/api/transactions/withdrawals/${ids.withdrawal}/status`,
    payload: () => ({ status: 'settled' }),
  },
  {
    name: 'update transaction',
    method: 'PUT',
    url: () => `/api/transactions/update/${ids.depositTx}`,
    payload: () => ({ status: 'completed' }),
  },
  { name: 'cancel investment', method: 'POST', url: () => `/api/investments/${ids.investment}/cancel` },
  {
    name: 'site settings',
    method: 'PUT',
    url: () => '/api/utils/site-settings',
    payload: () => ({ siteName: 'Taken over', maintenanceMode: true }),
  },
  { name: 'run job', method: 'POST', url: () => '/api/admin/jobs/accrual/run' },
  {
    name: "another user's admin fields",
    method: 'PUT',
    url: () => `/api/users/profile/${ids.victim}`,
    payload: () => ({ role: 'admin', status: 'suspended', maxDevices: 9 }),
  },
  { name: 'report', method: 'GET', url: () => '/api/reports/transactions?period=all' },
];

describe('admin write routes refuse moderators and users', () => {
  it.each(ADMIN_WRITES.flatMap((r) => (['moderator', 'user'] as const).map((who) => [r.name, who, r] as const)))(
    '%s as %s: 403 and nothing changes',
    async (_name, who, route) => {
      const caller = who === 'moderator' ? moderator : user;
      const before = await snapshot();
      const res = await t.app.inject({
        method: route.method,
        url: route.url(),
        cookies: caller.cookie,
        ...(route.payload ? { payload: route.payload() } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(
        /Admin access required|your own account|administrator|permission to update settings/i,
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a moderator may not grant themself admin fields either', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${moderator.userId}`,
      cookies: moderator.cookie,
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('a moderator reads the admin lists', async () => {
    for (const url of [
      '/api/deposits/all',
      '/api/transactions/withdrawals',
      '/api/investments/all',
      '/api/admin/audit-log',
      '/api/admin/jobs',
      '/api/users/device-sessions',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, cookies: moderator.cookie });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
  });

  it('the same routes work for an admin (the table names real routes)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/investments/${ids.investment}/cancel`,
      cookies: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'investment.cancel'));
    expect(rows).toHaveLength(1);
  });
});
