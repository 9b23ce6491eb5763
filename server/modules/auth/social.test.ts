import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../contract/settings';
import { deviceSessions, users } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { startOAuthFake } from '../../test/oauth-fake';
import { SOCIAL_STATE_COOKIE } from './social';

const CLIENT = { id: 'client-123', secret: 'shh-its-a-secret' };
let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
const fakes = {} as Record<SocialProvider, Awaited<ReturnType<typeof startOAuthFake>>>;

beforeAll(async () => {
  for (const p of SOCIAL_PROVIDERS) fakes[p] = await startOAuthFake(p, CLIENT);
  t = await createTestApp({ oauthEndpoints: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, fakes[p].endpoints])) });
  admin = await signIn(t.database, 'admin');
});
afterAll(async () => {
  await t.close();
  for (const p of SOCIAL_PROVIDERS) await fakes[p].close();
});

const putSettings = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/utils/site-settings', cookies: admin.cookie, payload });
const enableAll = () =>
  putSettings({
    socialProviders: [...SOCIAL_PROVIDERS],
    ...Object.fromEntries(
      SOCIAL_PROVIDERS.flatMap((p) => [
        [`${p}ClientId`, CLIENT.id],
        [`${p}ClientSecret`, CLIENT.secret],
      ]),
    ),
  });

/** The browser's first hop: the redirect to the provider and the sealed state cookie. */
async function start(provider: SocialProvider) {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
  const cookie = res.cookies.find((c) => c.name === SOCIAL_STATE_COOKIE);
  return { res, location: String(res.headers.location), cookie: cookie?.value };
}
async function callback(path: string, cookie: string | undefined) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    cookies: cookie ? { [SOCIAL_STATE_COOKIE]: cookie } : {},
  });
  return {
    res,
    location: String(res.headers.location),
    session: res.cookies.find((c) => c.name === 'LoginToken')?.value,
  };
}
const sessionsOf = async (userId: number) =>
  (await t.database.db.select().from(deviceSessions).where(eq(deviceSessions.userId, userId))).length;

describe('social sign-in', () => {
  it('is off until an admin enables a provider, which needs its client id and secret', async () => {
    for (const p of SOCIAL_PROVIDERS) expect((await start(p)).location).toBe('/login?social=unavailable');
    const incomplete = await putSettings({ socialProviders: ['google'], googleClientId: 'only-the-id' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'googleClientSecret' })]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/utils/public-settings' })).json().socialProviders).toEqual(
      [],
    );

    expect((await enableAll()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/utils/public-settings' })).json().socialProviders).toEqual([
      ...SOCIAL_PROVIDERS,
    ]);
    const view = (await t.app.inject({ method: 'GET', url: '/api/utils/site-settings', cookies: admin.cookie })).json();
    expect(view.googleClientSecret).not.toBe(CLIENT.secret); // masked, never sent back
  });

  it.each(SOCIAL_PROVIDERS)(
    '%s: PKCE and state out, verified email back, signed in to the dashboard',
    async (provider) => {
      const email = `social-${provider}@example.test`;
      const userId = await insertUser(t.database, { email, userName: `social_${provider}` });
      const { res, location, cookie } = await start(provider);
      expect(res.statusCode).toBe(302);
      const authorize = new URL(location);
      expect(authorize.origin + authorize.pathname).toBe(fakes[provider].endpoints.authorize);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('client_id')).toBe(CLIENT.id);
      expect(authorize.searchParams.get('redirect_uri')).toMatch(new RegExp(`/api/auth/${provider}/callback$`));
      expect(cookie).toBeTruthy();
      expect(cookie).not.toContain(authorize.searchParams.get('state')!); // sealed, not readable

      const back = await callback(fakes[provider].approve(location, email.toUpperCase()), cookie);
      expect(back.location).toBe(`/app/social_${provider}/dashboard`);
      expect(back.session).toBeTruthy();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/verify-auth-token',
        cookies: { LoginToken: back.session! },
      });
      expect(me.statusCode).toBe(200);
      expect(await sessionsOf(userId)).toBe(1);
    },
  );

  it('refuses a callback whose state is not this browser’s, without calling the provider', async () => {
    const userId = await insertUser(t.database, { email: 'csrf@example.test' });
    const mine = await start('google');
    const theirs = await start('google');
    const before = fakes.google.calls.token;
    for (const cookie of [theirs.cookie, undefined, 'v1:forged']) {
      const back = await callback(fakes.google.approve(mine.location, 'csrf@example.test'), cookie);
      expect(back.location).toBe('/login?social=expired');
      expect(back.session).toBeUndefined();
    }
    expect(fakes.google.calls.token).toBe(before);
    expect(await sessionsOf(userId)).toBe(0);
  });

  it('a state older than 10 minutes has expired', async () => {
    const clock = { now: new Date() };
    const late = await createTestApp({ now: () => clock.now, oauthEndpoints: { google: fakes.google.endpoints } });
    try {
      const a = await signIn(late.database, 'admin');
      await late.app.inject({
        method: 'PUT',
        url: '/api/utils/site-settings',
        cookies: a.cookie,
        payload: { socialProviders: ['google'], googleClientId: CLIENT.id, googleClientSecret: CLIENT.secret },
      });
      await insertUser(late.database, { email: 'slow@example.test' });
      const res = await late.app.inject({ method: 'GET', url: '/api/auth/google' });
      const cookie = res.cookies.find((c) => c.name === SOCIAL_STATE_COOKIE)!.value;
      clock.now = new Date(clock.now.getTime() + 11 * 60_000);
      const back = await late.app.inject({
        method: 'GET',
        url: fakes.google.approve(String(res.headers.location), 'slow@example.test'),
        cookies: { [SOCIAL_STATE_COOKIE]: cookie },
      });
      expect(back.headers.location).toBe('/login?social=expired');
    } finally {
      await late.close();
    }
  });

  it('signs in nobody for an unverified email, an unknown one, a suspended or deleted account, or a cancelled consent', async () => {
    const suspended = await insertUser(t.database, { email: 'suspended@example.test', status: 'suspended' });
    const deleted = await insertUser(t.database, { email: 'gone@example.test', deletedAt: new Date() });
    await insertUser(t.database, { email: 'unverified-at-google@example.test' });
    const cases: [string, boolean, string][] = [
      ['unverified-at-google@example.test', false, 'no_verified_email'],
      ['nobody@example.test', true, 'no_account'],
      ['suspended@example.test', true, 'suspended'],
      ['gone@example.test', true, 'no_account'],
    ];
    for (const [email, verified, outcome] of cases) {
      const s = await start('google');
      const back = await callback(fakes.google.approve(s.location, email, verified), s.cookie);
      expect([email, back.location]).toEqual([email, `/login?social=${outcome}`]);
      expect(back.session).toBeUndefined();
    }
    const s = await start('google');
    const state = new URL(s.location).searchParams.get('state')!;
    expect((await callback(`/api/auth/google/callback?error=access_denied&state=${state}`, s.cookie)).location).toBe(
      '/login?social=cancelled',
    );
    expect(await sessionsOf(suspended)).toBe(0);
    expect(await sessionsOf(deleted)).toBe(0);
  });

  it('a code is good once: replaying the callback signs in nobody', async () => {
    await insertUser(t.database, { email: 'replay@example.test' });
    const s = await start('facebook');
    const path = fakes.facebook.approve(s.location, 'replay@example.test');
    expect((await callback(path, s.cookie)).session).toBeTruthy();
    const again = await callback(path, s.cookie);
    expect(again.location).toBe('/login?social=provider_failed');
    expect(again.session).toBeUndefined();
  });

  it('an account with two-factor still needs its code: the OTP screen gets the pending step, no session yet', async () => {
    const userId = await insertUser(t.database, { email: 'twofa@example.test', twoFactorEnabled: true });
    const s = await start('google');
    const back = await callback(fakes.google.approve(s.location, 'twofa@example.test'), s.cookie);
    expect(back.location).toMatch(/^\/auth\/otp-verify#social=/);
    expect(back.session).toBeUndefined();
    const pending = JSON.parse(Buffer.from(back.location.split('#social=')[1]!, 'base64url').toString());
    expect(pending).toMatchObject({ tempToken: expect.any(String), user: { id: userId } });
    expect(await sessionsOf(userId)).toBe(0);
  });

  it('keeps the device limit: a third device is sent to the password login', async () => {
    const userId = await insertUser(t.database, { email: 'devices@example.test', maxDevices: 1 });
    const first = await start('twitter');
    expect(
      (await callback(fakes.twitter.approve(first.location, 'devices@example.test'), first.cookie)).session,
    ).toBeTruthy();
    const second = await start('twitter');
    expect(
      (await callback(fakes.twitter.approve(second.location, 'devices@example.test'), second.cookie)).location,
    ).toBe('/login?social=device_limit');
    expect(await sessionsOf(userId)).toBe(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('refuses an unknown provider with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/myspace' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/myspace/callback?code=x&state=y' })).statusCode).toBe(
      400,
    );
  });
});
