import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, notifications } from '../../db/schema';
import { createSecretBox } from '../../lib/secrets';
import { MemoryFailureCounters, type FailureCounters } from '../../plugins/limits';
import { createTestApp, TEST_APP_SECRET, type TestContext } from '../../test/app';
import { insertLoginUser } from '../../test/accounts';
import { testClock } from '../../test/clock';
import { clientNet, LOCKOUT, LoginGuard } from './lockout';
import { formatDateTimeUtc } from '../../../contract/dates';

let t: TestContext;
const clock = testClock();
const PASSWORD = 'a long enough password';
const WRONG = 'not the password at all';

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const login = (usernameOrEmail: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { usernameOrEmail, password },
    headers,
  });

/** `n` wrong passwords on `name`, each from its own client (`prefix` + 1..n), all at once. */
const spread = (name: string, n: number, prefix: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => login(name, WRONG, `${prefix}${i + 1}`)));

const owner = (fields: { maxDevices?: number } = {}) =>
  insertLoginUser(t.database, PASSWORD, { maxDevices: 50, ...fields });

describe('per (account, client) limit', () => {
  it('refuses a client after 10 wrong passwords on an account, even the right one; others sign in', async () => {
    const u = await owner();
    for (let i = 0; i < 10; i++) expect((await login(u.userName, WRONG, '10.1.0.1')).statusCode).toBe(401);
    // The email names the same account: one budget.
    const refused = await login(u.email, PASSWORD, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login(u.userName, PASSWORD, '10.1.0.2')).statusCode).toBe(200);

    clock.advance(LOCKOUT.windowMs);
    expect((await login(u.userName, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('a right password clears that client: its next wrong passwords start from zero', async () => {
    const u = await owner();
    for (let i = 0; i < 9; i++) await login(u.userName, WRONG, '10.2.0.1');
    expect((await login(u.userName, PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(u.userName, WRONG, '10.2.0.1')).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts guesses still in flight: 30 at once from one client, at most 10 reach the password check', async () => {
    const u = await owner();
    const codes = (await Promise.all(Array.from({ length: 30 }, () => login(u.userName, WRONG, '10.2.1.1')))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c !== 401).every((c) => c === 429)).toBe(true);
    expect((await login(u.userName, PASSWORD, '10.2.1.2')).statusCode).toBe(200);
  });
});

describe('per client limit over all accounts', () => {
  it('refuses a client after 20 wrong passwords on any accounts; right ones do not count', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => owner()));
    // Right passwords first: they are given back, so all 20 failures below are still checked.
    for (let i = 0; i < 9; i++)
      expect((await login(users[i % 2]!.userName, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login(`nobody-${i}`, WRONG, '10.3.0.1')).statusCode);
    expect(codes).toEqual(Array<number>(20).fill(401));
    const refused = await login(users[2]!.userName, PASSWORD, '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts/);
    expect((await login(users[2]!.userName, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const u = await owner();
    for (let i = 0; i < 20; i++) await login(`nobody-v6-${i}`, WRONG, `2001:db8:5:6::${(i + 1).toString(16)}`);
    expect((await login(u.userName, PASSWORD, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await login(u.userName, PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
    expect(clientNet('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNet('2001:DB8::1%eth0')).toBe('2001:db8:0:0::/64');
  });

  it('TRUST_PROXY unset: 30 wrong logins, each with its own X-Forwarded-For → 429 before the 25th', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await login(`nobody-xff-${i}`, WRONG, '10.4.0.1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      codes.push(res.statusCode);
    }
    expect(codes.indexOf(429)).toBeLessThan(24);
    expect(codes.slice(codes.indexOf(429)).every((c) => c === 429)).toBe(true);
  });
});

describe('account under attack', () => {
  it('after 100 wrong passwords from other clients, the owner still signs in from their own', async () => {
    const u = await owner();
    expect((await spread(u.userName, 100, '10.5.1.')).map((r) => r.statusCode)).toEqual(Array<number>(100).fill(401));
    expect((await login(u.userName, PASSWORD, '10.5.2.1')).statusCode).toBe(200);
    // Another client that has not guessed is still checked normally, right or wrong.
    expect((await login(u.userName, WRONG, '10.5.2.2')).statusCode).toBe(401);
    // One that guessed is refused, right password or not: it learns nothing.
    expect((await login(u.userName, PASSWORD, '10.5.1.7')).statusCode).toBe(429);
  });

  it('makes a guessing client wait longer after each failure, then refuses it; the owner signs in', async () => {
    const u = await owner();
    await spread(u.userName, 10, '10.6.1.');
    const guesser = '10.6.2.1';
    expect((await login(u.userName, WRONG, guesser)).statusCode).toBe(401);
    for (const wait of [1, 2, 4]) {
      const early = await login(u.userName, PASSWORD, guesser);
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe(String(wait));
      expect(early.json().message).toBe(`Too many failed sign-in attempts. Please try again in ${wait} seconds.`);
      clock.advance(wait * 1000);
      expect((await login(u.userName, WRONG, guesser)).statusCode).toBe(401);
    }
    expect((await login(u.userName, WRONG, guesser)).headers['retry-after']).toBe('8');

    // At 50 failures from the others the guesser is refused until the account's window ends.
    await spread(u.userName, 40, '10.6.3.');
    clock.advance(8000);
    const refused = await login(u.userName, PASSWORD, guesser);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(LOCKOUT.windowMs / 1000 - 15);
    expect((await login(u.userName, PASSWORD, '10.6.4.1')).statusCode).toBe(200);

    clock.advance(LOCKOUT.windowMs);
    expect((await login(u.userName, PASSWORD, guesser)).statusCode).toBe(200);
  });

  it('emails the owner once per window, at the 10th failure, with the time, no secret', async () => {
    const u = await owner();
    const box = createSecretBox(TEST_APP_SECRET);
    const mails = async () => {
      await t.app.notificationDelivery.idle();
      await t.app.notificationDelivery.drain();
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email));
      return rows.map((m) => ({ subject: m.subject, text: box.decrypt(m.textBody) }));
    };
    await spread(u.userName, 9, '10.7.1.');
    expect(await mails()).toEqual([]);
    const start = formatDateTimeUtc(clock.now());
    await login(u.userName, WRONG, '10.7.1.10');
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('MineVest security alert: Failed sign-in attempts on your account');
    expect(mail!.text).toContain(
      `Several failed sign-in attempts on your account: 10 wrong passwords since ${start}, ` +
        `the latest at ${start}.`,
    );
    expect(mail!.text).not.toContain(WRONG);

    await spread(u.userName, 20, '10.7.2.');
    expect(await mails()).toHaveLength(1);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.recipientId, u.id))).toHaveLength(1);

    clock.advance(LOCKOUT.windowMs);
    await spread(u.userName, 10, '10.7.3.');
    expect(await mails()).toHaveLength(2);
  });
});

describe('LoginGuard', () => {
  it('checks the password without limits when its store fails', async () => {
    const broken: FailureCounters = {
      hit: () => Promise.reject(new Error('store down')),
      undo: () => Promise.reject(new Error('store down')),
      fail: () => Promise.reject(new Error('store down')),
      clear: () => Promise.reject(new Error('store down')),
    };
    const guard = new LoginGuard(broken, LOCKOUT, t.app.log);
    for (let i = 0; i < 30; i++) {
      const attempt = await guard.begin('name:x', '10.8.0.1', clock.now());
      expect((await attempt.failed(clock.now())).failures).toBe(0);
    }
  });

  it('keeps at most maxKeys keys in memory, dropping the least recently hit', async () => {
    const counters = new MemoryFailureCounters(2);
    const now = clock.now().getTime();
    await counters.hit(['a'], now, 60_000);
    await counters.hit(['b'], now, 60_000);
    await counters.hit(['a'], now, 60_000);
    await counters.hit(['c'], now, 60_000);
    expect((await counters.hit(['a', 'b'], now, 60_000)).map((w) => w.count)).toEqual([3, 1]);
  });
});
