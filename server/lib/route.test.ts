import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../contract/route';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { signIn } from '../test/app';
import { AppError } from './errors';
import { serve } from './route';

/** Contract routes that exist only in this test. */
const probe = {
  item: route({
    method: 'GET',
    path: '/probe/items/:id',
    tag: 'probe',
    summary: 'One item',
    access: 'user',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ fail: z.enum(['listed', 'unlisted']).optional(), answer: z.enum(['extra', 'wrong']).optional() }),
    response: z.object({ id: z.number(), by: z.number() }),
    errors: ['NOT_FOUND'],
  }),
  create: route({
    method: 'POST',
    path: '/probe/items',
    tag: 'probe',
    summary: 'Make an item',
    access: 'admin',
    body: z.object({ name: z.string().min(1), replay: z.boolean().default(false) }),
    response: z.object({ name: z.string() }),
    status: [201, 200],
    errors: [],
  }),
};

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, probe.item, async ({ params, query, caller }) => {
    if (query.fail === 'listed') throw new AppError('NOT_FOUND', 'No such item');
    if (query.fail === 'unlisted') throw new AppError('JOB_RUNNING');
    // A handler's answer that does not fit its schema (typed code cannot write one: a row read as it is).
    const answer = { id: params.id, by: caller.userId } as { id: number; by: number };
    if (query.answer === 'extra') Object.assign(answer, { passwordHash: 'secret' });
    if (query.answer === 'wrong') Object.assign(answer, { by: String(caller.userId) });
    return answer;
  });
  serve(app, probe.create, async ({ body }, _request, reply) => {
    if (body.replay) reply.status(200);
    return { name: body.name };
  });
};

let database: Database;
const apps: App[] = [];
async function appWith(checkErrorCodes: boolean): Promise<App> {
  const app = await buildApp({ database, appSecret: 'r'.repeat(40), checkErrorCodes });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('serve(): a handler registered from its contract route', () => {
  it('checks access before the handler (after validation, as every route), and hands it the parsed input and the caller', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: '/api/probe/items/3' })).statusCode).toBe(401);
    const user = await signIn(database, 'user');
    const ok = await app.inject({ method: 'GET', url: '/api/probe/items/3', cookies: user.cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 3, by: user.userId });
    const bad = await app.inject({ method: 'GET', url: '/api/probe/items/x', cookies: user.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const asUser = await app.inject({
      method: 'POST',
      url: '/api/probe/items',
      cookies: user.cookie,
      payload: { name: 'a' },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('answers the first success status, which the handler may change', async () => {
    const app = await appWith(true);
    const admin = await signIn(database, 'admin');
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/probe/items', cookies: admin.cookie, payload });
    expect((await post({ name: 'a' })).statusCode).toBe(201);
    expect((await post({ name: 'a', replay: true })).statusCode).toBe(200);
  });

  it('in tests, turns an error code the route does not list into a loud 500', async () => {
    const strict = await appWith(true);
    const user = await signIn(database, 'user');
    const get = (app: App, fail: string) =>
      app.inject({ method: 'GET', url: `/api/probe/items/1?fail=${fail}`, cookies: user.cookie });
    expect((await get(strict, 'listed')).statusCode).toBe(404);
    const unlisted = await get(strict, 'unlisted');
    expect(unlisted.statusCode).toBe(500);
    expect(unlisted.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(unlisted.json<{ message: string }>().message).toContain('JOB_RUNNING');
    // In production the code goes out as it is.
    const lenient = await appWith(false);
    expect((await get(lenient, 'unlisted')).statusCode).toBe(409);
  });

  it('answers only what the schema names, and a 500 (logged) when the answer does not fit it', async () => {
    const app = await appWith(true);
    const user = await signIn(database, 'user');
    const get = (answer: string) =>
      app.inject({ method: 'GET', url: `/api/probe/items/4?answer=${answer}`, cookies: user.cookie });
    const extra = await get('extra');
    expect(extra.statusCode).toBe(200);
    expect(extra.body).toBe(JSON.stringify({ id: 4, by: user.userId }));
    const wrong = await get('wrong');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('documents each listed code under its status in the OpenAPI document', async () => {
    const app = await appWith(true);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; tags: string[] }>>;
    }>();
    const item = doc.paths['/api/probe/items/{id}']!.get!;
    expect(item.tags).toEqual(['probe']);
    const statuses = Object.keys(item.responses).sort();
    expect(statuses).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '500', '503']);
    const create = doc.paths['/api/probe/items']!.post!;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '201', '403']));
    expect(Object.keys(create.responses)).not.toContain('404');
  });
});
