// `npx tsx scripts/bench/report-memory.ts [--rows=1000000]`: does a CSV report stream, or
// does it hold every row, and how close does it come to the database's own COPY? Seeds N
// transactions, downloads the transactions report over loopback HTTP while sampling the server
// process's memory, then times the report against a bare COPY of the same query, alternately,
// in the same run. Acceptance: 1,000,000 rows with RSS growth under 50 MB; on PostgreSQL the
// report at >= 0.5 of COPY's rows/s. PGlite by default, BENCH_DATABASE_URL for PostgreSQL.
// Loopback only. Bounded: gives up after 20 minutes.
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../e2e/server';
import { createScratchDatabase } from '../../server/test/db';
import { median, type Figure } from './report';

interface Mem {
  rss: number;
  heapUsed: number;
}
const MB = 1024 * 1024;
/** Report-then-COPY rounds; each side's figure is the median of its rounds. */
const ROUNDS = 3;

/**
 * Downloads the last-30-days transactions report and counts its rows by their line ends (the
 * seeded cells hold no line break), so the reader costs little beside the server it measures.
 */
function download(port: number, token: string): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/reports/transactions?period=last30',
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`report answered ${res.statusCode}`));
        let lines = 0;
        res
          .on('data', (chunk: Buffer) => {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          })
          .on('end', () => {
            if (!res.complete) return reject(new Error('report cut short'));
            resolve({ rows: lines - 1, ms: performance.now() - started });
          })
          .on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

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
    console.error('report-memory: gave up after 20 minutes');
    child.kill('SIGKILL');
    process.exit(2);
  }, 1_200_000);
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
    const bareCopy = () =>
      new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
        child.once('message', (m: { copy?: { ms: number; bytes: number }; copyError?: string }) =>
          m.copy ? resolve(m.copy) : reject(new Error(`bare COPY failed: ${m.copyError}`)),
        );
        child.send('copy');
      });

    // Memory: the first download alone, before any COPY (on PGlite a COPY fills a Blob, which
    // would raise the baseline and hide the report's own growth).
    const baseline = await sample();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push(await sample());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const first = await download(port, token).finally(() => (sampling = false));
    await sampler;
    if (first.rows !== rows) throw new Error(`expected ${rows} rows, received ${first.rows}`);

    // Speed: report and bare COPY alternately, so a burst of other work weighs on both alike.
    const report: number[] = [(rows / first.ms) * 1000];
    const copy: number[] = [];
    let copyBytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      if (r > 0) {
        const d = await download(port, token);
        if (d.rows !== rows) throw new Error(`expected ${rows} rows, received ${d.rows}`);
        report.push((rows / d.ms) * 1000);
      }
      const c = await bareCopy();
      copyBytes = c.bytes;
      copy.push((rows / c.ms) * 1000);
    }

    const peakRss = Math.max(...samples.map((s) => s.rss));
    const peakHeap = Math.max(...samples.map((s) => s.heapUsed));
    const rssGrowth = (peakRss - baseline.rss) / MB;
    const heapGrowth = (peakHeap - baseline.heapUsed) / MB;
    const round = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    console.log(`report rows/s by round: ${round(report)}; bare COPY rows/s: ${round(copy)} (${copyBytes} bytes)`);
    console.log(
      `server RSS: ${(baseline.rss / MB).toFixed(1)} MB before, ${(peakRss / MB).toFixed(1)} MB peak -> growth ${rssGrowth.toFixed(1)} MB`,
    );
    console.log(
      `server heap: ${(baseline.heapUsed / MB).toFixed(1)} MB before, ${(peakHeap / MB).toFixed(1)} MB peak -> growth ${heapGrowth.toFixed(1)} MB`,
    );
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
      { name: `bare COPY of the same query, ${rows} rows (baseline)`, value: median(copy), unit: 'rows/s', ratio: 1 },
      {
        name: `transactions report over HTTP vs bare COPY, ${rows} rows`,
        value: median(report),
        unit: 'rows/s',
        ratio: median(report) / median(copy),
        goal: '>= 0.5 (PostgreSQL)',
      },
    ];
  } finally {
    clearTimeout(deadline);
    child.kill();
    await exited;
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? 1_000_000);
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
