// `npx tsx scripts/bench/report-memory.ts [--rows=200000]`: does a CSV report stream, or
// does it hold every row? Seeds N transactions, downloads the transactions report over
// loopback HTTP while sampling the server process's memory, and prints the rows received
// and the growth in MB. Acceptance: 200,000 rows with RSS growth under 50 MB.
// PGlite by default, BENCH_DATABASE_URL for PostgreSQL. Bounded: gives up after 10 minutes.
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parse } from 'csv-parse';
import { freePort } from '../../e2e/server';
import { createScratchDatabase } from '../../server/test/db';
import type { Figure } from './report';

interface Mem {
  rss: number;
  heapUsed: number;
}
const MB = 1024 * 1024;

export async function benchReportMemory(rows: number): Promise<Figure[]> {
  const port = await freePort();
  // On PostgreSQL a scratch database of its own, so the report holds exactly the seeded rows
  // whatever else the server's database holds; dropped once the server process is gone.
  const scratch = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'bench_report')
    : undefined;
  const child = fork(path.join(import.meta.dirname, 'report-server.ts'), [String(rows), String(port)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: scratch ? { ...process.env, BENCH_DATABASE_URL: scratch.url } : process.env,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = setTimeout(() => {
    console.error('report-memory: gave up after 10 minutes');
    child.kill('SIGKILL');
    process.exit(2);
  }, 600_000);
  try {
    const seedStart = Date.now();
    const { token } = await new Promise<{ token: string }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      child.on('message', (m: { ready?: boolean; token?: string }) => m.ready && resolve({ token: m.token! }));
    });
    console.log(`seeded ${rows} transactions and started the app in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const samples: Mem[] = [];
    const sample = () =>
      new Promise<Mem>((resolve) => {
        child.once('message', (m: Mem) => resolve(m));
        child.send('mem');
      });
    const baseline = await sample();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push(await sample());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const started = Date.now();
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/reports/transactions?period=last30',
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`report answered ${res.statusCode}`));
          let n = 0;
          res
            .pipe(parse({ columns: true }))
            .on('data', () => (n += 1))
            .on('end', () => resolve(n))
            .on('error', reject);
        },
      );
      req.on('error', reject);
    });
    const seconds = (Date.now() - started) / 1000;
    sampling = false;
    await sampler;

    const peakRss = Math.max(...samples.map((s) => s.rss));
    const peakHeap = Math.max(...samples.map((s) => s.heapUsed));
    const rssGrowth = (peakRss - baseline.rss) / MB;
    const heapGrowth = (peakHeap - baseline.heapUsed) / MB;
    console.log(
      `rows received: ${received} of ${rows} in ${seconds.toFixed(1)} s (${Math.round(received / seconds)} rows/s)`,
    );
    console.log(
      `server RSS: ${(baseline.rss / MB).toFixed(1)} MB before, ${(peakRss / MB).toFixed(1)} MB peak -> growth ${rssGrowth.toFixed(1)} MB`,
    );
    console.log(
      `server heap: ${(baseline.heapUsed / MB).toFixed(1)} MB before, ${(peakHeap / MB).toFixed(1)} MB peak -> growth ${heapGrowth.toFixed(1)} MB`,
    );
    if (received !== rows) throw new Error(`expected ${rows} rows, received ${received}`);
    return [
      {
        name: `transactions report, ${rows} rows: server RSS growth`,
        value: rssGrowth,
        unit: 'MB',
        ratio: rssGrowth / 50,
        goal: '< 50 MB',
      },
      {
        name: `transactions report, ${rows} rows: server heap growth`,
        value: heapGrowth,
        unit: 'MB',
        ratio: heapGrowth / 50,
      },
      { name: `transactions report, ${rows} rows: throughput`, value: received / seconds, unit: 'rows/s', ratio: 1 },
    ];
  } finally {
    clearTimeout(deadline);
    child.kill();
    await exited;
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? 200_000);
  if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a positive integer');
  const figures = await benchReportMemory(rows);
  const growth = figures[0]!.value;
  console.log(
    growth < 50
      ? `PASS: memory growth ${growth.toFixed(1)} MB < 50 MB`
      : `FAIL: memory growth ${growth.toFixed(1)} MB >= 50 MB`,
  );
  process.exit(growth < 50 ? 0 : 1);
}
