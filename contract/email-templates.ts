import { z } from 'zod';
import { route } from './route';
import { text } from './text';
import { zLocale } from './users';

/**
 * Every email the platform sends, as an event the operator can re-word per language. Each
 * names the variables its templates may use (the only ones a template renders with: any other
 * is an error). Every event also has `siteName`; the events sent to an account have
 * `userName`, `firstName` and `link`; a notification's email also has `message`, the
 * notification in the reader's language.
 */
export const EMAIL_EVENTS = {
  'account.confirmEmail': { audience: 'account', variables: [] },
  'account.resetPassword': { audience: 'account', variables: [] },
  'contact.message': { audience: 'staff', variables: ['id', 'name', 'email', 'message'] },
  text: { audience: 'notice', variables: ['security'] },
  'deposit.settled': { audience: 'notice', variables: ['amount', 'currency', 'reason'] },
  'deposit.invalid': { audience: 'notice', variables: ['amount', 'currency', 'reason'] },
  'withdrawal.settled': {
    audience: 'notice',
    variables: ['amount', 'currency', 'fee', 'net', 'payoutReference', 'reason'],
  },
  'withdrawal.invalid': { audience: 'notice', variables: ['amount', 'currency', 'reason'] },
  'investment.started': { audience: 'notice', variables: ['amount', 'plan', 'schedule'] },
  'investment.ended': { audience: 'notice', variables: ['principal', 'plan', 'retained'] },
  'referral.bonus': { audience: 'notice', variables: ['amount', 'level'] },
  'security.newDevice': { audience: 'notice', variables: ['device', 'ip'] },
  'security.failedSignIns': { audience: 'notice', variables: ['failures', 'since', 'at'] },
  'security.passwordChanged': { audience: 'notice', variables: [] },
  'security.passwordReset': { audience: 'notice', variables: [] },
  'security.twoFactorOn': { audience: 'notice', variables: [] },
  'security.twoFactorOff': { audience: 'notice', variables: [] },
  'security.passkeyAdded': { audience: 'notice', variables: ['passkey'] },
  'security.passkeyRemoved': { audience: 'notice', variables: ['passkey'] },
  'security.holdEnded': { audience: 'notice', variables: ['reason'] },
  'security.holdShortened': { audience: 'notice', variables: ['reason', 'until'] },
  'account.suspended': { audience: 'notice', variables: [] },
  'account.active': { audience: 'notice', variables: [] },
  'support.reply': { audience: 'notice', variables: [] },
  'kyc.approved': { audience: 'notice', variables: [] },
  'kyc.rejected': { audience: 'notice', variables: ['reason'] },
} as const satisfies Record<string, { audience: 'account' | 'staff' | 'notice'; variables: readonly string[] }>;

export type EmailEvent = keyof typeof EMAIL_EVENTS;
export const EMAIL_EVENT_NAMES = Object.keys(EMAIL_EVENTS) as EmailEvent[];
export const isEmailEvent = (value: string): value is EmailEvent => Object.hasOwn(EMAIL_EVENTS, value);

/** The variables an event's templates may use, in the order the editor lists them. */
export function emailVariables(event: EmailEvent): string[] {
  const { audience, variables } = EMAIL_EVENTS[event];
  const account = audience === 'staff' ? [] : ['userName', 'firstName', 'link'];
  return ['siteName', ...account, ...(audience === 'notice' ? ['message'] : []), ...variables];
}

/** The longest template part an operator can save, in characters. */
export const TEMPLATE_MAX = 50_000;

export const zTemplateParts = z.object({
  subject: text().min(1, 'Enter a subject').max(500, 'The subject is too long'),
  html: text().min(1, 'Enter the HTML body').max(TEMPLATE_MAX, 'The HTML body is too long'),
  text: text().min(1, 'Enter the plain-text body').max(TEMPLATE_MAX, 'The plain-text body is too long'),
});
export type TemplateParts = z.infer<typeof zTemplateParts>;

export const zEmailTemplateParams = z.object({
  event: z.enum(EMAIL_EVENT_NAMES as [EmailEvent, ...EmailEvent[]]),
  locale: zLocale,
});

/** One event in one language as the list shows it. */
export const zEmailTemplateSummary = z.object({
  event: z.string(),
  locale: zLocale,
  /** True while an edit is in use; false on the built-in default (never edited, or reset). */
  customized: z.boolean(),
  /** The newest version; 0 when never edited. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const zEmailTemplateList = z.object({ data: z.array(zEmailTemplateSummary) });
export type EmailTemplateList = z.infer<typeof zEmailTemplateList>;

export const zTemplateVersion = z.object({
  version: z.number().int(),
  /** `edit` saved its parts; `reset` went back to the default (parts null). */
  action: z.enum(['edit', 'reset']),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

export const zEmailTemplate = z.object({
  event: z.string(),
  locale: zLocale,
  customized: z.boolean(),
  version: z.number().int(),
  /** The template in use: the newest edit, else the default. */
  current: zTemplateParts,
  /** The built-in template of this event and language. */
  defaults: zTemplateParts,
  /** Each variable with the value the preview and the test send use. */
  variables: z.array(z.object({ name: z.string(), sample: z.string() })),
  /** Newest first. */
  history: z.array(zTemplateVersion),
});
export type EmailTemplate = z.infer<typeof zEmailTemplate>;

export const zRenderedEmail = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof zRenderedEmail>;

export const zSaveTemplate = zTemplateParts.extend({
  /** The version the editor started from: a save over someone else's newer one is refused. */
  baseVersion: z.number().int().min(0),
});
export const zResetTemplate = z.object({ baseVersion: z.number().int().min(0) });

export const EmailTemplateMsg = {
  saved: 'Template saved',
  reset: 'Template reset to the default',
  testSent: 'Test email sent to your address',
  testNotSent: 'The test email could not be sent: check the SMTP settings',
  changedMeanwhile: 'Someone else changed this template meanwhile: reload it before saving',
  invalid: 'This template does not render',
} as const;

const params = zEmailTemplateParams;
const errors = ['VALIDATION_FAILED', 'TEMPLATE_INVALID'] as const;

/** The admin's email templates: every event × language, editable in Liquid. */
export const emailTemplatesApi = {
  list: route({
    method: 'GET',
    path: '/admin/email-templates',
    tag: 'email-templates',
    summary: 'Every email event in every language, and which ones an edit replaces (staff)',
    access: 'staff',
    response: zEmailTemplateList,
    errors: [],
  }),
  get: route({
    method: 'GET',
    path: '/admin/email-templates/:event/:locale',
    tag: 'email-templates',
    summary: 'One template: in use, default, variables with sample values, and its history (staff)',
    access: 'staff',
    params,
    response: zEmailTemplate,
    errors: [],
  }),
  preview: route({
    method: 'POST',
    path: '/admin/email-templates/:event/:locale/preview',
    tag: 'email-templates',
    summary: 'Renders unsaved template parts with the sample values (staff)',
    access: 'staff',
    params,
    body: zTemplateParts,
    response: zRenderedEmail,
    errors,
  }),
  save: route({
    method: 'PUT',
    path: '/admin/email-templates/:event/:locale',
    tag: 'email-templates',
    summary: 'Saves a new version; refused when it does not render or another edit came first (admin, audited)',
    access: 'admin',
    params,
    body: zSaveTemplate,
    response: zEmailTemplate.extend({ message: z.string() }),
    errors: [...errors, 'CONFLICT'],
  }),
  reset: route({
    method: 'POST',
    path: '/admin/email-templates/:event/:locale/reset',
    tag: 'email-templates',
    summary: 'Goes back to the built-in default, as a new version (admin, audited)',
    access: 'admin',
    params,
    body: zResetTemplate,
    response: zEmailTemplate.extend({ message: z.string() }),
    errors: ['CONFLICT'],
  }),
  sendTest: route({
    method: 'POST',
    path: '/admin/email-templates/:event/:locale/test',
    tag: 'email-templates',
    summary:
      "Sends unsaved template parts, rendered with the sample values, to the caller's own address (admin, audited)",
    access: 'admin',
    params,
    body: zTemplateParts,
    response: z.object({ message: z.string(), status: z.enum(['sent', 'stored', 'failed']) }),
    errors,
  }),
};
