import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type pg from 'pg';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { statusWord } from '../../../contract/funds';
import { formatCents } from '../../../contract/money';
import { periodStart, REPORT_PERIODS } from '../../../contract/reports';
import { openDatabase, type Database, type DbOrTx } from '../../db/client';
import { deposits, journalEntries, transactions, users, withdrawals } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { neutralizeFormula, reportCsv } from './service';
import { poolOf, TRANSACTION_REPORT_COLUMNS } from './transactions-csv';

const NOW = new Date('2026-03-15T12:00:00Z');
const DAY_US = 86_400_000_000n;
const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * The transactions report exactly as it was written before issue 22 moved its formatting into
 * SQL: rows read through drizzle, formatted in JavaScript, quoted by csv-stringify. The
 * database-formatted report must produce these very bytes.
 */
async function csvAsBefore(db: DbOrTx, start: Date | null, end: Date): Promise<string> {
  const rows = await db
    .select({
      id: transactions.id,
      referenceNumber: transactions.referenceNumber,
      userId: transactions.userId,
      userName: users.userName,
      type: transactions.type,
      amount: transactions.amount,
      currency: transactions.currency,
      status: transactions.status,
      depositStatus: deposits.status,
      withdrawalStatus: withdrawals.status,
      paymentMethod: transactions.paymentMethod,
      description: transactions.description,
      createdAt: transactions.createdAt,
      updatedAt: transactions.updatedAt,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(deposits, eq(deposits.transactionId, transactions.id))
    .leftJoin(withdrawals, eq(withdrawals.transactionId, transactions.id))
    .where(and(start ? gte(transactions.createdAt, start) : undefined, lte(transactions.createdAt, end)))
    .orderBy(asc(transactions.id));
  return stringify(
    rows.map(({ depositStatus, withdrawalStatus, ...r }) => ({
      ...r,
      status: statusWord(depositStatus ?? withdrawalStatus ?? r.status),
    })),
    {
      header: true,
      columns: [...TRANSACTION_REPORT_COLUMNS],
      cast: {
        bigint: (cents) => formatCents(cents),
        date: (d) => d.toISOString(),
        string: (s) => neutralizeFormula(s),
      },
    },
  );
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Cells that CSV quoting and formula neutralizing must get right, and generated ones around them. */
const tricky = fc.constantFrom(
  '',
  '=1+1',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '\tTabbed',
  '\rReturn',
  'a,b',
  'say "hi"',
  '"',
  'line\nbreak',
  'crlf\r\nend',
  ' leading space',
  '\\.',
  '\\N',
  'NULL',
  "it's",
  'Ünïcødé – 😀 ру́сский',
  '＝full-width equals',
);
const cell = fc
  .oneof(
    tricky,
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc
      .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', ',', '"', '\n', ''), fc.string({ maxLength: 6 }))
      .map(([a, b]) => a + b),
  )
  // PostgreSQL text holds no NUL and UTF-8 no lone surrogate (under the u flag a pair is one code
  // point, which the class does not match).
  .filter((s) => !s.includes('\0') && !/[\uD800-\uDFFF]/u.test(s));

const row = fc.record({
  userName: fc.constantFrom('plain', '=owner', 'o,wner', 'new\nline'),
  referenceNumber: cell,
  type: fc.constantFrom('deposit', 'withdrawal', 'adjustment', 'return', 'investment'),
  amount: fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
  currency: fc.constantFrom('USD', 'BTC', '=USD'),
  status: fc.constantFrom('pending', 'completed', 'failed', 'cancelled'),
  paymentMethod: fc.option(cell, { nil: null }),
  description: cell,
  link: fc.constantFrom(
    null,
    ...(['pending', 'review', 'settled', 'expired', 'invalid'] as const).map((s) => ({ deposit: s })),
    ...(['pending', 'paying', 'settled', 'invalid'] as const).map((s) => ({ withdrawal: s })),
  ),
  // Microseconds before NOW, up to 400 days and 1 day into the future: the database keeps
  // microseconds, the report (like a JS Date) shows milliseconds.
  createdAgoUs: fc.bigInt({ min: -DAY_US, max: 400n * DAY_US }),
  updatedAgoUs: fc.bigInt({ min: -DAY_US, max: 400n * DAY_US }),
});
type SeedRow = typeof row extends fc.Arbitrary<infer R> ? R : never;

/** The same rows, in the same order, into any database: fresh databases give them the same ids. */
async function seed(database: Database, rows: SeedRow[]): Promise<void> {
  const db = database.db;
  const owners = new Map<string, number>();
  for (const name of new Set(rows.map((r) => r.userName)))
    owners.set(name, await insertUser(database, { userName: name, email: `${owners.size}@owner.test` }));
  const [hold] = await db
    .insert(journalEntries)
    .values({ idempotencyKey: 'report-test-hold', kind: 'test' })
    .returning({ id: journalEntries.id });
  for (const [i, r] of rows.entries()) {
    const at = (us: bigint) =>
      sql`${NOW.toISOString()}::timestamptz - ${us.toString()}::bigint * interval '1 microsecond'`;
    const [tx] = await db
      .insert(transactions)
      .values({
        referenceNumber: `${r.referenceNumber}#${i}`,
        userId: owners.get(r.userName)!,
        type: r.type,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        paymentMethod: r.paymentMethod,
        description: r.description,
        createdAt: at(r.createdAgoUs),
        updatedAt: at(r.updatedAgoUs),
      })
      .returning({ id: transactions.id, userId: transactions.userId });
    if (r.link && 'deposit' in r.link)
      await db
        .insert(deposits)
        .values({ userId: tx!.userId, transactionId: tx!.id, amount: 100n, currency: 'BTC', status: r.link.deposit });
    if (r.link && 'withdrawal' in r.link)
      await db.insert(withdrawals).values({
        userId: tx!.userId,
        transactionId: tx!.id,
        amount: 100n,
        fee: 0n,
        currency: 'BTC',
        destination: 'bc1q',
        holdEntryId: hold!.id,
        status: r.link.withdrawal,
      });
  }
}

const ROWS = fc.sample(row, { seed: 22, numRuns: 300 });

describe('the transactions report, formatted by the database', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    // Staff accounts are created at real time, after NOW: they are in no report.
    admin = await signIn(t.database, 'admin');
    await seed(t.database, ROWS);
  });
  afterAll(() => t.close());

  it.each(REPORT_PERIODS)('for %s holds the very bytes the JavaScript formatting wrote', async (period) => {
    const res = await t.app.inject({ url: `/api/reports/transactions?period=${period}`, headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const expected = await csvAsBefore(t.database.db, periodStart(period, NOW), NOW);
    expect(expected.split('\n').length).toBeGreaterThan(2);
    expect(res.body).toBe(expected);
  });

  it('pages by id on PGlite with the same bytes, however small the page and short the period', async () => {
    for (const period of ['last7', 'all'] as const) {
      const expected = await csvAsBefore(t.database.db, periodStart(period, NOW), NOW);
      for (const batch of [1, 7, 1000])
        expect(await text(await reportCsv(t.database.db, 'transactions', period, NOW, batch))).toBe(expected);
      // Inside a transaction there is no pool to COPY from: the paged read serves PostgreSQL too.
      const inTx = await t.database.db.transaction(async (tx) =>
        text(await reportCsv(tx, 'transactions', period, NOW, 7)),
      );
      expect(inTx).toBe(expected);
    }
  });

  it('writes a known file byte for byte', async () => {
    const database = await createTestDatabase();
    try {
      await seed(database, [
        {
          userName: '=owner',
          referenceNumber: 'TX-1',
          type: 'deposit',
          amount: 123_456n,
          currency: 'USD',
          status: 'pending',
          paymentMethod: null,
          description: '=HYPERLINK("http://evil.test","x")',
          link: { deposit: 'review' },
          createdAgoUs: 1_999n,
          updatedAgoUs: 0n,
        },
        {
          userName: 'plain',
          referenceNumber: 'TX-2',
          type: 'adjustment',
          amount: -5n,
          currency: 'USD',
          status: 'completed',
          paymentMethod: '-2+3',
          description: '',
          link: { withdrawal: 'paying' },
          createdAgoUs: DAY_US,
          updatedAgoUs: 0n,
        },
        {
          userName: 'plain',
          referenceNumber: 'a,b',
          type: 'return',
          amount: 0n,
          currency: 'USD',
          status: 'completed',
          paymentMethod: 'BTC',
          description: 'line\nbreak "quoted" \tTab',
          link: null,
          createdAgoUs: 2n * DAY_US + 123n,
          updatedAgoUs: 0n,
        },
      ]);
      const [first] = await database.db.select({ id: transactions.id }).from(transactions).orderBy(transactions.id);
      const [u1] = await database.db.select({ id: users.id }).from(users).where(eq(users.userName, '=owner'));
      const [u2] = await database.db.select({ id: users.id }).from(users).where(eq(users.userName, 'plain'));
      const id = first!.id;
      expect(await text(await reportCsv(database.db, 'transactions', 'last7', NOW))).toBe(
        'id,referenceNumber,userId,userName,type,amount,currency,status,paymentMethod,description,createdAt,updatedAt\n' +
          `${id},TX-1#0,${u1!.id},'=owner,deposit,1234.56,USD,In review,,"'=HYPERLINK(""http://evil.test"",""x"")",2026-03-15T11:59:59.998Z,2026-03-15T12:00:00.000Z\n` +
          `${id + 1},TX-2#1,${u2!.id},plain,adjustment,-0.05,USD,Sending,'-2+3,,2026-03-14T12:00:00.000Z,2026-03-15T12:00:00.000Z\n` +
          `${id + 2},"a,b#2",${u2!.id},plain,return,0.00,USD,Completed,BTC,"line\nbreak ""quoted"" \tTab",2026-03-13T11:59:59.999Z,2026-03-15T12:00:00.000Z\n`,
      );
    } finally {
      await database.close();
    }
  });

  it('keeps the period bounds: from its first instant up to now, both included', async () => {
    const database = await createTestDatabase();
    try {
      const start = periodStart('last7', NOW)!;
      const owner = await insertUser(database);
      for (const [ref, at] of [
        ['before', new Date(start.getTime() - 1)],
        ['first', start],
        ['now', NOW],
        ['after', new Date(NOW.getTime() + 1)],
      ] as const)
        await database.db.insert(transactions).values({
          referenceNumber: ref,
          userId: owner,
          type: 'deposit',
          amount: 1n,
          status: 'completed',
          createdAt: at,
        });
      const body = await text(await reportCsv(database.db, 'transactions', 'last7', NOW));
      expect(
        body
          .split('\n')
          .slice(1, -1)
          .map((line) => line.split(',')[1]),
      ).toEqual(['first', 'now']);
    } finally {
      await database.close();
    }
  });

  it.runIf(onPostgres)('PGlite and PostgreSQL write the same bytes for the same rows', async () => {
    const pglite = await openDatabase({});
    const postgres = await createTestDatabase();
    try {
      await pglite.migrate();
      await seed(pglite, ROWS);
      await seed(postgres, ROWS);
      expect(poolOf(postgres.db)).toBeDefined();
      expect(poolOf(pglite.db)).toBeUndefined();
      for (const period of REPORT_PERIODS) {
        const a = await text(await reportCsv(postgres.db, 'transactions', period, NOW));
        const b = await text(await reportCsv(pglite.db, 'transactions', period, NOW));
        expect(a.length).toBeGreaterThan(200);
        expect(b).toBe(a);
      }
    } finally {
      await pglite.close();
      await postgres.close();
    }
  });
});

describe('the transactions report over a real socket', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let port: number;
  const ROW_COUNT = 20_000;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    admin = await signIn(t.database, 'admin');
    const owner = await insertUser(t.database, { createdAt: new Date('2020-01-01T00:00:00Z') });
    // About 40 MB of CSV: far more than the socket buffers hold, so a reader that stops early stops the copy mid-way.
    await t.database.db.execute(sql`
      insert into transactions (reference_number, user_id, type, amount, status, description, created_at)
      select 'BIG-' || g, ${owner}, 'deposit', g, 'completed', repeat('x', 2000), ${NOW.toISOString()}::timestamptz - g * interval '1 second'
      from generate_series(1, ${ROW_COUNT}) g`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Starts a download and resolves with the response once its first bytes are in. */
  async function startDownload() {
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/reports/transactions?period=all',
      headers: admin.bearer,
    });
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    expect(res.statusCode).toBe(200);
    await once(res, 'readable');
    return { req, res };
  }

  const fullReportRows = async () => {
    const res = await t.app.inject({ url: '/api/reports/transactions?period=all', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    return res.body.split('\n').length - 2;
  };

  /**
   * Resolves with the error of the next connection the pool takes back broken (a COPY cut short),
   * once the pool has closed it and let go of its slot.
   */
  const nextBrokenRelease = (pool: pg.Pool) =>
    new Promise<Error>((resolve) => {
      const onRelease = (err: Error | undefined, client: pg.PoolClient) => {
        if (!err) return;
        pool.off('release', onRelease);
        const onRemove = (removed: pg.PoolClient) => {
          if (removed !== client) return;
          pool.off('remove', onRemove);
          resolve(err);
        };
        pool.on('remove', onRemove);
      };
      pool.on('release', onRelease);
    });

  it('a client that hangs up mid-report gives the connection back', async () => {
    const pool = poolOf(t.database.db);
    const broken = pool && nextBrokenRelease(pool);
    const { req } = await startDownload();
    req.destroy();
    if (pool) {
      // Taken back with an error: the copy was cut mid-way, and that connection is closed, not reused.
      expect(await broken).toBeInstanceOf(Error);
      expect(pool.totalCount).toBe(pool.idleCount);
    }
    expect(await fullReportRows()).toBe(ROW_COUNT);
    if (pool) expect(pool.totalCount).toBe(pool.idleCount);
  });

  it('a database failure mid-report cuts the download short and the server goes on', async () => {
    const pool = poolOf(t.database.db);
    const broken = pool && nextBrokenRelease(pool);
    const { res } = await startDownload();
    // The reader is paused, so the report stops mid-way while the database fails under it.
    if (pool) {
      const killed = await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'COPY (%' and pid <> pg_backend_pid()`);
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } else {
      await t.database.db.execute(sql`alter table transactions rename to transactions_away`);
    }
    res.resume();
    // The server cuts the response: the client sees it aborted, never complete.
    const aborted = await new Promise<Error | null>((resolve) => {
      res.once('error', resolve);
      res.once('end', () => resolve(null));
    });
    expect(aborted?.message).toBe('aborted');
    expect(res.complete).toBe(false);
    if (pool) {
      expect(await broken).toBeInstanceOf(Error);
    } else {
      await t.database.db.execute(sql`alter table transactions_away rename to transactions`);
    }
    expect(await fullReportRows()).toBe(ROW_COUNT);
    if (pool) expect(pool.totalCount).toBe(pool.idleCount);
  });
});
