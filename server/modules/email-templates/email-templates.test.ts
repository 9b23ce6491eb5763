import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { EMAIL_EVENT_NAMES } from '../../../contract/email-templates';
import { LOCALES } from '../../../contract/locales';
import { auditLog, users } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { queryRows } from '../../test/rows';
import { readMail, startSmtpSink } from '../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ publicUrl: 'http://site.test' });
  admin = await signIn(t.database, 'admin');
  await t.app.settings.update(
    { smtpHost: '127.0.0.1', smtpPort: smtp.port, fromEmail: 'no-reply@site.test' } as never,
    admin.userId,
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookies: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/email-templates${url}`, cookies, payload });

const lastAudit = async (action: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

describe('the email templates (admin)', () => {
  it('lists every event in every language, each on its built-in default until edited', async () => {
    const res = await api('GET', '', admin.cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { event: string; locale: string; customized: boolean; version: number }[] }>();
    expect(data).toHaveLength(EMAIL_EVENT_NAMES.length * LOCALES.length);
    expect(data.find((d) => d.event === 'deposit.settled' && d.locale === 'es')).toMatchObject({
      customized: false,
      version: 0,
    });
  });

  it('shows one template with its variables and their sample values, in that language', async () => {
    const res = await api('GET', '/deposit.settled/es', admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current).toEqual(body.defaults);
    expect(body.current.subject).toBe('{{ siteName }}: Tu depósito fue acreditado');
    expect(body.variables.map((v: { name: string }) => v.name)).toEqual([
      'siteName',
      'userName',
      'firstName',
      'link',
      'message',
      'amount',
      'currency',
      'reason',
    ]);
    expect(body.variables.find((v: { name: string }) => v.name === 'amount').sample).toBe('1250,00\u00a0US$');
    expect(body.variables.find((v: { name: string }) => v.name === 'message').sample).toMatch(/^Tu depósito de/);
  });

  it('previews unsaved parts with the sample values, HTML escaped in the HTML part only', async () => {
    const res = await api('POST', '/deposit.settled/en/preview', admin.cookie, {
      subject: '{{ amount }} for {{ firstName }}',
      html: '<p>{{ message }} & "{{ currency }}"</p>',
      text: '{% if reason %}Why: {{ reason }}{% endif %}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      subject: '$1,250.00 for Alex',
      html: '<p>Your deposit of $1,250.00 (BTC) was credited to your available balance. Reason: Confirmed on chain. & "BTC"</p>',
      text: 'Why: Confirmed on chain',
    });
    const unsafe = await api('POST', '/contact.message/en/preview', admin.cookie, {
      subject: 'x',
      html: '{{ message }}',
      text: '{{ message }}',
    });
    expect(unsafe.json().html).toContain('your plans.\nThank you!');
  });

  it.each([
    ['an unknown variable', { html: '<p>{{ amout }}</p>' }, 'html', /undefined variable: amout/],
    ['a syntax error', { text: '{% if amount %}no end' }, 'text', /not closed/],
    ['an unknown filter', { subject: '{{ amount | shout }}' }, 'subject', /undefined filter: shout/],
    ['a file include', { html: '{% include "secrets" %}' }, 'html', /Failed to lookup/],
    ['a variable of another event', { text: '{{ plan }}' }, 'text', /undefined variable: plan/],
  ])(
    'refuses to save a template with %s, naming the part, and keeps the one in use',
    async (_what, part, field, why) => {
      const before = (await api('GET', '/deposit.settled/pt-BR', admin.cookie)).json();
      const res = await api('PUT', '/deposit.settled/pt-BR', admin.cookie, {
        ...before.current,
        ...part,
        baseVersion: before.version,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'TEMPLATE_INVALID',
        details: [{ field, message: expect.stringMatching(why) }],
      });
      const after = (await api('GET', '/deposit.settled/pt-BR', admin.cookie)).json();
      expect(after.version).toBe(before.version);
      const preview = await api('POST', '/deposit.settled/pt-BR/preview', admin.cookie, { ...before.current, ...part });
      expect(preview.statusCode).toBe(422);
    },
  );

  it('saves a version at a time, audited, refusing a save over a version it did not start from', async () => {
    const edit = { subject: 'Hola {{ firstName }}', html: '<p>{{ amount }}</p>', text: '{{ amount }}' };
    const saved = await api('PUT', '/referral.bonus/es', admin.cookie, { ...edit, baseVersion: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ customized: true, version: 1, current: edit, message: 'Template saved' });
    expect(await lastAudit('email_template.update')).toMatchObject({
      actorId: admin.userId,
      targetType: 'email_template',
      targetId: 'referral.bonus/es',
      after: { version: 1, ...edit },
    });
    const stale = await api('PUT', '/referral.bonus/es', admin.cookie, { ...edit, subject: 'Otro', baseVersion: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');

    // Two admins saving from the same version at the same moment: one version 2, one refusal.
    const both = await Promise.all(
      ['A', 'B'].map((s) => api('PUT', '/referral.bonus/es', admin.cookie, { ...edit, subject: s, baseVersion: 1 })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const now = (await api('GET', '/referral.bonus/es', admin.cookie)).json();
    expect(now.version).toBe(2);
    expect(now.history.map((h: { version: number; action: string }) => [h.version, h.action])).toEqual([
      [2, 'edit'],
      [1, 'edit'],
    ]);
  });

  it('resets to the built-in default as a new version, audited; the history keeps the edits', async () => {
    const start = (await api('GET', '/kyc.approved/ru', admin.cookie)).json();
    await api('PUT', '/kyc.approved/ru', admin.cookie, { ...start.current, subject: 'Изменено', baseVersion: 0 });
    const reset = await api('POST', '/kyc.approved/ru/reset', admin.cookie, { baseVersion: 1 });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ customized: false, version: 2, current: start.defaults });
    expect(reset.json().history.map((h: { action: string }) => h.action)).toEqual(['reset', 'edit']);
    expect(await lastAudit('email_template.reset')).toMatchObject({ targetId: 'kyc.approved/ru' });
    // Nothing to reset on a default: no version is written.
    const again = await api('POST', '/kyc.approved/ru/reset', admin.cookie, { baseVersion: 2 });
    expect(again.json().version).toBe(2);
  });

  it('sends a test, rendered with the sample values, to the admin’s own address, audited', async () => {
    const [me] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, admin.userId));
    const res = await api('POST', '/withdrawal.settled/ru/test', admin.cookie, {
      subject: 'Вывод {{ net }}',
      html: '<p>{{ message }}</p>',
      text: '{{ payoutReference }}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Test email sent to your address', status: 'sent' });
    const mail = await readMail(await smtp.waitFor((m) => m.to.includes(me!.email)));
    expect(mail.subject).toBe('[TEST] Вывод 497,50\u00a0$');
    expect(mail.text.trim()).toBe('PO-7K4M-9QZP');
    expect(await lastAudit('email_template.test')).toMatchObject({ targetId: 'withdrawal.settled/ru' });
  });

  it('is read by staff, changed by admins only, and hidden from investors', async () => {
    const moderator = await signIn(t.database, 'moderator');
    const user = await signIn(t.database, 'user');
    expect((await api('GET', '/deposit.settled/en', moderator.cookie)).statusCode).toBe(200);
    const current = (await api('GET', '/deposit.settled/en', moderator.cookie)).json().current;
    expect((await api('PUT', '/deposit.settled/en', moderator.cookie, { ...current, baseVersion: 0 })).statusCode).toBe(
      403,
    );
    expect((await api('POST', '/deposit.settled/en/test', moderator.cookie, current)).statusCode).toBe(403);
    expect((await api('GET', '', user.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/nope.event/en', admin.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/deposit.settled/fr', admin.cookie)).statusCode).toBe(400);
  });
});

describe("a Spanish investor's mail", () => {
  it('arrives in Spanish, as does the notification; after an edit of the Spanish template the next mail uses it', async () => {
    const userId = await insertUser(t.database, { locale: 'es', firstName: 'Lucía' });
    const [u] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const credit = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/deposits/manual',
        cookies: admin.cookie,
        payload: { userId, amount: '250.00', currency: 'BTC', idempotencyKey: key },
      });
    const mailsTo = () => smtp.mails.filter((m) => m.to.includes(u!.email));

    expect((await credit('es-deposit-0001')).statusCode).toBe(201);
    await t.app.notificationDelivery.idle();
    const first = await readMail(await smtp.waitFor((m) => m.to.includes(u!.email)));
    expect(first.subject).toBe('MineVest: Tu depósito fue acreditado');
    expect(first.text).toContain('Tu depósito de 250,00\u00a0US$ (BTC) se acreditó en tu saldo disponible.');
    expect(first.text).toContain('Ver todas tus notificaciones: http://site.test/login');
    expect(first.html).toContain('<html lang="es">');

    // The notification reads the same in the API for a reader in Spanish.
    const investor = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/user/${userId}`,
      cookies: admin.cookie,
      headers: { 'accept-language': 'es-AR,es;q=0.9' },
    });
    expect(investor.json().data[0].message).toBe(
      'Tu depósito de 250,00\u00a0US$ (BTC) se acreditó en tu saldo disponible.',
    );

    const base = (await api('GET', '/deposit.settled/es', admin.cookie)).json();
    const saved = await api('PUT', '/deposit.settled/es', admin.cookie, {
      subject: '¡{{ firstName }}, llegaron tus {{ amount }}!',
      html: '<p>Hola {{ firstName }}: acreditamos {{ amount }} en {{ currency }}.</p>',
      text: 'Hola {{ firstName }}: acreditamos {{ amount }} en {{ currency }}.',
      baseVersion: base.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await credit('es-deposit-0002')).statusCode).toBe(201);
    await t.app.notificationDelivery.idle();
    await smtp.waitFor(() => mailsTo().length === 2);
    const second = await readMail(mailsTo()[1]!);
    expect(second.subject).toBe('¡Lucía, llegaron tus 250,00\u00a0US$!');
    expect(second.text.trim()).toBe('Hola Lucía: acreditamos 250,00\u00a0US$ en BTC.');
    // Other languages keep their own template.
    const [english] = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`select count(*) as n from email_template_versions where event = 'deposit.settled' and locale = 'en'`,
    );
    expect(Number(english!.n)).toBe(0);
  });
});

describe('the default templates', () => {
  it('keep the English subjects people already know', async () => {
    const subject = async (event: string) =>
      (await api('GET', `/${event}/en`, admin.cookie)).json().current.subject as string;
    expect(await subject('account.confirmEmail')).toBe('Confirm your email for {{ siteName }}');
    expect(await subject('withdrawal.invalid')).toBe('{{ siteName }}: Your withdrawal was rejected');
    expect(await subject('security.newDevice')).toBe('{{ siteName }} security alert: New sign-in to your account');
    expect(await subject('security.passwordChanged')).toBe('Security notice: Your password was changed');
    expect(await subject('text')).toBe(
      '{% if security %}{{ siteName }} security alert{% else %}{{ siteName }}: A message from the team{% endif %}',
    );
  });

  it('render in every language with every event’s sample values', async () => {
    for (const event of EMAIL_EVENT_NAMES)
      for (const locale of LOCALES) {
        const { current } = (await api('GET', `/${event}/${locale}`, admin.cookie)).json();
        const res = await api('POST', `/${event}/${locale}/preview`, admin.cookie, current);
        expect(res.statusCode, `${event}/${locale}: ${res.body}`).toBe(200);
        expect(res.json().subject, `${event}/${locale}`).not.toBe('');
      }
  });
});

describe('the audit of a template change', () => {
  it('names the change before and after', async () => {
    const row = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email_template.update'), eq(auditLog.targetId, 'deposit.settled/es')))
      .limit(1);
    expect(row[0]?.before).toMatchObject({ version: 0, default: true });
  });
});
