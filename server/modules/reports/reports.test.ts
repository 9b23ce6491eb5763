import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { activityLogs, investments, plans, transactions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { REPORT_COLUMNS, reportCsv } from './service';

const DAY = 86_400_000;
/** 15 March: `year` (since 1 January) lies between last30 and last90. */
const NOW = new Date('2026-03-15T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

/** Seeded record ages, and the periods each one belongs to. */
const AGES: { days: number; in: string[] }[] = [
  { days: 1, in: ['last7', 'last30', 'last90', 'year', 'all'] },
  { days: 8, in: ['last30', 'last90', 'year', 'all'] },
  { days: 31, in: ['last90', 'year', 'all'] },
  { days: 73, in: ['last90', 'year', 'all'] }, // 1 January 00:00 + 12 h
  { days: 74, in: ['last90', 'all'] }, // 31 December of the year before
  { days: 91, in: ['all'] },
  { days: 400, in: ['all'] },
  { days: -1, in: [] }, // tomorrow: not created yet as far as the clock knows
];
const PERIODS = ['last7', 'last30', 'last90', 'year', 'all'] as const;

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
const seeded = {
  users: [] as number[],
  transactions: [] as number[],
  investments: [] as number[],
  activity: [] as number[],
};
let owner: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // Staff accounts exist "in the future" of this clock (created at real time), so they fall in no period.
  admin = await signIn(t.database, 'admin');
  const db = t.database.db;
  owner = await insertUser(t.database, { createdAt: ago(5000), userName: '=owner' });
  const [plan] = await db.select().from(plans).where(eq(plans.name, 'Starter'));
  for (const [i, age] of AGES.entries()) {
    const at = ago(age.days);
    seeded.users.push(
      await insertUser(t.database, {
        createdAt: at,
        firstName: i === 0 ? '+SUM(A1:A9)' : 'Plain',
        lastName: i === 0 ? '@cmd' : 'Name',
      }),
    );
    const [tx] = await db
      .insert(transactions)
      .values({
        referenceNumber: `TX-TEST-${1000 + i}`,
        userId: owner,
        type: 'deposit',
        amount: 123_456n + BigInt(i),
        status: 'completed',
        description: i === 0 ? '=HYPERLINK("http://evil.test","x")' : `row ${i}`,
        paymentMethod: i === 0 ? '-2+3' : 'BTC',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: transactions.id });
    seeded.transactions.push(tx!.id);
    const [inv] = await db
      .insert(investments)
      .values({
        userId: owner,
        planId: plan!.id,
        principal: 50_000n,
        interestRateBp: 1250,
        termPeriods: 10,
        principalCap: 50_000n,
        totalReturn: 6_250n,
        startDate: at,
        endDate: new Date(at.getTime() + 10 * DAY),
        createdAt: at,
      })
      .returning({ id: investments.id });
    seeded.investments.push(inv!.id);
    const [log] = await db
      .insert(activityLogs)
      .values({ userId: owner, action: i === 0 ? '\tTabbed' : `Visited /page/${i}`, ip: '10.0.0.1', createdAt: at })
      .returning({ id: activityLogs.id });
    seeded.activity.push(log!.id);
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, cookies });
const rowsOf = (body: string) => parse(body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const expectedIds = (kind: keyof typeof seeded, period: string) =>
  AGES.flatMap((a, i) => (a.in.includes(period) ? [seeded[kind][i]!] : []));

describe('GET /api/reports/:kind', () => {
  it.each(
    PERIODS.flatMap((p) => (['transactions', 'investments', 'activity', 'users'] as const).map((k) => [k, p] as const)),
  )('%s for %s holds exactly the rows created in the period', async (kind, period) => {
    const res = await get(`/api/reports/${kind}?period=${period}`, admin.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named by report and period (issue 18 item 16), not by a bare timestamp.
    const slug = {
      last7: 'last-7-days',
      last30: 'last-30-days',
      last90: 'last-90-days',
      year: 'this-year',
      all: 'all-time',
    };
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${kind}-report-${slug[period]}-2026-03-15.csv"`,
    );
    expect(res.body.split('\n')[0]).toBe(REPORT_COLUMNS[kind].join(','));
    const ids = rowsOf(res.body).map((r) => Number(r.id));
    // The owner of the seeded rows was created long ago: only the all-time user report names it.
    const extra = kind === 'users' && period === 'all' ? [owner] : [];
    expect(ids.sort((a, b) => a - b)).toEqual([...expectedIds(kind, period), ...extra].sort((a, b) => a - b));
  });

  it('defaults to the last 30 days', async () => {
    const res = await get('/api/reports/transactions', admin.bearer);
    expect(rowsOf(res.body).map((r) => Number(r.id))).toEqual(expectedIds('transactions', 'last30'));
  });

  it('writes money as 2-decimal dollars and dates as ISO instants', async () => {
    const [row] = rowsOf((await get('/api/reports/transactions?period=last7', admin.bearer)).body);
    expect(row).toMatchObject({
      id: String(seeded.transactions[0]),
      referenceNumber: 'TX-TEST-1000',
      userId: String(owner),
      amount: '1234.56',
      currency: 'USD',
      // Issue 18: the status in the screens' word.
      status: 'Completed',
      createdAt: ago(1).toISOString(),
    });
    const [inv] = rowsOf((await get('/api/reports/investments?period=last7', admin.bearer)).body);
    expect(inv).toMatchObject({
      principal: '500.00',
      totalReturn: '62.50',
      paidAmount: '0.00',
      interestRatePercent: '12.50',
      planName: 'Starter',
      status: 'running',
    });
  });

  it('neutralizes formula injection: cells starting with = + - @ tab or CR get a leading quote', async () => {
    const [tx] = rowsOf((await get('/api/reports/transactions?period=last7', admin.bearer)).body);
    expect(tx).toMatchObject({
      description: `'=HYPERLINK("http://evil.test","x")`,
      paymentMethod: "'-2+3",
      userName: "'=owner",
    });
    const [u] = rowsOf((await get('/api/reports/users?period=last7', admin.bearer)).body);
    expect(u).toMatchObject({ firstName: "'+SUM(A1:A9)", lastName: "'@cmd" });
    const [log] = rowsOf((await get('/api/reports/activity?period=last7', admin.bearer)).body);
    expect(log!.action).toBe("'\tTabbed");
  });

  it('the users report carries no password hash, 2FA secret, wallet or bank details', async () => {
    const body = (await get('/api/reports/users?period=all', admin.bearer)).body;
    expect(body).not.toMatch(/argon2|passwordHash|twoFactorSecret|Wallet|bank/i);
  });

  it('accepts the session cookie as well as the Bearer token', async () => {
    const res = await get('/api/reports/activity?period=all', {}, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body)).toHaveLength(7);
  });

  it('refuses anonymous (401), users and moderators (403), bad periods and kinds (400)', async () => {
    const user = await signIn(t.database, 'user');
    const moderator = await signIn(t.database, 'moderator');
    expect((await get('/api/reports/users?period=all')).statusCode).toBe(401);
    expect((await get('/api/reports/users?period=all', { authorization: 'Bearer not-a-real-token' })).statusCode).toBe(
      401,
    );
    for (const caller of [user, moderator]) {
      const res = await get('/api/reports/users?period=all', caller.bearer);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Unauthorized: Admin access required']);
    }
    const bad = await get('/api/reports/users?period=last365', admin.bearer);
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'Period must be one of last7, last30, last90, year, all',
    ]);
    expect((await get('/api/reports/passwords?period=all', admin.bearer)).statusCode).toBe(400);
  });
});

describe('reportCsv', () => {
  it('pages through the table by id: every row once, in order, across many small batches', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await reportCsv(t.database.db, 'transactions', 'all', NOW, 2))
      chunks.push(Buffer.from(chunk as Buffer));
    const ids = rowsOf(Buffer.concat(chunks).toString('utf8')).map((r) => Number(r.id));
    expect(ids).toEqual(expectedIds('transactions', 'all'));
  });

  it('an empty period is a header row alone', async () => {
    await t.database.db.delete(activityLogs);
    const res = await get('/api/reports/activity?period=last7', admin.bearer);
    expect(res.body.trim()).toBe(REPORT_COLUMNS.activity.join(','));
  });
});
