import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/server';
import { median, type Figure } from './report';

interface Target {
  url: string;
  token?: string;
  child: ChildProcess;
}

async function startTarget(kind: 'bare' | 'app'): Promise<Target> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'target.ts'), [kind, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const msg = await new Promise<{ token?: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} target did not start within 60 s`));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as { token?: string });
    });
    child.once('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, token: msg.token, child };
}

/** CPU seconds the target process has used so far (user + system). */
function cpuSeconds(target: Target): Promise<number> {
  return new Promise((resolve) => {
    target.child.once('message', (m) => resolve((m as { cpu: number }).cpu));
    target.child.send('cpu');
  });
}

interface Sample {
  rps: number;
  /** Requests served per second of the server's own CPU: its cost, whatever the load generator manages. */
  perCpuSecond: number;
}

async function load(
  target: Target,
  route: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Sample> {
  const before = await cpuSeconds(target);
  const result = await autocannon({
    url: target.url + route,
    connections: 50,
    pipelining: 10,
    duration: seconds,
    headers,
  });
  const cpu = (await cpuSeconds(target)) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, perCpuSecond: result.requests.total / cpu };
}

/**
 * Requests per second of the app's trivial route (every global hook: CSRF, session lookup,
 * logging, security headers) against Fastify's hello world, loaded alternately in one run.
 * On two cores the load generator shares the machine with the server, so the CPU cost per
 * request is reported beside raw throughput.
 */
export async function benchHttp(rounds: number, seconds: number): Promise<Figure[]> {
  const bare = await startTarget('bare');
  const app = await startTarget('app');
  const route = '/api/health/live';
  const samples = { bare: [] as Sample[], anon: [] as Sample[], authed: [] as Sample[] };
  try {
    await load(bare, route, 1);
    await load(app, route, 1);
    for (let i = 0; i < rounds; i++) {
      samples.bare.push(await load(bare, route, seconds));
      samples.anon.push(await load(app, route, seconds));
      samples.authed.push(await load(app, route, seconds, { cookie: `LoginToken=${app.token}` }));
    }
  } finally {
    bare.child.kill();
    app.child.kill();
  }
  const rps = (xs: Sample[]) => median(xs.map((s) => s.rps));
  const eff = (xs: Sample[]) => median(xs.map((s) => s.perCpuSecond));
  return [
    { name: 'bare Fastify hello world (baseline)', value: rps(samples.bare), unit: 'req/s', ratio: 1 },
    {
      name: 'app /api/health/live, anonymous',
      value: rps(samples.anon),
      unit: 'req/s',
      ratio: rps(samples.anon) / rps(samples.bare),
      goal: '>= 0.7',
    },
    {
      name: 'app /api/health/live, logged in (session lookup queries the db)',
      value: rps(samples.authed),
      unit: 'req/s',
      ratio: rps(samples.authed) / rps(samples.bare),
    },
    { name: 'bare, requests per server CPU-second (baseline)', value: eff(samples.bare), unit: 'req/cs', ratio: 1 },
    {
      name: 'app anonymous, requests per server CPU-second',
      value: eff(samples.anon),
      unit: 'req/cs',
      ratio: eff(samples.anon) / eff(samples.bare),
    },
  ];
}
