import { emailVariables, type EmailEvent, type TemplateParts } from '../../../contract/email-templates';
import type { Locale } from '../../../contract/locales';
import { translator, type Translate } from '../../lib/i18n';

/**
 * The built-in templates: Liquid sources made from the `emails` catalogue of each language,
 * in the layout the platform has always sent. An operator's edit replaces them; a reset
 * brings them back.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Marks a variable inside a catalogue text until it becomes a Liquid output tag. */
// Private-use characters: no catalogue text holds them.
const token = (name: string) => `\ue000${name}\ue001`;
const TOKEN = /\ue000(\w+)\ue001/g;

/**
 * A catalogue text with its placeholders as Liquid output tags: "Welcome, {{ firstName }}!".
 * In HTML the words are escaped and the tags left for Liquid (which escapes the values).
 */
function words(t: Translate, key: string, event: EmailEvent, html: boolean, extra: Record<string, string> = {}) {
  const vars = Object.fromEntries(emailVariables(event).map((name) => [name, token(name)]));
  const text = t(key, { ...vars, ...extra });
  return (html ? escapeHtml(text) : text).replace(TOKEN, (_m, name: string) => `{{ ${name} }}`);
}

function page(locale: Locale, body: string): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;background:#f1f5f9;padding:24px">
<div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px">
${body}
<p style="color:#94a3b8;font-size:12px">{{ siteName }}</p></div></body></html>`;
}

const muted = (html: string) => `<p style="color:#64748b;font-size:13px">${html}</p>`;

/** The keys of an email that asks for one action: a heading, a sentence, a button, a footer. */
interface ActionKeys {
  subject: string;
  heading: string;
  body: string;
  button: string;
  footer: string;
}

function actionEmail(t: Translate, locale: Locale, event: EmailEvent, k: ActionKeys): TemplateParts {
  const w = (key: string, html: boolean) => words(t, key, event, html);
  const html = page(
    locale,
    `<h2 style="margin-top:0">${w(k.heading, true)}</h2><p>${w(k.body, true)}</p>
<p><a href="{{ link }}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${w(k.button, true)}</a></p>
${muted(w('layout.orOpen', true))}
${muted(w(k.footer, true))}`,
  );
  const text = `${w(k.heading, false)}\n\n${w(k.body, false)}\n\n${w(k.button, false)}: {{ link }}\n\n${w(k.footer, false)}\n\n{{ siteName }}\n`;
  return { subject: w(k.subject, false), html, text };
}

const ACTIONS: Partial<Record<EmailEvent, ActionKeys>> = {
  'account.confirmEmail': {
    subject: 'confirmEmail.subject',
    heading: 'confirmEmail.heading',
    body: 'confirmEmail.body',
    button: 'confirmEmail.button',
    footer: 'confirmEmail.footer',
  },
  'account.resetPassword': {
    subject: 'resetPassword.subject',
    heading: 'resetPassword.heading',
    body: 'resetPassword.body',
    button: 'resetPassword.button',
    footer: 'resetPassword.footer',
  },
  // A password change mails at once (not through the notification outbox), as a security notice.
  'security.passwordChanged': {
    subject: 'passwordChanged.subject',
    heading: 'passwordChanged.heading',
    body: 'passwordChanged.body',
    button: 'passwordChanged.button',
    footer: 'passwordChanged.footer',
  },
  'security.passwordReset': {
    subject: 'passwordReset.subject',
    heading: 'passwordReset.heading',
    body: 'passwordReset.body',
    button: 'passwordReset.button',
    footer: 'passwordReset.footer',
  },
};

/** What each notification's email says in its subject. */
const NOTICE_SUBJECT: Partial<Record<EmailEvent, string>> = {
  'deposit.settled': 'subject.deposit.settled',
  'deposit.invalid': 'subject.deposit.invalid',
  'withdrawal.settled': 'subject.withdrawal.settled',
  'withdrawal.invalid': 'subject.withdrawal.invalid',
  'investment.started': 'subject.investment.started',
  'investment.ended': 'subject.investment.ended',
  'referral.bonus': 'subject.referral.bonus',
  'security.newDevice': 'subject.security.newDevice',
  'security.failedSignIns': 'subject.security.failedSignIns',
  'security.twoFactorOn': 'subject.security.twoFactorOn',
  'security.twoFactorOff': 'subject.security.twoFactorOff',
  'security.passkeyAdded': 'subject.security.passkeyAdded',
  'security.passkeyRemoved': 'subject.security.passkeyRemoved',
  'security.holdEnded': 'subject.security.holdEnded',
  'security.holdShortened': 'subject.security.holdShortened',
  'account.suspended': 'subject.account.suspended',
  'account.active': 'subject.account.active',
  'support.reply': 'subject.support.reply',
  'kyc.approved': 'subject.kyc.approved',
  'kyc.rejected': 'subject.kyc.rejected',
};

/** A notification's email: the notification itself, and a link to the others. */
function noticeEmail(t: Translate, locale: Locale, event: EmailEvent): TemplateParts {
  const w = (key: string, html: boolean, extra?: Record<string, string>) => words(t, key, event, html, extra);
  let subject: string;
  if (event === 'text') {
    // A staff message of the security kind says so instead of naming a subject.
    subject = `{% if security %}${w('layout.securityAlert', false)}{% else %}${w('layout.noticeSubject', false, { what: t('subject.text') })}{% endif %}`;
  } else {
    const key = NOTICE_SUBJECT[event];
    if (!key) throw new Error(`no subject for the notification email ${event}`);
    const frame = event.startsWith('security.') ? 'layout.securitySubject' : 'layout.noticeSubject';
    subject = w(frame, false, { what: t(key) });
  }
  const html = page(
    locale,
    `<p style="white-space:pre-wrap">{{ message }}</p>
<p><a href="{{ link }}">${w('layout.seeAll', true)}</a></p>`,
  );
  const text = `{{ message }}\n\n${w('layout.seeAll', false)}: {{ link }}\n\n{{ siteName }}\n`;
  return { subject, html, text };
}

/** The message of the contact form, to the support address. */
function contactEmail(t: Translate, locale: Locale): TemplateParts {
  const w = (key: string, html: boolean) => words(t, key, 'contact.message', html);
  const html = page(
    locale,
    `<h2 style="margin-top:0">${w('contact.heading', true)}</h2>
<p><strong>${w('contact.from', true)}</strong> {{ name }} &lt;<a href="mailto:{{ email }}">{{ email }}</a>&gt;<br><strong>${w('contact.reference', true)}</strong> #{{ id }}</p>
<p style="white-space:pre-wrap;border-left:3px solid #0f766e;padding-left:12px">{{ message }}</p>
${muted(w('contact.reply', true))}`,
  );
  const text = `${w('contact.intro', false)}\n\n${w('contact.from', false)} {{ name }} <{{ email }}>\n${w('contact.reference', false)} #{{ id }}\n\n{{ message }}\n\n${w('contact.reply', false)}\n\n{{ siteName }}\n`;
  return { subject: w('contact.subject', false), html, text };
}

const cache = new Map<string, TemplateParts>();

/** The built-in template of `event` in `locale`. */
export function defaultTemplate(event: EmailEvent, locale: Locale): TemplateParts {
  const id = `${event}|${locale}`;
  let parts = cache.get(id);
  if (!parts) {
    const t = translator(locale, 'emails');
    const action = ACTIONS[event];
    parts = action
      ? actionEmail(t, locale, event, action)
      : event === 'contact.message'
        ? contactEmail(t, locale)
        : noticeEmail(t, locale, event);
    cache.set(id, parts);
  }
  return parts;
}
