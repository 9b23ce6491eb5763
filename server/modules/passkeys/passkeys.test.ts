import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { CreationOptions, RequestOptions } from '../../../contract/passkeys';
import {
  activityLogs,
  auditLog,
  deviceSessions,
  mailOutbox,
  notifications,
  passkeyChallenges,
  passkeys,
  users,
} from '../../db/schema';
import { createSecretBox } from '../../lib/secrets';
import { createTestApp, TEST_APP_SECRET, type TestContext } from '../../test/app';
import { insertLoginUser, sessionCookieOf } from '../../test/accounts';
import { testClock } from '../../test/clock';
import { SoftAuthenticator } from '../../test/webauthn';
import { sessionExpiryJob } from '../../jobs';
import { PASSKEY_CHALLENGE_TTL_MS } from './challenges';

const SITE = 'https://invest.example.test';
const PASSWORD = 'a long enough password';
const HOUR = 3_600_000;

let t: TestContext;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, publicUrl: SITE });
});
afterAll(() => t.close());

let ip = 0;
/** Each request from its own address, so the per-IP limits do not bite a long file. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: { 'user-agent': UA },
    ...(token ? { cookies: { LoginToken: token } } : {}),
    ...(payload ? { payload } : {}),
  });

async function passwordLogin(userName: string) {
  const res = await call('POST', '/api/auth/login', undefined, { usernameOrEmail: userName, password: PASSWORD });
  return { res, token: sessionCookieOf(res) };
}

/** A signed-in user (by password) and an authenticator of their own. */
async function signedIn(fields: Parameters<typeof insertLoginUser>[2] = {}) {
  const user = await insertLoginUser(t.database, PASSWORD, fields);
  const { token } = await passwordLogin(user.userName);
  return { user, token: token!, authenticator: new SoftAuthenticator(SITE) };
}

const registrationOptions = async (token: string) => {
  const res = await call('POST', '/api/users/me/passkeys/options', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreationOptions>();
};

/** Adds a passkey through the API: options, the authenticator's answer, verify. */
async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const res = await call('POST', '/api/users/me/passkeys', token, {
    name,
    response: authenticator.register(await registrationOptions(token)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ passkey: { id: number; name: string } }>().passkey;
}

const signInOptions = async () => {
  const res = await call('POST', '/api/auth/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RequestOptions>();
};

const passkeySignIn = (response: object, rememberMe = false) =>
  call('POST', '/api/auth/passkey/verify', undefined, { response, rememberMe });

const storedPasskeys = (userId: number) =>
  t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
const holdOf = async (userId: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.securityHoldUntil;
const noticesOf = async (userId: number, key: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.key, key)));

describe('adding a passkey', () => {
  it('offers a discoverable, user-verified credential of this site, and stores the verified one', async () => {
    const { user, token, authenticator } = await signedIn();
    const options = await registrationOptions(token);
    expect(options).toMatchObject({
      rp: { id: 'invest.example.test', name: 'MineVest' },
      user: { name: user.userName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [],
    });
    // The user handle is random, never the account's id or name.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);

    const before = clock.now();
    const added = await call('POST', '/api/users/me/passkeys', token, {
      name: '  Work laptop ',
      response: authenticator.register(options),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Passkey added',
      passkey: { name: 'Work laptop', lastUsedAt: null, synced: false },
    });
    const [stored] = await storedPasskeys(user.id);
    expect(stored).toMatchObject({ name: 'Work laptop', counter: 0, userHandle: options.user.id });
    expect(stored!.transports).toEqual(['internal']);

    const list = await call('GET', '/api/users/me/passkeys', token);
    expect(list.json()).toEqual({
      data: [{ id: stored!.id, name: 'Work laptop', createdAt: before.toISOString(), lastUsedAt: null, synced: false }],
    });

    // The next options exclude it, with the same user handle.
    const again = await registrationOptions(token);
    expect(again.excludeCredentials).toEqual([
      { id: stored!.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(again.user.id).toBe(options.user.id);
  });

  it('starts the security hold, tells the owner by email and records it in the security activity', async () => {
    const { user, token, authenticator } = await signedIn();
    await addPasskey(token, authenticator, 'Phone');
    expect((await holdOf(user.id))!.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(await noticesOf(user.id, 'security.passkeyAdded')).toHaveLength(1);
    // The copy is due at the database's time of queueing, which ran on past this file's still clock.
    clock.advance(Math.max(0, Date.now() - clock.now().getTime()) + 1000);
    await t.app.notificationDelivery.idle();
    await t.app.notificationDelivery.drain();
    const box = createSecretBox(TEST_APP_SECRET);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((m) => m.subject)).toContain('MineVest security alert: A passkey was added to your account');
    expect(mails.map((m) => box.decrypt(m.textBody)).join('\n')).toContain('A passkey (Phone) was added');
    const activity = await t.database.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(activity.map((a) => [a.action, a.kind])).toContainEqual(['Added a passkey (Phone)', 'security']);
    // An investor's own change is not a staff action.
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(user.id))),
    ).toEqual([]);
  });

  it("audits a staff member's passkey changes", async () => {
    const { user, token, authenticator } = await signedIn({ role: 'moderator' });
    const { id } = await addPasskey(token, authenticator, 'Office key');
    const removed = await call('DELETE', `/api/users/me/passkeys/${id}`, token, { password: PASSWORD });
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.action, r.targetType, r.targetId])).toEqual([
      ['user.passkey_add', 'user', String(user.id)],
      ['user.passkey_remove', 'user', String(user.id)],
    ]);
    expect(rows[0]!.after).toMatchObject({ passkeyId: id, name: 'Office key' });
  });

  it('refuses an answer from another origin or relying party, or without user verification', async () => {
    const { user, token, authenticator } = await signedIn();
    for (const [tweaks, reason] of [
      [{ origin: 'https://invest.example.test.evil.example' }, /origin/],
      [{ rpId: 'evil.example' }, /RP ID/i],
      [{ uv: false }, /verif/i],
    ] as const) {
      const res = await call('POST', '/api/users/me/passkeys', token, {
        name: 'Laptop',
        response: authenticator.register(await registrationOptions(token), tweaks),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSKEY_INVALID', details: { reason: expect.stringMatching(reason) } });
    }
    expect(await storedPasskeys(user.id)).toEqual([]);
    expect(await holdOf(user.id)).toBeNull();
  });

  it('refuses an attestation with a certificate chain before checking it (no fetch of its revocation lists)', async () => {
    const { token, authenticator } = await signedIn();
    const res = await call('POST', '/api/users/me/passkeys', token, {
      name: 'Key',
      response: authenticator.register(await registrationOptions(token), { withCertificate: true }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSKEY_INVALID');
  });

  it('uses a challenge once, only for its user and purpose, and only until it expires', async () => {
    const { token, authenticator } = await signedIn();
    const other = await signedIn();
    const options = await registrationOptions(token);
    const answer = authenticator.register(options);
    // Another user cannot finish this user's ceremony.
    const stolen = await call('POST', '/api/users/me/passkeys', other.token, { name: 'X', response: answer });
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    // A sign-in challenge is no registration challenge.
    const signIn = await signInOptions();
    const wrongPurpose = await call('POST', '/api/users/me/passkeys', token, {
      name: 'X',
      response: authenticator.register({ ...options, challenge: signIn.challenge }),
    });
    expect(wrongPurpose.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    // Its owner uses it, once.
    expect((await call('POST', '/api/users/me/passkeys', token, { name: 'X', response: answer })).statusCode).toBe(201);
    const late = await call('POST', '/api/users/me/passkeys', token, { name: 'Y', response: answer });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      message: 'This passkey request has expired or was already used. Please try again.',
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });

    const fresh = await registrationOptions(token);
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const expired = await call('POST', '/api/users/me/passkeys', token, {
      name: 'X',
      response: authenticator.register(fresh),
    });
    expect(expired.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses a passkey registered already (409) and bad input (400), never 500', async () => {
    const { token, authenticator } = await signedIn();
    const other = await signedIn();
    const first = authenticator.register(await registrationOptions(token));
    expect((await call('POST', '/api/users/me/passkeys', token, { name: 'A', response: first })).statusCode).toBe(201);
    const twice = await call('POST', '/api/users/me/passkeys', other.token, {
      name: 'B',
      response: other.authenticator.register(await registrationOptions(other.token), { credentialId: first.id }),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PASSKEY_TAKEN');

    const good = authenticator.register(await registrationOptions(token));
    const bad: [string, object][] = [
      ['no name', { name: ' ', response: good }],
      ['long name', { name: 'x'.repeat(61), response: good }],
      ['no answer', { name: 'A' }],
      ['not base64url', { name: 'A', response: { ...good, response: { ...good.response, clientDataJSON: '%%%' } } }],
      ['no JSON', { name: 'A', response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } }],
      ['no CBOR', { name: 'A', response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } }],
      ['id unlike rawId', { name: 'A', response: { ...good, rawId: 'AAAA' } }],
      ['wrong type', { name: 'A', response: { ...good, type: 'password' } }],
    ];
    for (const [what, payload] of bad) {
      const res = await call('POST', '/api/users/me/passkeys', token, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    }
  });
});

describe('signing in with a passkey', () => {
  it('names no user: the chosen passkey does, and it counts as both factors', async () => {
    const { user, token, authenticator } = await signedIn();
    await addPasskey(token, authenticator);
    await t.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: 'unused' })
      .where(eq(users.id, user.id));
    expect((await passwordLogin(user.userName)).res.json().requires2FA).toBe(true);

    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'invest.example.test', userVerification: 'required', allowCredentials: [] });
    clock.advance(60_000);
    const res = await passkeySignIn(authenticator.assert(options), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Login successful!',
      requires2FA: false,
      user: { id: user.id, userName: user.userName, role: 'user' },
      secondFactorRequired: false,
    });
    expect(res.json().tempToken).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'LoginToken')!;
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect((await call('GET', '/api/verify-auth-token', cookie.value)).json().user.id).toBe(user.id);

    const [stored] = await storedPasskeys(user.id);
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: clock.now() });
    const activity = await t.database.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(activity.map((a) => a.action)).toContain('Logged in with a passkey');
  });

  it('refuses a replayed answer, an expired challenge and a counter that did not grow', async () => {
    const { user, token, authenticator } = await signedIn();
    await addPasskey(token, authenticator);
    const answer = authenticator.assert(await signInOptions());
    expect((await passkeySignIn(answer)).statusCode).toBe(200);
    const replay = await passkeySignIn(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    const stale = await signInOptions();
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const expired = await passkeySignIn(authenticator.assert(stale));
    expect(expired.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');

    // A cloned authenticator reports a counter the server has seen already.
    const cloned = await passkeySignIn(authenticator.assert(await signInOptions(), undefined, { counter: 1 }));
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json()).toMatchObject({
      code: 'PASSKEY_INVALID',
      details: { reason: expect.stringMatching(/counter/) },
    });
    expect((await storedPasskeys(user.id))[0]!.counter).toBe(1);
    expect(sessionCookieOf(cloned)).toBeUndefined();
  });

  it('refuses a wrong origin, a wrong relying party, no user verification and a bad signature', async () => {
    const { token, authenticator } = await signedIn();
    await addPasskey(token, authenticator);
    for (const [tweaks, reason] of [
      [{ origin: 'https://evil.example' }, /origin/],
      [{ origin: 'http://invest.example.test' }, /origin/],
      [{ rpId: 'evil.example' }, /RP ID/i],
      [{ uv: false }, /verif/i],
    ] as const) {
      const res = await passkeySignIn(authenticator.assert(await signInOptions(), undefined, tweaks));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSKEY_INVALID', details: { reason: expect.stringMatching(reason) } });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    const answer = authenticator.assert(await signInOptions());
    const forged = {
      ...answer,
      response: { ...answer.response, signature: Buffer.alloc(70, 1).toString('base64url') },
    };
    expect((await passkeySignIn(forged)).json().code).toBe('PASSKEY_INVALID');
  });

  it("refuses a passkey nobody registered, and a credential presented as another user's", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await addPasskey(a.token, a.authenticator);
    await addPasskey(b.token, b.authenticator);
    const [bPasskey] = await storedPasskeys(b.user.id);

    const stranger = new SoftAuthenticator(SITE);
    stranger.register(await registrationOptions(a.token));
    const unknown = await passkeySignIn(stranger.assert(await signInOptions()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not registered here/);

    // A's credential claiming B's user handle: the credential is A's, the handle is not.
    const mixed = await passkeySignIn(
      a.authenticator.assert(await signInOptions(), undefined, { userHandle: bPasskey!.userHandle }),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('PASSKEY_INVALID');
    const noHandle = await passkeySignIn(
      a.authenticator.assert(await signInOptions(), undefined, { userHandle: null }),
    );
    expect(noHandle.json().code).toBe('PASSKEY_INVALID');
  });

  it('applies the account checks of a password sign-in: suspended, unverified email, device limit, new device', async () => {
    const { user, token, authenticator } = await signedIn();
    await addPasskey(token, authenticator);

    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const suspended = await passkeySignIn(authenticator.assert(await signInOptions()));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(sessionCookieOf(suspended)).toBeUndefined();
    await t.database.db.update(users).set({ status: 'active', isEmailVerified: false }).where(eq(users.id, user.id));

    await t.app.settings.update({ requireVerifiedEmailToLogin: true }, user.id);
    try {
      const unverified = await passkeySignIn(authenticator.assert(await signInOptions()));
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', emailVerificationRequired: true });
    } finally {
      await t.app.settings.update({ requireVerifiedEmailToLogin: false }, user.id);
    }

    // One device already signed in (the password sign-in above), a limit of one.
    await t.database.db.update(users).set({ maxDevices: 1 }).where(eq(users.id, user.id));
    const limited = await passkeySignIn(authenticator.assert(await signInOptions()));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'DEVICE_LIMIT_REACHED', loginChallenge: expect.any(String) });
    expect(limited.json().sessions).toHaveLength(1);

    await t.database.db.update(users).set({ maxDevices: 2 }).where(eq(users.id, user.id));
    const fromFirefox = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/verify',
      remoteAddress: nextIp(),
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
      payload: { response: authenticator.assert(await signInOptions()) },
    });
    expect(fromFirefox.statusCode, fromFirefox.body).toBe(200);
    expect(await noticesOf(user.id, 'security.newDevice')).toHaveLength(1);
    expect(await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, user.id))).toHaveLength(2);
  });
});

describe('removing a passkey', () => {
  it('needs the password or another passkey, and starts the hold', async () => {
    const { user, token, authenticator } = await signedIn();
    const laptop = await addPasskey(token, authenticator, 'Laptop');
    await t.database.db.update(users).set({ securityHoldUntil: null }).where(eq(users.id, user.id));

    const none = await call('DELETE', `/api/users/me/passkeys/${laptop.id}`, token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Confirm with your password or with another passkey');
    const wrong = await call('DELETE', `/api/users/me/passkeys/${laptop.id}`, token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect(await storedPasskeys(user.id)).toHaveLength(1);
    expect(await holdOf(user.id)).toBeNull();

    // With only one passkey there is no other to confirm with.
    expect((await call('POST', `/api/users/me/passkeys/${laptop.id}/confirm-options`, token)).statusCode).toBe(409);

    clock.advance(HOUR);
    const ok = await call('DELETE', `/api/users/me/passkeys/${laptop.id}`, token, { password: PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Passkey removed');
    expect(await storedPasskeys(user.id)).toEqual([]);
    expect((await holdOf(user.id))!.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(await noticesOf(user.id, 'security.passkeyRemoved')).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/users/me/passkeys/${laptop.id}`, token, { password: PASSWORD })).statusCode,
    ).toBe(404);
  });

  it('is confirmed by another of the same user’s passkeys, never by the one removed or by someone else’s', async () => {
    const { user, token, authenticator } = await signedIn();
    const phone = new SoftAuthenticator(SITE);
    const laptop = await addPasskey(token, authenticator, 'Laptop');
    const other = await addPasskey(token, phone, 'Phone');
    const [, phoneRow] = await storedPasskeys(user.id);
    const stranger = await signedIn();
    await addPasskey(stranger.token, stranger.authenticator);

    const confirmOptions = async () => {
      const res = await call('POST', `/api/users/me/passkeys/${laptop.id}/confirm-options`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RequestOptions>();
    };
    const options = await confirmOptions();
    expect(options.allowCredentials).toEqual([
      { id: phoneRow!.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.userVerification).toBe('required');

    const remove = (passkey: object) => call('DELETE', `/api/users/me/passkeys/${laptop.id}`, token, { passkey });
    const withItself = await remove(authenticator.assert(await confirmOptions()));
    expect(withItself.json().code).toBe('PASSKEY_INVALID');
    const withStrangers = await remove(stranger.authenticator.assert(await confirmOptions()));
    expect(withStrangers.json().code).toBe('PASSKEY_INVALID');
    // A sign-in challenge does not confirm anything.
    const withSignIn = await remove(phone.assert(await signInOptions()));
    expect(withSignIn.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(await storedPasskeys(user.id)).toHaveLength(2);

    const ok = await remove(phone.assert(await confirmOptions()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await storedPasskeys(user.id)).map((p) => p.id)).toEqual([other.id]);
  });

  it("answers 404 for another user's passkey, and 400 for an id that is not one", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const bPasskey = await addPasskey(b.token, b.authenticator);
    await addPasskey(a.token, a.authenticator);
    const del = await call('DELETE', `/api/users/me/passkeys/${bPasskey.id}`, a.token, { password: PASSWORD });
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Passkey not found');
    expect((await call('POST', `/api/users/me/passkeys/${bPasskey.id}/confirm-options`, a.token)).statusCode).toBe(404);
    expect(await storedPasskeys(b.user.id)).toHaveLength(1);
    for (const id of ['abc', '0', '-1', '1.5'])
      expect((await call('DELETE', `/api/users/me/passkeys/${id}`, a.token, { password: PASSWORD })).statusCode).toBe(
        400,
      );
    // A list shows only one's own.
    expect((await call('GET', '/api/users/me/passkeys', a.token)).json().data).toHaveLength(1);
    expect((await call('GET', '/api/users/me/passkeys')).statusCode).toBe(401);
  });
});

describe('requiring a passkey or TOTP of staff', () => {
  it('keeps the admin area shut to staff with neither until they add a passkey', async () => {
    const staff = await signedIn({ role: 'admin' });
    const investor = await signedIn();
    const adminRead = (token: string) => call('GET', '/api/admin/audit-log', token);
    expect((await adminRead(staff.token)).statusCode).toBe(200);

    await t.app.settings.update({ requireStaffSecondFactor: true }, staff.user.id);
    try {
      const refused = await adminRead(staff.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'SECOND_FACTOR_REQUIRED',
        message: 'Add a passkey or turn on two-factor authentication to use the admin area',
      });
      expect((await call('GET', '/api/verify-auth-token', staff.token)).json().user.secondFactorRequired).toBe(true);
      expect((await passwordLogin(staff.user.userName)).res.json().secondFactorRequired).toBe(true);
      // Their own account still works, so they can add one; investors are not concerned.
      await addPasskey(staff.token, staff.authenticator);
      expect((await adminRead(staff.token)).statusCode).toBe(200);
      expect((await call('GET', '/api/verify-auth-token', staff.token)).json().user.secondFactorRequired).toBe(false);
      expect((await call('GET', '/api/verify-auth-token', investor.token)).json().user.secondFactorRequired).toBe(
        false,
      );

      // TOTP counts as well.
      const other = await signedIn({ role: 'moderator', twoFactorEnabled: false });
      expect((await adminRead(other.token)).statusCode).toBe(403);
      await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, other.user.id));
      expect((await adminRead(other.token)).statusCode).toBe(200);
    } finally {
      await t.app.settings.update({ requireStaffSecondFactor: false }, staff.user.id);
    }
  });
});

describe('without PUBLIC_URL', () => {
  it('says passkeys are unavailable (503), and a password still removes one', async () => {
    const bare = await createTestApp({ now: clock.now });
    try {
      const user = await insertLoginUser(bare.database, PASSWORD);
      const login = await bare.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usernameOrEmail: user.userName, password: PASSWORD },
      });
      const token = sessionCookieOf(login)!;
      for (const url of ['/api/users/me/passkeys/options', '/api/auth/passkey/options']) {
        const res = await bare.app.inject({ method: 'POST', url, cookies: { LoginToken: token } });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().code).toBe('PASSKEYS_UNAVAILABLE');
      }
      const [row] = await bare.database.db
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: 'AAAA',
          publicKey: 'AAAA',
          userHandle: 'AAAA',
          name: 'Old',
          deviceType: 'singleDevice',
        })
        .returning();
      const del = await bare.app.inject({
        method: 'DELETE',
        url: `/api/users/me/passkeys/${row!.id}`,
        cookies: { LoginToken: token },
        payload: { password: PASSWORD },
      });
      expect(del.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('challenge housekeeping', () => {
  it('the session-expiry job deletes expired challenges', async () => {
    await signInOptions();
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    await sessionExpiryJob.run(t.database.db, clock.now());
    const left = await t.database.db.select().from(passkeyChallenges);
    expect(left.every((c) => c.expiresAt > clock.now())).toBe(true);
  });
});
