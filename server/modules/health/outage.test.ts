import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Access, Route } from '../../../contract/route';
import { buildApp, type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { createSession } from '../sessions/service';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { SESSION_COOKIE } from '../../plugins/auth';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { insertUser, TEST_APP_SECRET } from '../../test/app';
import { createScratchDatabase, TEMPLATE_ENV } from '../../test/db';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

/**
 * PostgreSQL going away and coming back, through a TCP proxy between the app's pool and the
 * server (GitHub issue 17): every route answers 503 with Retry-After, none 500; liveness and
 * static files keep answering; once the proxy forwards again the same requests succeed, with
 * no restart. PostgreSQL only: PGlite runs inside the process and cannot go away.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
function multipart(parts: Part[]) {
  const boundary = '----outage' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) =>
    'bytes' in p
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n`,
          ),
          Buffer.from(`Content-Type: ${p.type}\r\n\r\n`),
          p.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const image = (name: string) => ({ name, filename: `${name}.png`, type: 'image/png', bytes: PNG });

const password = 'a long enough password';
const person = (n: number) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  userName: `outage${n}_${Date.now() % 100_000}`,
  email: `outage${n}_${Date.now() % 100_000}@example.test`,
  phone: '+44 20 7946 0000',
  dateOfBirth: '1990-12-10',
  password,
  confirmPassword: password,
});

/** An email template every event renders. */
const TEMPLATE = { subject: 'Hello {{ firstName }}', html: '<p>{{ link }}</p>', text: '{{ link }}' };

/** A passkey's answer in the shape the browser library sends (its signature does not verify). */
const clientData = Buffer.from('{"type":"webauthn.get","challenge":"AAAA","origin":"http://localhost"}').toString(
  'base64url',
);
const passkeyAnswer = (response: Record<string, string>) => ({
  id: 'AAECAwQFBgcICQ',
  rawId: 'AAECAwQFBgcICQ',
  type: 'public-key',
  response: { clientDataJSON: clientData, ...response },
  clientExtensionResults: {},
});

/** A plausible body for every operation that takes one, by `METHOD /api/path` as the OpenAPI document names it. */
const bodies = (me: number, n: number): Record<string, unknown> => ({
  'PUT /api/utils/site-settings': { siteName: 'MineVest' },
  'POST /api/auth/login': { usernameOrEmail: 'nobody@example.test', password: 'wrong password' },
  'POST /api/auth/verify2fa': { token: '123456', tempToken: 'not-a-challenge' },
  'POST /api/auth/request-reset': { userName: 'nobody@example.test' },
  'POST /api/auth/reset-password/{token}': { newPassword: password, confirmPassword: password },
  'POST /api/users/register': { ...person(n), country: 'gb', agreement: true },
  'POST /api/users/resend-confirmation': { email: 'nobody@example.test' },
  'PUT /api/users/profile/{id}': { firstName: 'Grace', city: 'Arlington' },
  'PUT /api/users/{id}/password': { currentPassword: 'not it', newPassword: password, confirmPassword: password },
  'POST /api/users/verify2fa-setup/{id}': { token: '123456' },
  'POST /api/users/disable2fa/{id}': { token: '123456', password },
  'POST /api/users/{id}/recovery-codes': { token: '123456' },
  'DELETE /api/users/device-sessions/{id}': { loginChallenge: 'a'.repeat(43) },
  'POST /api/users/disconnect-all-devices': { usernameOrEmail: 'nobody@example.test', loginChallenge: 'a'.repeat(43) },
  'POST /api/activity/logs': { action: 'Viewed the dashboard', path: '/app/dashboard' },
  'POST /api/deposits/new': { amount: '50.00', currency: 'USDT', idempotencyKey: `outage-deposit-${n}` },
  'PUT /api/deposits/update/{id}': { status: 'settled' },
  'POST /api/deposits/manual': {
    userId: me,
    amount: '25.00',
    currency: 'USDT',
    notes: 'outage test',
    idempotencyKey: `outage-manual-${n}`,
  },
  'POST /api/plans': {
    name: `Outage plan ${n}`,
    description: 'A plan made while testing outages',
    duration: 30,
    interestRate: '1.5',
    minimumInvestment: '10.00',
    maximumInvestment: '1000.00',
  },
  'PUT /api/plans/{id}': {
    name: 'Starter',
    description: 'A plan changed while testing outages',
    duration: 30,
    interestRate: '1.5',
    minimumInvestment: '10.00',
    maximumInvestment: '1000.00',
  },
  'POST /api/investments': { planId: 1, amount: '10.00', idempotencyKey: `outage-invest-${n}` },
  'POST /api/investments/withdraw': {
    userId: me,
    amount: '10.00',
    currency: 'USD',
    idempotencyKey: `outage-withdraw-${n}`,
  },
  'PUT /api/transactions/withdrawals/{id}/status': { status: 'settled' },
  'PUT /api/transactions/update/{id}': { status: 'completed' },
  'PUT /api/users/{id}/payout-details': { btcWallet: 'bc1qexample', currentPassword: password },
  'POST /api/utils/contact': { name: 'Ada', email: 'ada@example.test', message: 'Hello there' },
  'POST /api/users': { ...person(n), role: 'moderator' },
  'PUT /api/users/{id}/status': { status: 'active' },
  'POST /api/utils/site-settings/test-email': { to: '' },
  'POST /api/notifications/send-user': { userId: me, message: 'Hello' },
  'POST /api/notifications/send-all': { message: 'Hello everyone' },
  'POST /api/support/conversation/messages': { body: 'Hello support' },
  'POST /api/support/conversations/{id}/messages': { body: 'Hello' },
  'PUT /api/support/conversations/{id}/status': { status: 'closed' },
  'POST /api/admin/kyc/{id}/reject': { reason: 'The document is unreadable' },
  'PUT /api/users/{id}/security-hold': { reason: 'Verified by phone' },
  'PUT /api/investments/{id}/compounding': { percent: 10 },
  'POST /api/deposits/webhook/btcpay': { type: 'InvoiceSettled', invoiceId: 'none' },
  'PUT /api/users/me/locale': { locale: 'es' },
  'PUT /api/admin/email-templates/{event}/{locale}': { ...TEMPLATE, baseVersion: 0 },
  'POST /api/admin/email-templates/{event}/{locale}/preview': TEMPLATE,
  'POST /api/admin/email-templates/{event}/{locale}/test': TEMPLATE,
  'POST /api/admin/email-templates/{event}/{locale}/reset': { baseVersion: 0 },
  'POST /api/users/me/passkeys': { name: 'Laptop', response: passkeyAnswer({ attestationObject: 'o2NmbXRkbm9uZQ' }) },
  'DELETE /api/users/me/passkeys/{id}': { password },
  'POST /api/auth/passkey/verify': {
    response: passkeyAnswer({
      authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      signature: 'MEUCIQ',
    }),
  },
});

/** Operations whose body is multipart/form-data (uploads). */
const uploads: Record<string, Part[]> = {
  'POST /api/users/{id}/profile-image': [image('profileImage')],
  'POST /api/kyc/user/{id}': [
    ...Object.entries({
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-05-17',
      country: 'nl',
      address: 'Keizersgracht 1, Amsterdam',
      documentType: 'passport',
      documentNumber: 'NX-12 345',
    }).map(([name, value]) => ({ name, value })),
    image('document'),
    image('selfie'),
  ],
};

/** Path and required query values that are not the caller's own id or the first of an enum. */
const values: Record<string, string> = {
  token: 'a'.repeat(43),
  name: 'session-expiry',
  ref: 'TX-7K4M-9QZP-2HD8',
  symbol: 'BTC_USD',
  pairs: 'BTC_USD,ETH_USD',
  file: 'btc.svg',
  amount: '10',
};

/** Never read the caller, so they answer without the database even with a session cookie. */
const withoutCaller = new Set(['GET /api/health/live', 'GET /api/utils/coin-logos/{file}']);
/** The only API operations whose answer does not wait for the database. */
const withoutDatabase = new Set([
  ...withoutCaller,
  // The same answer for any address, given before the lookup runs in the background (no account enumeration).
  'POST /api/auth/request-reset',
  'POST /api/users/resend-confirmation',
]);
/** Anonymous, these have nothing to look up: signing out without a session. */
const anonymousWithoutDatabase = new Set(['POST /api/auth/logout']);
/**
 * Answered from the site settings alone, which the staff second-factor gate (plugins/staff-second-factor.ts)
 * reads as a staff caller's request starts: cut after that, the handler answers from that read.
 */
const fromStaffGateSettings = new Set([
  'GET /api/utils/site-settings',
  'GET /api/utils/public-settings',
  'GET /api/auth/{provider}',
  'GET /api/auth/{provider}/callback',
  'POST /api/deposits/webhook/btcpay',
  'POST /api/utils/site-settings/test-email',
  'POST /api/utils/site-settings/test-btcpay',
  'POST /api/utils/site-settings/test-payouts',
  'POST /api/admin/email-templates/{event}/{locale}/preview',
]);
/** Answered from the session lookup alone: once it has run, the handler needs nothing more. */
const fromSessionLookup = new Set(['GET /api/verify-auth-token']);

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: { type?: string; enum?: string[] };
}
interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Who may call it, from its contract route. */
  access: Access;
}

/** Every contract route's access, by `METHOD /api/path` as the OpenAPI document names it. */
async function accessByOperation(): Promise<Map<string, Access>> {
  const dir = path.resolve(import.meta.dirname, '../../../contract');
  const byKey = new Map<string, Access>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const exports = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const table of Object.values(exports)) {
      if (!table || typeof table !== 'object') continue;
      for (const r of Object.values(table) as Partial<Route>[])
        if (r && typeof r === 'object' && typeof r.method === 'string' && typeof r.path === 'string' && r.access)
          byKey.set(`${r.method} /api${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`, r.access);
    }
  }
  return byKey;
}

const valueOf = (p: Parameter, me: number): string => {
  if (p.schema.enum?.[0]) return p.schema.enum[0];
  if (p.schema.type === 'integer') return String(me);
  const v = values[p.name];
  if (v === undefined) throw new Error(`no plausible value for the parameter ${p.name}`);
  return v;
};

describe.skipIf(!serverUrl)('the database going away (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let proxy: TcpProxy;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  /** The app's database, through the proxy. */
  let proxied: Database;
  /** The same database straight to the server, for set-up and for looking while the proxy is cut. */
  let direct: Database;
  let app: App;
  let pool: pg.Pool;
  let adminId: number;
  let otherId: number;
  let operations: Operation[];
  let cutBeforeHandler = false;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-web-'));

  /** Waits until the pool holds no connection: after a cut, every one it had is gone (none comes back while cut). */
  async function drained(): Promise<void> {
    while (pool.totalCount > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  async function session(): Promise<Record<string, string>> {
    const { token } = await createSession(direct.db, { userId: adminId, ttlMs: 3_600_000, now: new Date() });
    return { [SESSION_COOKIE]: token };
  }

  /** The request a browser or client would plausibly send to `op`, as the signed-in admin when it needs a caller. */
  function requestFor(op: Operation, cookies: Record<string, string> | null, n: number): InjectOptions {
    let url = op.path;
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      // Deleting oneself is refused before any query: delete someone else.
      const id = op.key === 'DELETE /api/users/{id}' ? otherId : adminId;
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(valueOf(p, id)));
      else if (p.required) query.set(p.name, valueOf(p, adminId));
    }
    const search = query.toString();
    const upload = uploads[op.key];
    const body = bodies(adminId, n)[op.key];
    return {
      method: op.method as InjectOptions['method'],
      url: search ? `${url}?${search}` : url,
      ...(cookies ? { cookies } : {}),
      ...(upload ? multipart(upload) : body === undefined ? {} : { payload: body as object }),
    };
  }

  /**
   * Site settings are cached for a second: a route that reads only them may answer from the
   * cache after a request that read them before the cut. Moving the clock past that second
   * (Date only) makes every request while cut really ask the database.
   */
  const pastSettingsCache = () => vi.setSystemTime(Date.now() + 1001);
  afterEach(async () => {
    vi.useRealTimers();
    // A failed test leaves the next one a working database.
    if (proxy.isCut) {
      await drained();
      proxy.restore();
    }
  });

  /** The error code of an answer; files and CSV downloads have none. */
  const codeOf = (res: LightMyRequestResponse) =>
    String(res.headers['content-type']).startsWith('application/json') ? res.json<{ code?: string }>().code : undefined;
  const outcome = (res: LightMyRequestResponse) => `${res.statusCode} ${codeOf(res) ?? ''}`.trim();

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.info(1)');

    const server = new URL(serverUrl!);
    scratch = await createScratchDatabase(serverUrl!, 't', process.env[TEMPLATE_ENV.postgres]);
    direct = await openDatabase({ url: scratch.url });
    if (!process.env[TEMPLATE_ENV.postgres]) await direct.migrate();
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    proxied = await openDatabase({ url: viaProxy.toString(), poolSize: 4 });
    pool = (proxied.db as unknown as { $client: pg.Pool }).$client;
    adminId = await insertUser(direct, { role: 'admin' });
    otherId = await insertUser(direct);

    app = await buildApp({
      database: proxied,
      appSecret: TEST_APP_SECRET,
      checkErrorCodes: true,
      webDist,
      // Each route is asked several times from the one test address.
      rateLimitFactor: 100,
      // Passkeys are served only with a public address (their relying party).
      publicUrl: 'http://localhost',
      telegramApiUrl: 'http://127.0.0.1:9',
    });
    // The database goes away after the session lookup and validation, just before the handler.
    app.addHook('preHandler', (_request, _reply, done) => {
      if (cutBeforeHandler) {
        cutBeforeHandler = false;
        proxy.cut();
      }
      done();
    });
    await app.ready();

    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    }>();
    const access = await accessByOperation();
    operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const key = `${method.toUpperCase()} ${p}`;
        const found = access.get(key);
        if (!found) throw new Error(`${key} has no contract route`);
        return { key, method: method.toUpperCase(), path: p, parameters: op.parameters ?? [], access: found };
      }),
    );
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
    await scratch?.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('walks every operation of the OpenAPI document with a plausible request', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations
      .filter((op) => op.method !== 'GET' && op.method !== 'DELETE')
      .filter((op) => !(op.key in bodies(1, 1)) && !(op.key in uploads))
      .map((op) => op.key);
    // POSTs that take no body; a new route with a body must get one above.
    expect(missing.sort()).toEqual(
      [
        'POST /api/auth/logout',
        'POST /api/users/setup2fa/{id}',
        'POST /api/investments/{id}/cancel',
        'POST /api/investments/{id}/end',
        'POST /api/admin/jobs/{name}/run',
        'POST /api/utils/site-settings/test-btcpay',
        'POST /api/utils/site-settings/test-payouts',
        'PUT /api/notifications/{id}/read',
        'PUT /api/notifications/{id}/unread',
        'POST /api/notifications/telegram',
        'POST /api/support/conversation',
        'POST /api/support/conversation/close',
        'POST /api/admin/kyc/{id}/approve',
        'POST /api/users/me/passkeys/options',
        'POST /api/users/me/passkeys/{id}/confirm-options',
        'POST /api/auth/passkey/options',
        'POST /api/proof-of-liabilities/snapshots',
      ].sort(),
    );
  });

  it('answers 503 with Retry-After to a request in flight when the database goes', async () => {
    const cut = proxy.cutWhenClientSends((chunk) => chunk.includes('"plans"'));
    const res = await app.inject({ method: 'GET', url: '/api/plans' });
    await cut;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable, please try again shortly.',
    });
    await drained();
    proxy.restore();
    expect((await app.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
  });

  it('loses no money when the database goes in the middle of a deposit, which succeeds once sent again', async () => {
    const cookies = await session();
    const credit = () =>
      app.inject({
        method: 'POST',
        url: '/api/deposits/manual',
        cookies,
        payload: { userId: otherId, amount: '25.00', currency: 'USDT', idempotencyKey: 'outage-in-flight-1' },
      });
    // The ledger entry is written; the transaction row that goes with it is on its way.
    const cut = proxy.cutWhenClientSends((chunk) => /insert into "?transactions"?/i.test(chunk.toString()));
    const lost = await credit();
    await cut;
    expect([lost.statusCode, lost.headers['retry-after'], codeOf(lost)]).toEqual([
      503,
      String(RETRY_AFTER_SECONDS),
      'SERVICE_UNAVAILABLE',
    ]);
    expect(await userBalances(direct.db, otherId)).toMatchObject({ available: 0n });
    await drained();
    proxy.restore();

    expect((await credit()).statusCode).toBe(201);
    expect((await credit()).statusCode).toBe(200); // the same key: the first answer again
    expect(await userBalances(direct.db, otherId)).toMatchObject({ available: 2500n });
    expect((await verifyLedger(direct.db)).problems).toEqual([]);
  });

  const answeredWhileCut = new Map<string, string>();
  const unavailable = (res: LightMyRequestResponse) =>
    res.statusCode === 503 &&
    res.headers['retry-after'] === String(RETRY_AFTER_SECONDS) &&
    codeOf(res) === 'SERVICE_UNAVAILABLE';

  it('while the database is down: 503 with Retry-After where it is needed, never 500; liveness, files', async () => {
    const cookies = await session();
    proxy.cut();
    await drained();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const wrong: string[] = [];
    for (const [i, op] of operations.entries()) {
      pastSettingsCache();
      // Anonymous, as a load balancer or a visitor: a route that needs a caller refuses before any query.
      const anonymous = await app.inject(requestFor(op, null, i));
      const fine =
        withoutDatabase.has(op.key) || anonymousWithoutDatabase.has(op.key)
          ? anonymous.statusCode === 200
          : op.key === 'GET /api/health'
            ? anonymous.statusCode === 503 && anonymous.json<{ status: string }>().status === 'degraded'
            : op.access === 'public'
              ? unavailable(anonymous)
              : outcome(anonymous) === '401 UNAUTHENTICATED';
      if (!fine) wrong.push(`${op.key} anonymous: ${outcome(anonymous)}`);
      // Signed in: the session lookup itself needs the database, but where the caller is never read.
      pastSettingsCache();
      const signedIn = await app.inject(requestFor(op, cookies, i));
      answeredWhileCut.set(op.key, outcome(signedIn));
      const signedInFine = withoutCaller.has(op.key) ? signedIn.statusCode === 200 : unavailable(signedIn);
      if (!signedInFine) wrong.push(`${op.key} signed in: ${outcome(signedIn)}`);
    }
    expect(wrong).toEqual([]);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(health.json()).toMatchObject({ status: 'degraded', database: { up: false, driver: 'postgres' } });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', cookies });
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.info(1)']);
    const page = await app.inject({ method: 'GET', url: '/app/dashboard', cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('when the database goes after the session lookup: 503 from every handler that uses it', async () => {
    const cookies = await session();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const wrong: string[] = [];
    for (const [i, op] of operations.entries()) {
      pastSettingsCache();
      cutBeforeHandler = true;
      const res = await app.inject(requestFor(op, cookies, i));
      // Every API route passes the hook; a handler that answered without the database left it armed.
      const reachedHandler = !cutBeforeHandler;
      cutBeforeHandler = false;
      await drained();
      proxy.restore();
      const fine =
        withoutDatabase.has(op.key) || fromSessionLookup.has(op.key)
          ? res.statusCode === 200
          : fromStaffGateSettings.has(op.key)
            ? res.statusCode < 500
            : op.key === 'GET /api/health'
              ? res.statusCode === 503 && res.headers['retry-after'] === String(RETRY_AFTER_SECONDS)
              : unavailable(res);
      if (!reachedHandler || !fine)
        wrong.push(`${op.key}: ${outcome(res)}${reachedHandler ? '' : ' (before the handler)'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('once the database is back, the same requests succeed without a restart', async () => {
    const wrong: string[] = [];
    for (const [i, op] of operations.entries()) {
      // A fresh session each: logging out or disconnecting every device is among the requests.
      const res = await app.inject(requestFor(op, await session(), i));
      if (res.statusCode >= 500 || codeOf(res) === 'VALIDATION_FAILED')
        wrong.push(`${op.key}: ${outcome(res)} (while down: ${answeredWhileCut.get(op.key)})`);
    }
    expect(wrong).toEqual([]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect([health.statusCode, health.headers['retry-after']]).toEqual([200, undefined]);
  });
});
