import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/app';
import { parseTrustProxy } from './trust-proxy';

const contact = { name: 'Ada Lovelace', email: 'ada@example.test', message: 'How do I start mining?' };
const PROXY = '10.70.0.1';

/** Status codes of `n` contact messages from `remoteAddress`, each claiming its own X-Forwarded-For. */
async function contactsWithForgedIps(t: TestContext, remoteAddress: string, n: number, net: string) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utils/contact',
      remoteAddress,
      headers: { 'x-forwarded-for': `${net}.${i + 1}` },
      payload: { ...contact, message: `note ${i}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

/** A cross-origin write that claims, through X-Forwarded-Host, to be addressed to that origin. */
const forgedHostWrite = (t: TestContext) =>
  t.app.inject({
    method: 'POST',
    url: '/api/utils/contact',
    remoteAddress: PROXY,
    headers: { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test' },
    payload: contact,
  });

describe('TRUST_PROXY unset: no client header is believed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('limits one client whatever X-Forwarded-For it sends (contact form: 5 per 15 minutes)', async () => {
    expect(await contactsWithForgedIps(t, '10.71.0.1', 6, '203.0.113')).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('refuses 30 wrong logins, each with its own X-Forwarded-For, before the 25th', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.71.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { usernameOrEmail: `nobody-${i}`, password: 'wrong password' },
      });
      codes.push(res.statusCode);
    }
    const first429 = codes.indexOf(429);
    expect(first429).toBeGreaterThanOrEqual(0);
    expect(first429).toBeLessThan(24);
  });

  it('takes the host from Host, not X-Forwarded-Host', async () => {
    const res = await forgedHostWrite(t);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});

describe('TRUST_PROXY naming the load balancer', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: [PROXY] });
  });
  afterAll(() => t.close());

  it("believes the balancer's X-Forwarded-For: each forwarded client has its own limit", async () => {
    expect(await contactsWithForgedIps(t, PROXY, 6, '203.0.113')).toEqual(Array<number>(6).fill(201));
  });

  it('still ignores the header from anyone else', async () => {
    expect(await contactsWithForgedIps(t, '10.71.0.9', 6, '192.0.2')).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("takes the balancer's X-Forwarded-Host", async () => {
    expect((await forgedHostWrite(t)).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('takes the client the one proxy saw, not what the client claimed before it', async () => {
    // "forged, real": the proxy appended the address it saw; only that one is believed.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utils/contact',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `198.18.0.${i + 1}, 192.0.2.77` },
        payload: { ...contact, message: `hop ${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('parseTrustProxy', () => {
  it('reads nothing, a hop count, or addresses and CIDRs', () => {
    for (const none of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(none)).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses trusting everyone and anything that is not an address', () => {
    for (const bad of ['true', '11', '10.0.0.1/33', 'lb.internal', '10.0.0.1,', '::1/129', '10.0.0.1/8/8'])
      expect(parseTrustProxy(bad), bad).toHaveProperty('error');
  });

  it('is read from the environment, and a bad value stops the start', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust any client/);
  });
});
