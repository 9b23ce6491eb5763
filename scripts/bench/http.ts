import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/server';
import { median, percentile, type Figure } from './report';

interface ReadRoute {
  name: string;
  path: string;
  cookie?: string;
}

interface Target {
  url: string;
  token?: string;
  /** The app's read endpoints, and beside them the bare routes replaying their SQL (reads.ts). */
  reads?: ReadRoute[];
  bareReadsUrl?: string;
  /** The app with SESSION_CACHE=off. */
  uncachedUrl?: string;
  child: ChildProcess;
}

async function startTarget(kind: 'bare' | 'app'): Promise<Target> {
  const port = await freePort();
  const readsPort = await freePort();
  const uncachedPort = await freePort();
  const child = fork(
    path.join(import.meta.dirname, 'target.ts'),
    [kind, ...[port, readsPort, uncachedPort].map(String)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const msg = await new Promise<{ token?: string; reads?: ReadRoute[] }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} target did not start within 60 s`));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as { token?: string; reads?: ReadRoute[] });
    });
    child.once('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    token: msg.token,
    reads: msg.reads,
    bareReadsUrl: `http://127.0.0.1:${readsPort}`,
    uncachedUrl: `http://127.0.0.1:${uncachedPort}`,
    child,
  };
}

/** CPU seconds the target process has used so far (user + system). */
function cpuSeconds(target: Target): Promise<number> {
  return new Promise((resolve) => {
    target.child.once('message', (m) => resolve((m as { cpu: number }).cpu));
    target.child.send('cpu');
  });
}

/**
 * The trivial route is loaded as hard as the generator can; a read waits on the database, so
 * it gets as many callers as the pool has connections, one request each at a time, and its p99
 * is a request's wait rather than a queue's length.
 */
const TRIVIAL = { connections: 50, pipelining: 10 };
const READS = { connections: 10, pipelining: 1 };

interface Sample {
  rps: number;
  /** Requests served per second of the server's own CPU: its cost, whatever the load generator manages. */
  perCpuSecond: number;
  p99: number;
}

async function load(
  target: Target,
  route: string,
  seconds: number,
  headers: Record<string, string> = {},
  base = target.url,
  { connections, pipelining } = TRIVIAL,
): Promise<Sample> {
  const before = await cpuSeconds(target);
  // autocannon's own percentiles are whole milliseconds (2 or 4 ms where the truth is 2.6): each
  // response's time is kept to the microsecond instead.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url: base + route, connections, pipelining, duration: seconds, headers }, (err, r) =>
      err ? reject(err as Error) : resolve(r),
    );
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  const cpu = (await cpuSeconds(target)) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, perCpuSecond: result.requests.total / cpu, p99: percentile(times, 0.99) };
}

/**
 * Requests per second of the app's trivial route (every global hook: CSRF, session lookup,
 * logging, security headers) against Fastify's hello world, loaded alternately in one run.
 * On two cores the load generator shares the machine with the server, so the CPU cost per
 * request is reported beside raw throughput. Then the session lookup and each read endpoint
 * against a bare Fastify route running the same SQL on the same pool (reads.ts). Each round
 * loads a baseline and its measured route back to back, and a ratio is the median of the
 * rounds' own ratios: on a shared machine the throughput of both swings together from one
 * moment to the next, and a ratio of two medians taken at different moments swung with it.
 */
export async function benchHttp(rounds: number, seconds: number): Promise<Figure[]> {
  const bare = await startTarget('bare');
  const app = await startTarget('app').catch((err: unknown) => {
    bare.child.kill();
    throw err;
  });
  const route = '/api/health/live';
  const samples = { bare: [] as Sample[], anon: [] as Sample[] };
  const reads = (app.reads ?? []).map(() => ({ bare: [] as Sample[], app: [] as Sample[] }));
  /** The session lookup on every request (SESSION_CACHE=off), with its own baseline beside it. */
  const uncached = { bare: [] as Sample[], app: [] as Sample[] };
  /** The baseline and the measured back to back, in turns first, so drift on a shared machine falls on both. */
  const pair = async (i: number, baseline: () => Promise<Sample>, measured: () => Promise<Sample>) => {
    if (i % 2 === 0) return { baseline: await baseline(), measured: await measured() };
    const m = await measured();
    return { baseline: await baseline(), measured: m };
  };
  try {
    await load(bare, route, 1);
    await load(app, route, 1);
    for (let i = 0; i < rounds; i++) {
      const anon = await pair(
        i,
        () => load(bare, route, seconds),
        () => load(app, route, seconds),
      );
      samples.bare.push(anon.baseline);
      samples.anon.push(anon.measured);
      for (const [j, read] of (app.reads ?? []).entries()) {
        const r = await pair(
          i,
          () => load(app, `/replay/${j}`, seconds, {}, app.bareReadsUrl, READS),
          () => load(app, read.path, seconds, read.cookie ? { cookie: read.cookie } : {}, app.url, READS),
        );
        reads[j]!.bare.push(r.baseline);
        reads[j]!.app.push(r.measured);
        if (j > 0) continue;
        const u = await pair(
          i,
          () => load(app, `/replay/${j}`, seconds, {}, app.bareReadsUrl, READS),
          () => load(app, read.path, seconds, { cookie: read.cookie! }, app.uncachedUrl, READS),
        );
        uncached.bare.push(u.baseline);
        uncached.app.push(u.measured);
      }
    }
  } finally {
    bare.child.kill();
    app.child.kill();
  }
  const rps = (xs: Sample[]) => median(xs.map((s) => s.rps));
  const eff = (xs: Sample[]) => median(xs.map((s) => s.perCpuSecond));
  const p99 = (xs: Sample[]) => median(xs.map((s) => s.p99));
  /** The median of each round's ratio (a paired comparison: both of a round ran side by side). */
  const paired = (a: Sample[], b: Sample[], of: (s: Sample) => number) => median(a.map((s, i) => of(s) / of(b[i]!)));
  const readFigures = (app.reads ?? []).flatMap((read, j): Figure[] => {
    const { bare: b, app: a } = reads[j]!;
    const session = j === 0;
    return [
      { name: `bare route, ${read.name}'s SQL (baseline)`, value: rps(b), unit: 'req/s', ratio: 1 },
      {
        name: `app, ${read.name}${session ? ', the session verified lately (cached)' : ''}`,
        value: rps(a),
        unit: 'req/s',
        ratio: paired(a, b, (s) => s.rps),
        goal: session ? '>= 0.8' : '>= 0.7',
      },
      ...(session
        ? [
            { name: `bare route, ${read.name}'s SQL (baseline)`, value: rps(uncached.bare), unit: 'req/s', ratio: 1 },
            {
              name: `app, ${read.name}, looked up on every request (SESSION_CACHE=off)`,
              value: rps(uncached.app),
              unit: 'req/s',
              ratio: paired(uncached.app, uncached.bare, (s) => s.rps),
            },
          ]
        : [
            {
              name: `app, ${read.name}: p99 against the bare route's`,
              value: p99(a),
              unit: 'ms',
              ratio: paired(a, b, (s) => s.p99),
              goal: '<= 2',
            },
          ]),
    ];
  });
  return [
    { name: 'bare Fastify hello world (baseline)', value: rps(samples.bare), unit: 'req/s', ratio: 1 },
    {
      name: 'app /api/health/live, anonymous',
      value: rps(samples.anon),
      unit: 'req/s',
      ratio: paired(samples.anon, samples.bare, (s) => s.rps),
      goal: '>= 0.7',
    },
    { name: 'bare, requests per server CPU-second (baseline)', value: eff(samples.bare), unit: 'req/cs', ratio: 1 },
    {
      name: 'app anonymous, requests per server CPU-second',
      value: eff(samples.anon),
      unit: 'req/cs',
      ratio: paired(samples.anon, samples.bare, (s) => s.perCpuSecond),
    },
    ...readFigures,
  ];
}
