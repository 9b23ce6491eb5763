import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { ContactMsg } from '../../../contract/contact';
import { contactMessages, mailOutbox, users } from '../../db/schema';
import { createSecretBox } from '../../lib/secrets';
import { createTestApp, signIn, TEST_APP_SECRET, type TestContext } from '../../test/app';
import { startSmtpSink } from '../../test/smtp';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let ip = 0;
/** Each call from its own address, so only the rate-limit test meets the limit. */
const send = (payload: unknown, remoteAddress = `10.60.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/utils/contact', remoteAddress, payload: payload as object });
const stored = async () => (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
const lastMail = async () => (await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]!;
const box = createSecretBox(TEST_APP_SECRET);
const ok = { name: 'Ada Lovelace', email: 'ada@example.test', message: 'How do I start mining?' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
});
afterAll(() => t.close());

describe('validation', () => {
  it.each([
    ['nothing', ContactMsg.nameRequired, {}],
    ['a blank name', ContactMsg.nameRequired, { ...ok, name: '   ' }],
    ['a name of 101 characters', ContactMsg.nameTooLong, { ...ok, name: 'x'.repeat(101) }],
    ['a name that is not text', ContactMsg.nameRequired, { ...ok, name: 42 }],
    ['no email', ContactMsg.emailRequired, { name: 'Ada', message: 'hi' }],
    ['an empty email', ContactMsg.emailRequired, { ...ok, email: '' }],
    ['not an email', ContactMsg.emailInvalid, { ...ok, email: 'not-an-email' }],
    ['an email without a domain', ContactMsg.emailInvalid, { ...ok, email: 'a@b' }],
    ['no message', ContactMsg.messageRequired, { ...ok, message: undefined }],
    ['a blank message', ContactMsg.messageRequired, { ...ok, message: ' \n ' }],
    ['a message of 5001 characters', ContactMsg.messageTooLong, { ...ok, message: 'x'.repeat(5001) }],
  ])('%s -> 400 %s', async (_label, message, payload) => {
    const res = await send(payload);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'VALIDATION_FAILED', message]);
  });

  it('stores nothing for refused input, and takes JSON only', async () => {
    expect(await stored()).toBe(0);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/utils/contact',
      remoteAddress: '10.60.1.1',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=a',
    });
    expect(form.statusCode).toBe(415);
    expect(await stored()).toBe(0);
  });
});

describe('a message', () => {
  it('is stored and support is mailed (to the oldest admin while no support address is set)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/utils/contact',
      remoteAddress: '10.60.2.1',
      headers: { 'user-agent': 'TestBrowser/1.0' },
      payload: {
        name: '  Ada Lovelace ',
        email: ' ada@example.test',
        message: 'Hello <script>alert(1)</script>\nsecond line',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: ContactMsg.success, id: expect.any(Number) });
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      message: 'Hello <script>alert(1)</script>\nsecond line',
      ip: '10.60.2.1',
      userAgent: 'TestBrowser/1.0',
      mailStatus: 'stored',
    });

    const [adminRow] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const [adminUser] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, admin.userId));
    expect(adminRow).toMatchObject({ toAddress: adminUser!.email, status: 'stored' });
    expect(adminRow!.subject).toBe(`[MineVest] Contact form #${res.json().id} from Ada Lovelace`);
    expect(box.decrypt(adminRow!.textBody)).toContain('From: Ada Lovelace <ada@example.test>');
    const html = box.decrypt(adminRow!.htmlBody);
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('goes to the support address from site settings once set', async () => {
    await t.app.settings.update({ supportEmail: 'support@minevest.test' }, admin.userId);
    expect((await send(ok)).statusCode).toBe(201);
    expect(await lastMail()).toMatchObject({ toAddress: 'support@minevest.test', status: 'stored' });
  });

  it('is sent over SMTP when SMTP is configured', async () => {
    const smtp = await startSmtpSink();
    try {
      await t.app.settings.update(
        { smtpHost: '127.0.0.1', smtpPort: smtp.port, fromEmail: 'no-reply@minevest.test' },
        admin.userId,
      );
      const res = await send({ ...ok, message: 'Over SMTP please' });
      expect(res.statusCode).toBe(201);
      const mail = await smtp.waitFor((m) => m.to.includes('support@minevest.test'));
      expect(mail.raw).toContain('Over SMTP please');
      const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
      expect(row!.mailStatus).toBe('sent');
    } finally {
      await t.app.settings.update(
        { smtpHost: '', smtpPort: '', smtpUser: '', smtpPass: '', fromEmail: '' },
        admin.userId,
      );
      await smtp.close();
    }
  });
});

describe('rate limit', () => {
  it('takes 5 messages per address per 15 minutes', async () => {
    const before = await stored();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await send({ ...ok, message: `flood ${i}` }, '10.61.0.1')).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await stored()).toBe(before + 5);
    expect((await send(ok, '10.61.0.2')).statusCode).toBe(201);
  });
});

describe('staff list', () => {
  it('is for staff only, newest first, paged', async () => {
    const url = '/api/utils/contact-messages?page=1&limit=2';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const user = await signIn(t.database, 'user');
    expect((await t.app.inject({ method: 'GET', url, cookies: user.cookie })).statusCode).toBe(403);

    const moderator = await signIn(t.database, 'moderator');
    const res = await t.app.inject({ method: 'GET', url, cookies: moderator.cookie });
    expect(res.statusCode).toBe(200);
    const total = await stored();
    const body = res.json();
    expect(body).toMatchObject({ currentPage: 1, totalItems: total, totalPages: Math.ceil(total / 2) });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      ip: '10.61.0.2',
      mailStatus: 'stored',
    });
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'ip',
      'mailStatus',
      'message',
      'name',
      'userAgent',
    ]);

    const lastPage = (
      await t.app.inject({
        method: 'GET',
        url: `/api/utils/contact-messages?page=${body.totalPages}&limit=2`,
        cookies: admin.cookie,
      })
    ).json();
    expect(lastPage.data.length).toBe(total % 2 === 0 ? 2 : 1);
  });
});
