import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './db';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

/** Why the cluster cannot run here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'needs TEST_DATABASE_URL (the instances share one PostgreSQL)';
  if (!process.env.TEST_REDIS_URL) return 'needs TEST_REDIS_URL (the instances share their limits through Redis)';
  if (!HAPROXY) return 'needs haproxy (Debian package haproxy; .ci/run installs it)';
  return null;
}

export const CLUSTER_ADMIN = { userName: 'admin', password: 'cluster-admin-password' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 200, or throws with the process's output when it exits or takes a minute. */
async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output(): string;
}

export interface Cluster {
  /** The load balancer: every request of a test goes here. */
  url: string;
  databaseUrl: string;
  /** Taken before the instances start: every run they make is after it. */
  startedAt: Date;
  instances: Instance[];
  /** SIGKILL, as a crashed machine would: no shutdown hook runs. */
  kill(name: string): void;
  stop(): Promise<void>;
}

/**
 * Two real app instances (`server/main.ts`, production mode, jobs on) on one fresh PostgreSQL
 * database and one Redis, behind HAProxy alternating requests between them (round robin, each
 * answer naming its instance in `X-Served-By`). The instances trust the balancer's
 * `X-Forwarded-For`, as the README's deployment does.
 */
export async function startCluster(names = ['a', 'b']): Promise<Cluster> {
  const startedAt = new Date();
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'cluster');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-cluster-'));
  const lbPort = await freePort();
  // A Redis database of its own, emptied first, so no other test's counters meet these.
  const redis = new URL(process.env.TEST_REDIS_URL!);
  redis.pathname = '/7';
  spawnSync('redis-cli', ['-u', redis.toString(), 'flushdb']);
  const instances: Instance[] = [];
  let haproxy: ChildProcess | undefined;
  const stop = async () => {
    const exits = [...instances.map((i) => i.child), ...(haproxy ? [haproxy] : [])].map((c) => {
      if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      return exited;
    });
    await Promise.all(exits);
    await scratch.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const name of names) {
      const port = await freePort();
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: scratch.url,
        REDIS_URL: redis.toString(),
        TRUST_PROXY: '127.0.0.1',
        INSTANCE_ID: name,
        DATA_DIR: path.join(dir, name),
        APP_SECRET: 'cluster-secret-0123456789-abcdefghijklmn',
        ADMIN_PASSWORD: CLUSTER_ADMIN.password,
        PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
        WEB_DIST: path.join(dir, 'no-web'),
        LOG_LEVEL: 'warn',
        JOBS: 'on',
      };
      // Node itself with tsx as its loader, not the tsx command: that one runs the server as a child
      // of its own, so a SIGKILL would kill only the wrapper and leave the server running.
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      instances.push({ name, port, child, output: () => output });
    }
    await Promise.all(
      instances.map((i) => waitHealthy(`http://127.0.0.1:${i.port}/api/health/live`, i.child, i.output)),
    );
    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      config,
      [
        'global',
        '  maxconn 512',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 60s',
        '  timeout server 60s',
        // A refused connection (the instance is gone) is tried again on the other one; a
        // request that reached an instance is never sent twice.
        '  retries 3',
        '  option redispatch',
        'listen app',
        `  bind 127.0.0.1:${lbPort}`,
        '  balance roundrobin',
        '  option forwardfor',
        // Each request balanced on its own, not every request of a kept-alive connection to one instance.
        '  option httpclose',
        '  option httpchk GET /api/health/live',
        '  http-response set-header X-Served-By %s',
        ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check inter 250ms fall 2 rise 2`),
        '',
      ].join('\n'),
    );
    haproxy = spawn(HAPROXY!, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lbOutput = '';
    haproxy.stdout?.on('data', (d: Buffer) => (lbOutput += d.toString()));
    haproxy.stderr?.on('data', (d: Buffer) => (lbOutput += d.toString()));
    await waitHealthy(`http://127.0.0.1:${lbPort}/api/health/live`, haproxy, () => lbOutput);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${lbPort}`,
    databaseUrl: scratch.url,
    startedAt,
    instances,
    kill(name) {
      instances.find((i) => i.name === name)?.child.kill('SIGKILL');
    },
    stop,
  };
}

/** A signed-in visitor of the cluster: its session cookie, sent with every request. */
export class Visitor {
  private cookies = new Map<string, string>();
  /** Which instance answered each request, in order. */
  readonly servedBy: string[] = [];

  constructor(private readonly base: string) {}

  /** Another visitor holding the same cookies (the same session), as a second tab would. */
  copy(): Visitor {
    const other = new Visitor(this.base);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; res: Response }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.base + url, { method, headers, body: payload });
    this.servedBy.push(res.headers.get('x-served-by') ?? '?');
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const [k, v] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (v === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
    const type = res.headers.get('content-type') ?? '';
    const json = type.includes('json') ? await res.json() : await res.arrayBuffer();
    return { status: res.status, json, res };
  }
}
