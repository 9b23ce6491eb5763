import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../server/test/db';
import { addToClockFile } from './clock';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The admin every browser-test server starts with. */
export const E2E_ADMIN = { userName: 'admin', password: 'e2e-admin-password' };

/** The OAuth client the fake Google of the browser tests knows. */
export const E2E_OAUTH_CLIENT = { id: 'e2e-google-client', secret: 'e2e-google-secret' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /**
   * Its PUBLIC_URL: the same server named `localhost`. Browsers refuse WebAuthn on an IP address
   * ("This is an invalid domain"), so the passkey spec browses this name; the other specs keep
   * `url`, and the site's links (frontendUrl, set by global setup) point there as before.
   */
  publicUrl: string;
  /** The server's clock is real time plus the offset (ms) in this file (TEST_CLOCK_FILE). */
  clockFile: string;
  /** Moves the server's clock forward by `ms` (back when negative). */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, migrations, jobs) on a free port with a fresh
 * database: a temporary PGlite folder, or a new database on TEST_DATABASE_URL's server.
 * The job timers are off: tests move the server's clock, and a timed run at a moment the
 * test did not choose (say the session sweep while the clock is days ahead) would make
 * them flaky; a test that needs a job runs it with POST /api/admin/jobs/:name/run.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-e2e-'));
  const clockFile = path.join(dataDir, 'test-clock-offset-ms');
  let dropDb: (() => Promise<void>) | null = null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: 'e2e-secret-0123456789-abcdefghijklmnop',
    ADMIN_PASSWORD: E2E_ADMIN.password,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    TEST_CLOCK_FILE: clockFile,
    // Every visitor of the suite comes from 127.0.0.1, and every spec signs the one admin in:
    // the per-IP and per-account limits are made for people, not for a test suite.
    TEST_RATE_LIMIT_FACTOR: '20',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'e2e');
    env.DATABASE_URL = scratch.url;
    dropDb = scratch.drop;
  }
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    publicUrl: `http://localhost:${port}`,
    clockFile,
    advanceClock: (ms) => void addToClockFile(clockFile, ms),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
