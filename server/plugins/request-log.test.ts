import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    cb();
  },
});

let app: App;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, appSecret: 'z'.repeat(40), logger: { level: 'info', stream: sink } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request log', () => {
  it('writes one line for a change or a failure and none for a fast read at info level', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'PUT', url: '/api/utils/site-settings', payload: {} });
    await app.inject({ method: 'GET', url: '/api/nope' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.url, l.status])).toEqual([
      ['PUT', '/api/utils/site-settings', 401],
      ['GET', '/api/nope', 404],
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
