import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { auditLog, users } from '../../db/schema';
import { Mailer } from '../../integrations/mailer';
import { createSecretBox } from '../../lib/secrets';
import { createTestApp, signIn, TEST_APP_SECRET, type TestContext } from '../../test/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://site.test' });
});
afterAll(() => t.close());

const get = (url: string, cookies: Record<string, string>) => t.app.inject({ method: 'GET', url, cookies });

const register = (userName: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName,
      email: `${userName}@example.test`,
      phone: '+44 20 7946 0000',
      dateOfBirth: '1990-12-10',
      country: 'gb',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      agreement: true,
    },
  });

describe('the mail outbox (staff)', () => {
  it('lists mail without bodies; opening one shows its link and is audited', async () => {
    const admin = await signIn(t.database, 'admin');
    expect((await register('outboxada')).statusCode).toBe(201);
    const list = await get('/api/admin/mail-outbox?to=outboxada@', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalItems: 1 });
    const [mail] = list.json().data;
    expect(mail).toEqual({
      id: expect.any(Number),
      to: 'outboxada@example.test',
      subject: 'Confirm your email for MineVest',
      status: 'stored',
      error: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list.json())).not.toContain('confirm-email');

    const opened = await get(`/api/admin/mail-outbox/${mail.id}`, admin.cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().links).toEqual([expect.stringMatching(/^http:\/\/site\.test\/verify\/confirm-email\/\S+$/)]);
    expect(opened.json().text).toContain(opened.json().links[0]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.read'), eq(auditLog.targetId, String(mail.id))));
    expect(audit).toMatchObject([{ actorId: admin.userId, targetType: 'mail' }]);

    expect((await get('/api/admin/mail-outbox/99999999', admin.cookie)).statusCode).toBe(404);
    expect((await get('/api/admin/mail-outbox?status=lost', admin.cookie)).statusCode).toBe(400);
  });

  it("is refused to users; a moderator opens a user's mail but not an admin's", async () => {
    const user = await signIn(t.database);
    const moderator = await signIn(t.database, 'moderator');
    const admin = await signIn(t.database, 'admin');
    expect((await get('/api/admin/mail-outbox', user.cookie)).statusCode).toBe(403);

    expect((await register('outboxbob')).statusCode).toBe(201);
    const [own] = (await get('/api/admin/mail-outbox?to=outboxbob@', moderator.cookie)).json().data;
    expect((await get(`/api/admin/mail-outbox/${own.id}`, user.cookie)).statusCode).toBe(403);
    expect((await get(`/api/admin/mail-outbox/${own.id}`, moderator.cookie)).statusCode).toBe(200);

    // The admin's reset link would be the moderator's way into the admin's account.
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
    const silent = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
    await new Mailer(t.database.db, () => t.app.settings.get(), silent, createSecretBox(TEST_APP_SECRET)).send({
      to: adminRow!.email.toUpperCase(),
      subject: 'Reset your MineVest password',
      text: 'http://site.test/reset-password/secret',
      html: '',
    });
    const [adminMail] = (await get(`/api/admin/mail-outbox?to=${adminRow!.email}`, admin.cookie)).json().data;
    const refused = await get(`/api/admin/mail-outbox/${adminMail.id}`, moderator.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/admin/mail-outbox/${adminMail.id}`, admin.cookie)).statusCode).toBe(200);
  });
});

describe('development mail log', () => {
  it('prints each link of a mail to the log when asked, and nothing otherwise', async () => {
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj), error() {}, warn() {} } as unknown as FastifyBaseLogger;
    const box = createSecretBox(TEST_APP_SECRET);
    const settings = () => t.app.settings.get();
    const mail = {
      to: 'dev@example.test',
      subject: 'Confirm your email for MineVest',
      text: 'Open http://localhost:5173/verify/confirm-email/abc123 to confirm.',
      html: '<p>x</p>',
    };
    await new Mailer(t.database.db, settings, log, box, { logLinks: true }).send(mail);
    expect(lines).toContainEqual({
      to: 'dev@example.test',
      subject: 'Confirm your email for MineVest',
      link: 'http://localhost:5173/verify/confirm-email/abc123',
    });
    lines.length = 0;
    await new Mailer(t.database.db, settings, log, box).send(mail);
    expect(lines.filter((l) => typeof l === 'object' && l !== null && 'link' in l)).toEqual([]);
  });
});
