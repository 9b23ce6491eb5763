import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';

/**
 * Redis holds only the shared rate-limit counters (sessions live in the database). When it
 * goes away, a limited route answers as it would without a limit: never 500, never 503, and
 * nothing else in the app needs Redis. Runs where TEST_REDIS_URL names a Redis (CI does).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis going away (needs TEST_REDIS_URL)', () => {
  let database: Database;
  let proxy: TcpProxy;
  let app: App;
  const route = `/api/probe-${randomBytes(4).toString('hex')}`;
  const warnings: string[] = [];
  let onWarning = () => {};
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level === 40) {
          warnings.push(entry.msg);
          onWarning();
        }
      }
      cb();
    },
  });

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    database = await createTestDatabase();
    app = await buildApp({
      database,
      appSecret: 'q'.repeat(40),
      redisUrl: target.toString(),
      logger: { level: 'warn', stream: sink },
    });
    app.get(route, { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await database.close();
  });

  it('counts through Redis while it is up, and lets requests through (no 500) while it is down', async () => {
    const codes = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await app.inject({ method: 'GET', url: route })).statusCode);
      return out;
    };
    expect(await codes(3)).toEqual([200, 200, 429]);

    // Cut, then wait for the client to report it lost Redis (its reconnection is refused).
    const lost = new Promise<void>((resolve) => (onWarning = resolve));
    proxy.cut();
    await lost;
    expect(warnings).toContain('redis error (rate limits fall back to allowing requests)');
    expect(await codes(3)).toEqual([200, 200, 200]);

    // A real limited route that needs the database and not Redis answers as usual.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usernameOrEmail: 'nobody@example.test', password: 'wrong password' },
    });
    expect([login.statusCode, login.json<{ code: string }>().code]).toEqual([401, 'INVALID_CREDENTIALS']);
  });
});
