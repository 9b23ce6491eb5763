// The server side of report-memory.ts, in its own process so its memory is measured alone:
// a fresh database seeded with N transactions (set-based), an admin session, the real app on
// a loopback port. Answers 'mem' with its memory usage and 'copy' with the time of a bare COPY
// of the report's own query (the baseline the report is measured against).
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { periodStart } from '../../contract/reports';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { transactionsReportQuery } from '../../server/modules/reports/transactions-csv';
import { createSession } from '../../server/modules/sessions/service';

const rows = Number(process.argv[2]);
const port = Number(process.argv[3]);
process.on('message', (m) => {
  if (m === 'copy')
    void bareCopy(database).then(
      (copy) => process.send?.({ copy }),
      (err: Error) => process.send?.({ copyError: err.message }),
    );
  else {
    const u = process.memoryUsage();
    process.send?.({ rss: u.rss, heapUsed: u.heapUsed, external: u.external, arrayBuffers: u.arrayBuffers });
  }
});

/**
 * The report's query (last 30 days, as the download asks) as a bare COPY, every byte read and
 * dropped: on PostgreSQL COPY TO STDOUT on a connection of its own; PGlite, which has no COPY
 * stream, copies into a Blob in memory.
 */
async function bareCopy(database: Database): Promise<{ ms: number; bytes: number }> {
  const now = new Date();
  const copy = `COPY (${transactionsReportQuery(periodStart('last30', now), now)})`;
  const started = performance.now();
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const result = await client.query(`${copy} TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
    return { ms: performance.now() - started, bytes: result.blob?.size ?? 0 };
  }
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  // Timed from the connection's first statement: the app's pool has its connection open already.
  const copying = performance.now();
  try {
    let bytes = 0;
    for await (const chunk of client.query(copyTo(`${copy} TO STDOUT WITH (FORMAT csv, HEADER)`)))
      bytes += (chunk as Buffer).length;
    return { ms: performance.now() - copying, bytes };
  } finally {
    await client.end();
  }
}

const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {});
await database.migrate();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const [admin] = await database.db
  .insert(users)
  .values({
    userName: `rb${tag}`,
    email: `rb${tag}@bench.test`,
    passwordHash: 'x',
    role: 'admin',
    status: 'active',
    isEmailVerified: true,
  })
  .returning({ id: users.id });
const [owner] = await database.db
  .insert(users)
  .values({
    userName: `ro${tag}`,
    email: `ro${tag}@bench.test`,
    passwordHash: 'x',
    status: 'active',
    isEmailVerified: true,
  })
  .returning({ id: users.id });
// Spread over the last 20 days, so every row falls in the last-30-days report.
await database.db.execute(sql`
  insert into transactions (reference_number, user_id, type, amount, currency, status, payment_method, description, created_at, updated_at)
  select 'BR-' || ${tag} || '-' || g, ${owner!.id}, 'deposit', 1000 + g, 'USD', 'completed', 'BTC', 'Bench deposit ' || g,
         now() - (g % 28800) * interval '1 minute', now()
  from generate_series(1, ${rows}) g`);
const { token } = await createSession(database.db, { userId: admin!.id, ttlMs: 3_600_000, now: new Date() });
const app = await buildApp({ database, appSecret: 'bench-secret-0123456789-abcdefghijklmnop', logger: false });
await app.listen({ port, host: '127.0.0.1' });
// Settle what start-up allocated before the baseline is taken.
(globalThis as { gc?: () => void }).gc?.();
process.send?.({ ready: true, token });
