import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../contract/errors';
import { AppError } from '../lib/errors';
import { installErrorHandling, RETRY_AFTER_SECONDS } from './errors';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
    cb();
  },
});

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
/** What each route throws: the database gone in the ways the driver says it, and two errors that are not that. */
const failures: Record<string, () => Error> = {
  drizzle: () =>
    new DrizzleQueryError('select "id" from "users" where "email" = $1', ['someone@example.test'], refused()),
  lost: () => new Error('Connection terminated unexpectedly'),
  shutdown: () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  thrown: () => new AppError('SERVICE_UNAVAILABLE'),
  bug: () => new Error('secret internals'),
  unique: () => Object.assign(new Error('duplicate key'), { code: '23505' }),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: { level: 'info', stream: sink } });
  installErrorHandling(app, { webIndexHtml: () => null });
  for (const [name, make] of Object.entries(failures))
    app.get(`/api/fail/${name}`, async () => {
      throw make();
    });
  await app.ready();
});
afterAll(() => app.close());

describe('an unreachable database answers 503 SERVICE_UNAVAILABLE', () => {
  it('with Retry-After and a plain message, raw from the driver or wrapped by drizzle', async () => {
    for (const name of ['drizzle', 'lost', 'shutdown', 'thrown']) {
      const res = await app.inject({ method: 'GET', url: `/api/fail/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers['retry-after'], name).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json(), name).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable, please try again shortly.',
      });
    }
    expect(errorCatalogue.SERVICE_UNAVAILABLE.status).toBe(503);
  });

  it('logs one warning line with the reason, without a stack or the statement and its values', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/fail/drizzle' });
    const logged = lines.filter((l) => (l.level as number) >= 40);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: 'database unavailable',
      reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    });
    const text = JSON.stringify(logged[0]);
    expect(text).not.toContain('someone@example.test');
    expect(text).not.toContain('select');
    expect(text).not.toContain('    at ');
  });

  it('leaves other failures as they were: a bug is a 500 logged with its stack', async () => {
    lines.length = 0;
    for (const name of ['bug', 'unique']) {
      const res = await app.inject({ method: 'GET', url: `/api/fail/${name}` });
      expect(res.statusCode, name).toBe(500);
      expect(res.headers['retry-after'], name).toBeUndefined();
      expect(res.json<{ code: string }>().code, name).toBe('INTERNAL_ERROR');
    }
    const errors = lines.filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    expect(JSON.stringify(errors[0])).toContain('    at ');
  });
});
