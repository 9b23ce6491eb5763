import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { mailOutbox, users } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { testClock } from '../../test/clock';
import { linkIn, startSmtpSink } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, publicUrl: 'http://site.test' });
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
const valid = () => {
  n += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: `ada${n}`,
    email: `ada${n}@example.test`,
    phone: '+44 20 7946 0000',
    dateOfBirth: '1990-12-10',
    country: 'gb',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    agreement: true,
  };
};
const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/register', payload });

describe('POST /api/users/register', () => {
  it('creates an active user whose email is unconfirmed, with an argon2id hash, and stores the confirmation mail encrypted', async () => {
    const body = valid();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ userName: body.userName, email: body.email });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(u).toMatchObject({ status: 'active', isEmailVerified: false, country: 'GB', dateOfBirth: '1990-12-10' });
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email));
    expect(mail).toMatchObject({ status: 'stored', subject: expect.stringContaining('Confirm your email') });
    expect(mail!.textBody).not.toContain('confirm-email');
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ lastName: '' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ userName: 'ab' }, 'userName', 'Username must be at least 3 characters (letters, digits, . _ -)'],
    [{ userName: 'bad name!' }, 'userName', 'Username must be at least 3 characters (letters, digits, . _ -)'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ phone: '12345' }, 'phone', 'Phone number must be at least 10 characters'],
    [{ dateOfBirth: '2020-02-30' }, 'dateOfBirth', 'Please enter a valid date of birth'],
    [
      { dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` },
      'dateOfBirth',
      'You must be at least 18 years old to register',
    ],
    [{ country: '' }, 'country', 'Please select your country'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: 'something else' }, 'confirmPassword', 'Passwords do not match'],
    [{ agreement: false }, 'agreement', 'You must agree to the Terms and Conditions'],
    [{ btcWallet: 'bc1 <script>' }, 'btcWallet', 'Wallet address may contain only letters and digits'],
  ])('refuses %j: %s', async (patch, field, message) => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const res = await register({ ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('refuses a taken user name or email, whatever the case, with 409', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const sameName = await register({ ...valid(), userName: first.userName.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already taken' });
    const sameEmail = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it('stores the referrer by user name or id, and refuses an unknown one', async () => {
    const referrer = valid();
    const refId = (await register(referrer)).json().user.id;
    const byName = await register({ ...valid(), referrerId: referrer.userName });
    const byId = await register({ ...valid(), referrerId: String(refId) });
    for (const res of [byName, byId]) {
      const [u] = await t.database.db.select().from(users).where(eq(users.id, res.json().user.id));
      expect(u!.referrerId).toBe(refId);
    }
    const unknown = await register({ ...valid(), referrerId: 'nobody-here' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Referral ID not found');
  });

  it('never answers 500 to a malformed body', async () => {
    for (const payload of [
      [],
      'x',
      { ...valid(), agreement: 'yes' },
      { ...valid(), email: 42 },
      { ...valid(), firstName: 'x'.repeat(10_000) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: payload as object });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('email confirmation over SMTP', () => {
  it('mails a link that confirms once, activates the account, and then stops working', async () => {
    const admin = await signIn(t.database, 'admin');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/utils/site-settings',
      cookies: admin.cookie,
      payload: { smtpHost: '127.0.0.1', smtpPort: smtp.port, fromEmail: 'no-reply@site.test' },
    });
    expect(put.statusCode).toBe(200);
    const body = valid();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(body.email));
    const link = linkIn(mail.raw, '/verify/confirm-email/');
    expect(link.startsWith('http://site.test/verify/confirm-email/')).toBe(true);
    const token = link.split('/').pop()!;

    const ok = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
    expect(ok.statusCode).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(u).toMatchObject({ isEmailVerified: true, status: 'active' });
    const again = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Email verification failed. The link may be expired or invalid.');
    const [sent] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from mail_outbox where to_address = ${body.email}`,
    );
    expect(sent!.status).toBe('sent');
  });

  it('expires confirmation links after 24 hours; resend issues a fresh one', async () => {
    const body = valid();
    await register(body);
    const first = linkIn((await smtp.waitFor((m) => m.to.includes(body.email))).raw, '/verify/confirm-email/')
      .split('/')
      .pop()!;
    clock.advance(24 * 3_600_000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${first}` })).statusCode).toBe(400);

    const before = smtp.mails.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-confirmation',
      payload: { email: body.email.toUpperCase() },
    });
    expect(resend.json().message).toBe('Verification email has been resent. Please check your inbox.');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-confirmation',
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(resend.statusCode);
    expect(unknown.json()).toEqual(resend.json());
    const mail = await smtp.waitFor((m) => smtp.mails.indexOf(m) >= before && m.to.includes(body.email));
    const fresh = linkIn(mail.raw, '/verify/confirm-email/').split('/').pop()!;
    expect((await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${fresh}` })).statusCode).toBe(200);
  });

  it('refuses garbage tokens with a 4xx in the error shape', async () => {
    for (const [token, status] of [
      ['x', 400],
      ['%00', 400],
      ['a'.repeat(300), 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });
});
