// `npm run bench:scale`: the app's read endpoints on an operator-size PostgreSQL database.
// Creates (drops first) the database named by BENCH_DATABASE_URL (default bench_scale on the
// local server), seeds it set-based (scale-seed.ts), verifies the ledger, starts the real app
// and times every admin and investor read the web app makes, one request at a time over
// loopback. Exits 1 when an endpoint misses its p95 goal or the ledger does not verify.
//   --reuse   keep an already seeded database (new migrations are applied) instead of re-seeding
//   --keep    leave the database in place at the end (dropped otherwise)
//   --only=x  time only the endpoints whose name contains x
//   --drop-any  allow a database whose name lacks "bench" (it is dropped all the same)
import { fork } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../e2e/server';
import { openDatabase } from '../../server/db/client';
import { verifyLedger } from '../../server/modules/ledger/verify';
import { createSession } from '../../server/modules/sessions/service';
import { percentile } from './report';
import { ADMIN_ID, INVESTOR_ID, seedScale } from './scale-seed';
import { scaleEndpoints, type Endpoint } from './scale-endpoints';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_scale';
if (!url.startsWith('postgres'))
  throw new Error('bench:scale runs on PostgreSQL only (BENCH_DATABASE_URL=postgres://…)');
const reuse = process.argv.includes('--reuse');
const keep = process.argv.includes('--keep');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const started = Date.now();
const log = (line: string) => console.log(line);

const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
// `npm run bench` reads BENCH_DATABASE_URL too, and only adds tables there: a name left set for it
// must not get a database dropped.
if (!/bench/i.test(dbName) && !process.argv.includes('--drop-any'))
  throw new Error(
    `bench:scale drops and re-creates the database ${dbName}: name one for it with "bench" in its name (default bench_scale), or pass --drop-any`,
  );
const serverUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
const quoted = `"${dbName.replaceAll('"', '""')}"`;

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function isSeeded(): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const r = await c.query(`select count(*)::int as n from users where id = $1`, [ADMIN_ID]);
    return r.rows[0].n === 1;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

if (!(reuse && (await isSeeded()))) {
  log(`Seeding ${dbName} (dropped and created afresh)`);
  await onServer(`drop database if exists ${quoted} with (force)`);
  await onServer(`create database ${quoted}`);
  const fresh = await openDatabase({ url, poolSize: 2 });
  await fresh.migrate();
  await fresh.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedScale(client, log);
  } finally {
    await client.end();
  }
  log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

const database = await openDatabase({ url, poolSize: 2 });
await database.migrate();
const sizes = new pg.Client({ connectionString: url });
await sizes.connect();
const counts = await sizes.query(
  `select (select count(*) from users) as users, (select count(*) from investments) as investments,
          (select count(*) from transactions) as transactions, (select count(*) from journal_entries) as entries,
          (select count(*) from postings) as postings, (select count(*) from notifications) as notifications,
          (select count(*) from activity_logs) as activity, (select count(*) from deposits) as deposits,
          (select count(*) from withdrawals) as withdrawals, pg_size_pretty(pg_database_size(current_database())) as size`,
);
await sizes.end();
log(
  `Data: ${Object.entries(counts.rows[0] as Record<string, string>)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);

const verifyStarted = Date.now();
const report = await verifyLedger(database.db);
if (report.problems.length > 0) {
  console.error(`Ledger verification FAILED (${report.problems.length} problems):`);
  for (const p of report.problems) console.error(`  - ${p}`);
  process.exit(1);
}
log(
  `Ledger OK: ${report.entries} entries, ${report.postings} postings balanced, cached balances match (${Math.round((Date.now() - verifyStarted) / 1000)} s)`,
);

const session = async (userId: number) =>
  (await createSession(database.db, { userId, ttlMs: 3_600_000, now: new Date() })).token;
const tokens = { admin: await session(ADMIN_ID), investor: await session(INVESTOR_ID) };
await database.close();

const port = await freePort();
const child = fork(path.join(import.meta.dirname, 'scale-target.ts'), [url, String(port)], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the app did not start within 60 s')), 60_000);
  child.once('message', () => {
    clearTimeout(timer);
    resolve();
  });
  child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
});

interface Result {
  e: Endpoint;
  n: number;
  p50: number;
  p95: number;
  error?: string;
}

/** Sequential requests: 2 warm-ups, then up to 40 timed ones or 4 s, whichever comes first. */
async function measure(e: Endpoint): Promise<Result> {
  const headers = { authorization: `Bearer ${tokens[e.as]}` };
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api${e.path}`, { headers });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return ms;
  };
  try {
    await once();
    await once();
    const times: number[] = [];
    const until = performance.now() + 4_000;
    while (times.length < 40 && (times.length < 5 || performance.now() < until)) times.push(await once());
    return { e, n: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  } catch (err) {
    return { e, n: 0, p50: NaN, p95: NaN, error: err instanceof Error ? err.message : String(err) };
  }
}

const goal = { admin: 100, investor: 25 };
const results: Result[] = [];
for (const e of scaleEndpoints(INVESTOR_ID)) if (!only || e.name.includes(only)) results.push(await measure(e));
child.kill();

log(
  `\n${'endpoint'.padEnd(58)} ${'as'.padEnd(9)} ${'n'.padStart(3)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  goal`,
);
let missed = 0;
for (const r of results) {
  const ok = !r.error && r.p95 <= goal[r.e.as];
  if (!ok) missed++;
  const figures = r.error ? r.error.padStart(17) : `${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}`;
  log(
    `${r.e.name.padEnd(58)} ${r.e.as.padEnd(9)} ${String(r.n).padStart(3)} ${figures}  ≤ ${goal[r.e.as]} ${ok ? 'ok' : 'MISSED'}`,
  );
}
log(
  `\n${results.length - missed} of ${results.length} endpoints met their p95 goal (admin ≤ ${goal.admin} ms, investor ≤ ${goal.investor} ms)`,
);

if (!keep) {
  await onServer(`drop database if exists ${quoted} with (force)`);
  log(`dropped ${dbName}`);
}
log(`bench:scale finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(missed > 0 ? 1 : 0);
