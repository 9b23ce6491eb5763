import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';

/**
 * With REDIS_URL, rate limits are shared by every app instance. Two instances on one Redis
 * must count one budget together. Runs where TEST_REDIS_URL names a Redis (CI does).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits through Redis (needs TEST_REDIS_URL)', () => {
  let database: Database;
  const apps: App[] = [];
  const route = `/api/probe-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ database, appSecret: 'y'.repeat(40), redisUrl });
      app.get(route, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('counts requests to two instances against one shared budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await apps[i % 2]!.inject({ method: 'GET', url: route })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
