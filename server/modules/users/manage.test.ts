import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { auditLog, deviceSessions, ledgerAccounts, notifications, users } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { fundedUser } from '../../test/accounts';
import { createSession } from '../sessions/service';
import { verifyLedger } from '../ledger/verify';
import { wordNotice } from '../notifications/messages';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  user = await signIn(t.database, 'user');
});
afterAll(async () => {
  const report = await verifyLedger(t.database.db);
  expect(report.problems).toEqual([]);
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookies?: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const auditsFor = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
const sessionsOf = async (id: number) =>
  (await t.database.db.select({ n: count() }).from(deviceSessions).where(eq(deviceSessions.userId, id)))[0]!.n;

let seq = 0;
const form = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    userName: `grace${seq}_${Date.now() % 100000}`,
    email: `grace${seq}_${Date.now() % 100000}@example.test`,
    phone: '+1 555 010 9999',
    dateOfBirth: '1980-12-09',
    btcWallet: 'bc1qexample',
    ethWallet: '',
    password: 'a long enough password',
    confirmPassword: 'a long enough password',
    role: 'moderator',
    ...over,
  };
};

describe('GET /api/users/all', () => {
  it('lists users for staff with totalRecords, searches names and email, hides soft-deleted users', async () => {
    const marker = `zq${Date.now() % 100000}`;
    const a = await insertUser(t.database, { firstName: `${marker}first`, userName: `${marker}_a` });
    const b = await insertUser(t.database, { lastName: `${marker}last`, email: `${marker}_b@example.test` });
    const gone = await insertUser(t.database, { userName: `${marker}_gone`, deletedAt: new Date() });
    for (const who of [admin, moderator]) {
      const res = await inject('GET', `/api/users/all?page=1&limit=10&search=${marker}`, who.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ totalRecords: 2, totalItems: 2, currentPage: 1, totalPages: 1 });
      expect(body.data.map((u: { id: number }) => u.id).sort()).toEqual([a, b].sort());
      expect(body.data.map((u: { id: number }) => u.id)).not.toContain(gone);
      expect(res.body).not.toContain('passwordHash');
    }
    const all = (await inject('GET', '/api/users/all?page=1&limit=2', admin.cookie)).json();
    expect(all.data).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.totalRecords / 2));
  });

  it('refuses users (403) and anonymous callers (401)', async () => {
    expect((await inject('GET', '/api/users/all', user.cookie)).json()).toMatchObject({
      code: 'ADMIN_REQUIRED',
      message: 'Unauthorized: Admin access required',
    });
    expect((await inject('GET', '/api/users/all')).statusCode).toBe(401);
  });
});

describe('POST /api/users (admin user form)', () => {
  it('creates an active, verified user with an argon2id hash and the chosen role, and audits it', async () => {
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const body = form();
    const res = await inject('POST', '/api/users', admin.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'User created successfully',
      user: { userName: body.userName, role: 'moderator', status: 'active', isEmailVerified: true },
    });
    const id = res.json().user.id as number;
    const u = await row(id);
    expect(u).toMatchObject({
      status: 'active',
      isEmailVerified: true,
      role: 'moderator',
      dateOfBirth: '1980-12-09',
      btcWalletAddress: 'bc1qexample',
    });
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before + 1);
    const [audit] = await auditsFor('user.create', id);
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: 'user' });
    expect(JSON.stringify(audit!.after)).not.toMatch(/passwordHash|argon2|a long enough/i);

    // The new account can log in at once.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usernameOrEmail: body.userName, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [
      'dateOfBirth',
      { dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` },
      'You must be at least 18 years old to register',
    ],
    ['confirmPassword', { confirmPassword: 'something else entirely' }, 'Passwords do not match'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['userName', { userName: 'ab' }, 'Username must be at least 3 characters (letters, digits, . _ -)'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['role', { role: 'root' }, undefined],
  ])('refuses an invalid %s with 400 and creates nothing', async (field, over, message) => {
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const res = await inject('POST', '/api/users', admin.cookie, form(over));
    expect(res.statusCode).toBe(400);
    const issue = (res.json().details as { field: string; message: string }[]).find((d) => d.field === field);
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('refuses a taken user name or email (any case) with 409', async () => {
    const first = form();
    expect((await inject('POST', '/api/users', admin.cookie, first)).statusCode).toBe(201);
    const sameName = await inject('POST', '/api/users', admin.cookie, form({ userName: first.userName.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'This username is already taken' });
    const sameEmail = await inject('POST', '/api/users', admin.cookie, form({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('refuses moderators and users (403) and anonymous callers (401)', async () => {
    for (const who of [moderator, user]) {
      const res = await inject('POST', '/api/users', who.cookie, form());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized: Admin access required');
    }
    expect((await inject('POST', '/api/users', undefined, form())).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:id/status', () => {
  it('suspends (ending every session) and reactivates a user, auditing both', async () => {
    const id = await insertUser(t.database);
    const { token } = await createSession(t.database.db, { userId: id, ttlMs: 3_600_000, now: new Date() });
    await createSession(t.database.db, { userId: id, ttlMs: 3_600_000, now: new Date() });
    expect(await sessionsOf(id)).toBe(2);
    expect((await inject('GET', '/api/verify-auth-token', { LoginToken: token })).statusCode).toBe(200);

    const res = await inject('PUT', `/api/users/${id}/status`, admin.cookie, { status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User status updated successfully',
      user: { id, status: 'suspended' },
    });
    expect(await sessionsOf(id)).toBe(0);
    expect((await inject('GET', '/api/verify-auth-token', { LoginToken: token })).statusCode).toBe(401);
    expect((await row(id))!.status).toBe('suspended');

    const back = await inject('PUT', `/api/users/${id}/status`, admin.cookie, { status: 'active' });
    expect(back.json().user.status).toBe('active');
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, id))
      .orderBy(asc(notifications.id));
    expect(notices.map((n) => [n.kind, wordNotice(n)])).toEqual([
      [
        'security',
        'Your account has been suspended by an administrator. Contact support if you think this is a mistake.',
      ],
      ['security', 'Your account is active again.'],
    ]);
    const audits = await auditsFor('user.status', id);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ status: 'active' }, { status: 'suspended' }],
      [{ status: 'suspended' }, { status: 'active' }],
    ]);
  });

  it('refuses self-suspension (422), bad statuses and ids (400), unknown ids (404), and non-admins', async () => {
    const self = await inject('PUT', `/api/users/${admin.userId}/status`, admin.cookie, { status: 'suspended' });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'SELF_LOCKOUT',
      message: 'You cannot demote or suspend your own account',
    });
    expect((await row(admin.userId))!.status).toBe('active');
    expect(
      (await inject('PUT', `/api/users/${user.userId}/status`, admin.cookie, { status: 'inactive' })).statusCode,
    ).toBe(400);
    expect((await inject('PUT', '/api/users/abc/status', admin.cookie, { status: 'active' })).statusCode).toBe(400);
    expect((await inject('PUT', '/api/users/0/status', admin.cookie, { status: 'active' })).statusCode).toBe(400);
    expect((await inject('PUT', '/api/users/99999999/status', admin.cookie, { status: 'active' })).statusCode).toBe(
      404,
    );
    const target = await insertUser(t.database);
    for (const who of [moderator, user])
      expect((await inject('PUT', `/api/users/${target}/status`, who.cookie, { status: 'suspended' })).statusCode).toBe(
        403,
      );
    expect((await inject('PUT', `/api/users/${target}/status`, undefined, { status: 'suspended' })).statusCode).toBe(
      401,
    );
    expect((await row(target))!.status).toBe('active');
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes a user without ledger history (and their empty accounts), audited', async () => {
    const id = await insertUser(t.database);
    await createSession(t.database.db, { userId: id, ttlMs: 3_600_000, now: new Date() });
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const res = await inject('DELETE', `/api/users/${id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: id, message: 'User deleted successfully', soft: false });
    expect(await row(id)).toBeUndefined();
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before - 1);
    const [audit] = await auditsFor('user.delete', id);
    expect(audit).toMatchObject({ actorId: admin.userId });
    expect((audit!.before as { id: number }).id).toBe(id);
  });

  it('soft-deletes a user with ledger history: kept with deletedAt, suspended, sessions ended, hidden; money untouched', async () => {
    const funded = await fundedUser(t.database, admin.userId, 12_345n);
    const balances = async () =>
      (await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, funded.userId))).map((a) => [
        a.kind,
        a.balance,
      ]);
    const moneyBefore = await balances();
    const res = await inject('DELETE', `/api/users/${funded.userId}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: funded.userId, message: 'User deleted successfully', soft: true });
    const u = await row(funded.userId);
    expect(u!.deletedAt).toBeInstanceOf(Date);
    expect(u!.status).toBe('suspended');
    expect(await sessionsOf(funded.userId)).toBe(0);
    expect((await inject('GET', '/api/verify-auth-token', funded.cookies)).statusCode).toBe(401);
    expect(await balances()).toEqual(moneyBefore);
    const list = (await inject('GET', `/api/users/all?search=${u!.userName}`, admin.cookie)).json();
    expect(list.totalRecords).toBe(0);
    expect((await auditsFor('user.soft_delete', funded.userId)).length).toBe(1);
    // Already deleted: gone for the API.
    expect((await inject('DELETE', `/api/users/${funded.userId}`, admin.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/users/profile/${funded.userId}`, admin.cookie)).statusCode).toBe(404);
  });

  it('refuses self-deletion (422), bad and unknown ids, moderators, users and anonymous callers', async () => {
    const self = await inject('DELETE', `/api/users/${admin.userId}`, admin.cookie);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 'SELF_DELETE', message: 'You cannot delete your own account' });
    expect(await row(admin.userId)).toBeDefined();
    expect((await inject('DELETE', '/api/users/-3', admin.cookie)).statusCode).toBe(400);
    expect((await inject('DELETE', '/api/users/99999999', admin.cookie)).statusCode).toBe(404);
    const target = await insertUser(t.database);
    for (const who of [moderator, user]) {
      const res = await inject('DELETE', `/api/users/${target}`, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized: Admin access required');
    }
    expect((await inject('DELETE', `/api/users/${target}`, user.cookie)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/users/${target}`)).statusCode).toBe(401);
    expect(await row(target)).toBeDefined();
  });
});

describe('PUT /api/users/profile/:id by an admin (the Edit modal)', () => {
  it('changes role, verification, status and 2FA, answers "User updated successfully", and audits the fields without secrets', async () => {
    const id = await insertUser(t.database, { isEmailVerified: false, twoFactorEnabled: true });
    const res = await inject('PUT', `/api/users/profile/${id}`, admin.cookie, {
      role: 'moderator',
      isEmailVerified: true,
      firstName: 'Edited',
      twoFactorEnabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User updated successfully',
      user: { role: 'moderator', isEmailVerified: true, firstName: 'Edited' },
    });
    const [audit] = await auditsFor('user.update', id);
    expect(audit!.before).toMatchObject({ role: 'user', isEmailVerified: false, twoFactorEnabled: true });
    expect(audit!.after).toMatchObject({
      role: 'moderator',
      isEmailVerified: true,
      firstName: 'Edited',
      twoFactorEnabled: false,
    });
    expect(JSON.stringify(audit)).not.toMatch(/passwordHash|twoFactorSecret/);
  });

  it('refuses an admin demoting themself (422) and a moderator editing anyone (403)', async () => {
    expect((await inject('PUT', `/api/users/profile/${admin.userId}`, admin.cookie, { role: 'user' })).statusCode).toBe(
      422,
    );
    expect((await row(admin.userId))!.role).toBe('admin');
    const target = await insertUser(t.database);
    expect(
      (await inject('PUT', `/api/users/profile/${target}`, moderator.cookie, { firstName: 'Nope' })).statusCode,
    ).toBe(403);
    expect(
      (await inject('PUT', `/api/users/profile/${target}`, moderator.cookie, { status: 'suspended' })).statusCode,
    ).toBe(403);
    expect((await row(target))!.status).toBe('active');
  });
});
