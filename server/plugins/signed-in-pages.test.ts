import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, TIME_ZONE_COOKIE } from '../../contract/dates';
import { users } from '../db/schema';
import { createSession } from '../modules/sessions/service';
import { fundedUser } from '../test/accounts';
import { createTestApp, insertUser, type TestContext } from '../test/app';
import { SESSION_COOKIE } from './auth';
import { MAX_DRAWS_IN_FLIGHT, type SignedInRenderer } from './signed-in-pages';

// The build's layout: the web app, and beside it ssr/ with the render code and the shells.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-in-'));
const webDist = path.join(root, 'web');
fs.mkdirSync(webDist);
fs.mkdirSync(path.join(root, 'ssr'));
const SHELL = '<!doctype html><html lang="en"><title>spa</title><div id="root"></div>';
fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
for (const lng of ['en', 'es'])
  fs.writeFileSync(
    path.join(root, 'ssr', `signed-in.${lng}.html`),
    `<!doctype html><html lang="${lng}"><title>signed in</title><div id="root"></div>`,
  );

// The web's own render (web/src/signed-in.tsx, what the build bundles into ssr/signed-in.mjs),
// loaded from source; a path the type checker does not follow into the web's code.
const webRender = path.resolve(import.meta.dirname, '../../web/src/signed-in.tsx');
const renderer = () => import(/* @vite-ignore */ webRender) as Promise<SignedInRenderer>;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ webDist, signedInRenderer: renderer });
});
afterAll(async () => t.close());

async function investor(fields: Partial<typeof users.$inferInsert> = {}) {
  const userId = await insertUser(t.database, { firstName: 'Ada', ...fields });
  const [row] = await t.database.db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  const { token } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now: new Date() });
  return { userId, userName: row!.userName, cookies: { [SESSION_COOKIE]: token } };
}

const get = (url: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, cookies, headers });

/** The reads a drawn page carries, by query key. */
function readsOf(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="server-reads">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no reads');
  const state = JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

const isShell = (html: string) => html.includes('<div id="root"></div>') && !html.includes('server-reads');

describe('the investor dashboard, drawn on the server', () => {
  it("draws the visitor's own dashboard from their reads, never to be cached", async () => {
    const me = await investor();
    const res = await get(`/app/${me.userName}/dashboard`, me.cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<div id="root" data-server-rendered="/app/${me.userName}/dashboard">`);
    expect(res.body).toContain('Welcome back, Ada!');
    expect(res.body).toContain('data-testid="total-balance-value"');
    // The reads are the API's own answers to this visitor.
    const reads = readsOf(res.body);
    expect(reads.get('["session"]')).toEqual({
      id: me.userId,
      role: 'user',
      userName: me.userName,
      secondFactorRequired: false,
    });
    const profile = (await get(`/api/users/profile/${me.userId}`, me.cookies)).json();
    expect(reads.get(JSON.stringify(['/users/profile/:id', { params: { id: me.userId } }]))).toEqual(profile);
    const metrics = (await get(`/api/metrics/user-dashboard/${me.userId}`, me.cookies)).json();
    expect(reads.get(JSON.stringify(['/metrics/user-dashboard/:id', { params: { id: me.userId } }]))).toEqual(metrics);
  });

  it('arrives whole: the packages, quick invest, the chart and the bell are drawn from reads of their own', async () => {
    const adminId = await insertUser(t.database, { role: 'admin' });
    const funded = await fundedUser(t.database, adminId, 150_000n, { firstName: 'Ada' });
    const { data: plans } = (await get('/api/plans')).json() as { data: { id: number; name: string }[] };
    const invested = await t.app.inject({
      method: 'POST',
      url: '/api/investments',
      cookies: funded.cookies,
      payload: { planId: plans[0]!.id, amount: 500 },
    });
    expect(invested.statusCode, invested.body).toBe(201);
    const [row] = await t.database.db
      .select({ userName: users.userName })
      .from(users)
      .where(eq(users.id, funded.userId));
    const res = await get(`/app/${row!.userName}/dashboard`, funded.cookies);
    const reads = readsOf(res.body);
    const page = reads.get(
      JSON.stringify(['/investments/user/plans/:id', { params: { id: funded.userId }, query: { page: 1, limit: 1 } }]),
    ) as { data: { planName: string }[] };
    expect(page.data.map((i) => i.planName)).toEqual([plans[0]!.name]);
    expect(res.body).toContain('data-testid="investment-card"');
    expect(reads.get(JSON.stringify(['/plans', { query: {} }]))).toMatchObject({ data: expect.any(Array) });
    expect(
      reads.get(
        JSON.stringify([
          '/notifications/user/:id',
          { params: { id: funded.userId }, query: { page: 1, limit: 5, filter: 'all' } },
        ]),
      ),
    ).toMatchObject({ data: expect.any(Array) });
    expect(
      reads.get(JSON.stringify(['/metrics/investment-chart/:period', { params: { period: 'month' } }])),
    ).toBeDefined();
    // Quick invest lists the plans instead of its loading line.
    expect(res.body).toMatch(/data-testid="quick-invest"(?:(?!role="status").)*?<\/section>/s);

    // Its time is written in the browser's zone (the cookie the app keeps), as hydration will.
    const at = (page.data[0] as unknown as { nextPayout: { at: string } }).nextPayout.at;
    for (const zone of ['Asia/Tokyo', 'America/Los_Angeles']) {
      const zoned = await get(`/app/${row!.userName}/dashboard`, { ...funded.cookies, [TIME_ZONE_COOKIE]: zone });
      expect(zoned.body).toContain(formatDateTime(at, 'en', zone));
    }
    const unknownZone = await get(`/app/${row!.userName}/dashboard`, {
      ...funded.cookies,
      [TIME_ZONE_COOKIE]: 'Mars/Base',
    });
    expect(unknownZone.body).toContain('data-server-rendered');

    // Another page of packages in the address: drawn without a read of the first page.
    const second = readsOf((await get(`/app/${row!.userName}/dashboard?portfolio=2`, funded.cookies)).body);
    expect([...second.keys()].some((key) => key.includes('/investments/user/plans/:id'))).toBe(false);
  });

  it("in the account's language, else the visitor's", async () => {
    const chosen = await investor({ locale: 'es' });
    const es = await get(`/app/${chosen.userName}/dashboard`, chosen.cookies);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('¡Hola de nuevo, Ada!');
    const unset = await investor();
    const byHeader = await get(`/app/${unset.userName}/dashboard`, unset.cookies, { 'accept-language': 'es' });
    expect(byHeader.body).toContain('<html lang="es">');
  });

  it("anyone else's dashboard, a signed-out visitor, a suspended account or staff get the plain shell", async () => {
    const me = await investor();
    const other = await investor({ firstName: 'Grace' });
    const theirs = await get(`/app/${other.userName}/dashboard`, me.cookies);
    expect(theirs.statusCode).toBe(200);
    expect(isShell(theirs.body)).toBe(true);
    expect(theirs.body).not.toContain('Grace');
    expect(theirs.headers['cache-control']).toBe('no-cache');

    expect(isShell((await get(`/app/${me.userName}/dashboard`)).body)).toBe(true);
    expect(isShell((await get(`/app/${me.userName}/dashboard`, { [SESSION_COOKIE]: 'not-a-token' })).body)).toBe(true);

    const suspended = await investor({ status: 'suspended' });
    expect(isShell((await get(`/app/${suspended.userName}/dashboard`, suspended.cookies)).body)).toBe(true);

    const staff = await investor({ role: 'admin', userName: 'admin-ssr' });
    expect(isShell((await get('/app/admin-ssr/dashboard', staff.cookies)).body)).toBe(true);
  });

  it('keeps what the visitor wrote inside the data, not the page', async () => {
    const me = await investor({ firstName: '</script><script>alert(1)</script>' });
    const res = await get(`/app/${me.userName}/dashboard`, me.cookies);
    expect(res.body).not.toContain('<script>alert(1)');
    const profile = readsOf(res.body).get(JSON.stringify(['/users/profile/:id', { params: { id: me.userId } }]));
    expect(profile).toMatchObject({ firstName: '</script><script>alert(1)</script>' });
  });

  it(`draws at most ${MAX_DRAWS_IN_FLIGHT} pages at once; a load beyond gets the plain shell at once`, async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    let allIn = () => {};
    const full = new Promise<void>((resolve) => (allIn = resolve));
    const gated = await createTestApp({
      webDist,
      database: t.database,
      signedInRenderer: async () => {
        const real = await renderer();
        return {
          renderSignedIn: async (...args) => {
            if (++entered === MAX_DRAWS_IN_FLIGHT) allIn();
            await held;
            return real.renderSignedIn(...args);
          },
        };
      },
    });
    const me = await investor();
    const load = () => gated.app.inject({ method: 'GET', url: `/app/${me.userName}/dashboard`, cookies: me.cookies });
    const drawing = Array.from({ length: MAX_DRAWS_IN_FLIGHT }, load);
    await full;
    const beyond = await load();
    expect(beyond.statusCode).toBe(200);
    expect(isShell(beyond.body)).toBe(true);
    release();
    for (const res of await Promise.all(drawing)) expect(res.body).toContain('data-server-rendered');
    await gated.app.close();
  });

  it('serves the plain shell when the render fails, never an error', async () => {
    const broken = await createTestApp({
      webDist,
      signedInRenderer: () => Promise.reject(new Error('no render code')),
      database: t.database,
    });
    const me = await investor();
    const res = await broken.app.inject({ method: 'GET', url: `/app/${me.userName}/dashboard`, cookies: me.cookies });
    expect(res.statusCode).toBe(200);
    expect(isShell(res.body)).toBe(true);
    await broken.app.close();
  });
});
