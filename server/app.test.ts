import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, signIn, type TestContext } from './test/app';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'webdist-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="en"><title>spa</title><div id="root"></div>',
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.info(1)');
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.info(1)'));
// What the build's pre-render writes (web/vite.config.ts): a page's markup inside #root, once per
// language (Home in all four here, About in English only).
const homeIn = (lng: string, h1: string) =>
  `<!doctype html><html lang="${lng}"><title>spa</title><div id="root" data-prerendered="/"><h1>${h1}</h1></div>`;
const homeHtml = homeIn('en', 'Home');
const homes = {
  en: homeHtml,
  es: homeIn('es', 'Inicio'),
  'pt-BR': homeIn('pt-BR', 'Início'),
  ru: homeIn('ru', 'Главная'),
};
for (const [lng, html] of Object.entries(homes)) {
  fs.mkdirSync(path.join(webDist, 'pages', lng), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'pages', lng, 'index.html'), html);
  fs.writeFileSync(path.join(webDist, 'pages', lng, 'index.html.br'), zlib.brotliCompressSync(html));
}
const aboutHtml = `<!doctype html><html lang="en"><title>spa</title><div id="root" data-prerendered="/about-us"><h1>About</h1></div>`;
fs.writeFileSync(path.join(webDist, 'pages', 'en', 'about-us.html'), aboutHtml);

let t: TestContext;

/** Routes that exist only in this test, to exercise the global error paths. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/validate',
    { schema: { body: z.object({ name: z.string().min(2, 'Name is too short'), age: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  app.get('/probe/boom', async () => {
    throw new Error('secret internals: SELECT * FROM users');
  });
  app.get('/probe/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get(
    '/probe/id/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req) => ({ id: req.params.id }),
  );
};

beforeAll(async () => {
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
});

// The probe routes must be registered before ready(); build a second app for them.
let probe: TestContext;
beforeAll(async () => {
  const { createTestDatabase } = await import('./test/db');
  const { buildApp } = await import('./app');
  const database = await createTestDatabase();
  const app = await buildApp({ database, appSecret: 'x'.repeat(40) });
  await app.register(probeRoutes, { prefix: '/api' });
  await app.ready();
  probe = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await probe.close();
});

const isErrorShape = (body: unknown) => {
  const b = body as Record<string, unknown>;
  return typeof b.message === 'string' && typeof b.code === 'string' && !('stack' in b);
};

describe('error shape', () => {
  it('malformed JSON gives 400 MALFORMED_JSON', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(res.statusCode).toBe(400);
    expect(isErrorShape(res.json())).toBe(true);
    expect(res.json().code).toBe('MALFORMED_JSON');
  });

  it('a validation failure lists every failing field', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      payload: { name: 'a', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Name is too short');
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['age', 'name']);
  });

  it('a bad path id is a 400, not a 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5']) {
      const res = await probe.app.inject({ method: 'GET', url: `/api/probe/id/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('an unknown /api route is a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: `Route ${method}:/api/does-not-exist not found`, code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('an unexpected error is a 500 that leaks nothing', async () => {
    const res = await probe.app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong.', code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('SELECT');
  });

  it('text/plain and form bodies are refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await probe.app.inject({
        method: 'POST',
        url: '/api/probe/validate',
        headers: { 'content-type': type },
        payload: 'name=abc',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('an oversized body is a 413 in the error shape', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      payload: { name: 'x'.repeat(2_000_000), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(isErrorShape(res.json())).toBe(true);
  });

  it('rate limits answer 429 in the error shape', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await probe.app.inject({ method: 'GET', url: '/api/probe/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const res = await probe.app.inject({ method: 'GET', url: '/api/probe/limited' });
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(res.json().message).toMatch(/Too many requests/);
  });
});

describe('CSRF', () => {
  const post = (headers: Record<string, string>) =>
    probe.app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { host: 'localhost:3000', ...headers },
      payload: { name: 'abc', age: 1 },
    });

  it('refuses a foreign Origin', async () => {
    const res = await post({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
  });
  it('refuses Sec-Fetch-Site: cross-site even without Origin', async () => {
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });
  it('accepts the same origin and clients that send no Origin', async () => {
    expect((await post({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });
  it('does not apply to safe methods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('health, headers, docs, SPA', () => {
  it('reports the database up, the version and uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.up).toBe(true);
    expect(body.database.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptimeSeconds).toBe('number');
  });

  it('sets security headers and no-store on the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document and UI at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/utils/site-settings', '/api/utils/public-settings']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers any other non-API path with index.html so the client router decides', async () => {
    for (const url of ['/login', '/plans', '/app/someone/dashboard', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('sends the pre-rendered Home page for / only, compressed when accepted, never cached stale', async () => {
    for (const url of ['/', '/?ref=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toBe(homeHtml);
    }
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(homeHtml);
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    // Only / has Home's markup: no other page shows Home before its own content.
    for (const url of ['/home', '/plans/', '/index.html'])
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('<h1>Home</h1>');
  });

  it("sends Home in the visitor's language: the cookie's choice, else Accept-Language, else English", async () => {
    const home = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/', headers });
    const cases: [Record<string, string>, string][] = [
      [{}, homes.en],
      [{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, homes.es],
      [{ 'accept-language': 'de, pt;q=0.5' }, homes['pt-BR']],
      [{ 'accept-language': 'fr' }, homes.en],
      [{ 'accept-language': 'es', cookie: 'lang=ru' }, homes.ru],
      [{ 'accept-language': 'es', cookie: 'lang=xx' }, homes.es],
    ];
    for (const [headers, body] of cases) {
      const res = await home(headers);
      expect(res.body, JSON.stringify(headers)).toBe(body);
      expect(res.headers.vary, JSON.stringify(headers)).toMatch(/accept-language.*cookie/i);
    }
    const br = await home({ 'accept-language': 'ru', 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(homes.ru);
  });

  it('sends each pre-rendered page for its own path, in English when not built in the language asked', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/about-us', headers: { 'accept-language': 'es' } });
    expect(about.body).toBe(aboutHtml);
    expect(about.headers.vary).toMatch(/accept-language.*cookie/i);
    for (const url of ['/about-us/', '/about-us/x', '/pages/en/about-us']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('<h1>About</h1>');
    }
  });

  it("names the visitor's language in every other page's shell", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'pt-BR' } });
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.headers.vary).toMatch(/accept-language.*cookie/i);
    const chosen = await t.app.inject({ method: 'GET', url: '/plans', headers: { cookie: 'lang=es' } });
    expect(chosen.body).toContain('<html lang="es">');
    expect((await t.app.inject({ method: 'GET', url: '/plans' })).body).toContain('<html lang="en">');
  });

  it('serves built assets with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed build file to a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.info(1)');
  });
});

describe('live-chat widget policy', () => {
  const csp = async (url = '/') =>
    String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
  const setWidget = async (liveChatWidgetId: string) => {
    const admin = await signIn(t.database, 'admin');
    return t.app.inject({
      method: 'PUT',
      url: '/api/utils/site-settings',
      cookies: admin.cookie,
      payload: { liveChatWidgetId },
    });
  };

  it('lets pages load the widget only while one is configured, never on the API', async () => {
    expect(await csp()).toContain("script-src 'self';");
    expect(await csp()).not.toContain('tawk.to');

    expect((await setWidget('5f1a2b3c4d5e6f7a8b9c0d1e/1abcd2efg')).statusCode).toBe(200);
    expect(await csp()).toContain("script-src 'self' https://embed.tawk.to");
    expect(await csp('/login')).toContain('wss://*.tawk.to');
    expect(await csp('/api/health')).toBe("default-src 'none'; frame-ancestors 'none'");

    expect((await setWidget('')).statusCode).toBe(200);
    expect(await csp()).not.toContain('tawk.to');
  });

  it('refuses a widget id that is not the propertyId/widgetId shape (it becomes part of a script URL)', async () => {
    for (const bad of ['https://evil.example/x.js', '../../x', 'abc/def?x=1', 'abc']) {
      const res = await setWidget(bad);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
