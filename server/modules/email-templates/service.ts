import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  EMAIL_EVENT_NAMES,
  EmailTemplateMsg,
  emailVariables,
  type EmailEvent,
  type EmailTemplate,
  type EmailTemplateList,
  type TemplateParts,
} from '../../../contract/email-templates';
import { LOCALES, type Locale } from '../../../contract/locales';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf, timestamp } from '../../db/rows';
import type { Mail, Mailer } from '../../integrations/mailer';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { defaultTemplate } from './defaults';
import { renderTemplate, tryRender, type TemplateVars } from './engine';

const versionRow = z.object({
  version: z.number().int(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  created_at: timestamp,
  created_by: z.string().nullable(),
});
type VersionRow = z.output<typeof versionRow>;

const partsOf = (r: VersionRow | undefined): TemplateParts | null =>
  r && r.subject !== null && r.html !== null && r.text !== null
    ? { subject: r.subject, html: r.html, text: r.text }
    : null;

/** The newest version of one event in one language, if it was ever edited. */
async function newestVersion(db: DbOrTx, event: EmailEvent, locale: Locale): Promise<VersionRow | undefined> {
  const [row] = await rowsOf(
    db,
    versionRow,
    sql`select v.version, v.subject, v.html, v.text, v.created_at, u.user_name as created_by
        from email_template_versions v left join users u on u.id = v.created_by
        where v.event = ${event} and v.locale = ${locale} order by v.version desc limit 1`,
  );
  return row;
}

/** The template in use: the operator's newest edit, else the built-in one. */
export async function templateInUse(db: DbOrTx, event: EmailEvent, locale: Locale): Promise<TemplateParts> {
  return partsOf(await newestVersion(db, event, locale)) ?? defaultTemplate(event, locale);
}

/**
 * The email of `event` to `to` in `locale`, from the template in use. An edit that no longer
 * renders (it was checked when saved, so only a defect would do this) must not cost the
 * person their email: the built-in template is sent instead, and the failure logged.
 */
export async function renderEmail(
  db: DbOrTx,
  log: FastifyBaseLogger,
  mail: { event: EmailEvent; locale: Locale; to: string; vars: TemplateVars },
): Promise<Mail> {
  const parts = await templateInUse(db, mail.event, mail.locale);
  const { email, issues } = await tryRender(parts, mail.vars);
  if (email) return { to: mail.to, ...email };
  log.error({ event: mail.event, locale: mail.locale, issues }, 'email template did not render: sent the default');
  return { to: mail.to, ...(await renderTemplate(defaultTemplate(mail.event, mail.locale), mail.vars)) };
}

const summaryRow = z.object({
  event: z.string(),
  locale: z.string(),
  version: z.number().int(),
  customized: z.boolean(),
  created_at: timestamp,
  created_by: z.string().nullable(),
});

/** Every event in every language, with its newest version where one was saved. */
export async function listTemplates(db: Db): Promise<EmailTemplateList> {
  const rows = await rowsOf(
    db,
    summaryRow,
    sql`select distinct on (v.event, v.locale) v.event, v.locale, v.version, v.subject is not null as customized,
               v.created_at, u.user_name as created_by
        from email_template_versions v left join users u on u.id = v.created_by
        order by v.event, v.locale, v.version desc`,
  );
  const newest = new Map(rows.map((r) => [`${r.event}|${r.locale}`, r]));
  return {
    data: EMAIL_EVENT_NAMES.flatMap((event) =>
      LOCALES.map((locale) => {
        const r = newest.get(`${event}|${locale}`);
        return {
          event,
          locale,
          customized: r?.customized ?? false,
          version: r?.version ?? 0,
          updatedAt: r ? r.created_at.toISOString() : null,
          updatedBy: r?.created_by ?? null,
        };
      }),
    ),
  };
}

/** Where samples and tests point their links, and the site's name. */
export interface SampleSite {
  siteName: string;
  linkBase: string;
}

/** One template as the editor shows it, with the values a preview and a test send use. */
export async function getTemplate(
  db: DbOrTx,
  event: EmailEvent,
  locale: Locale,
  samples: TemplateVars,
): Promise<EmailTemplate> {
  const history = await rowsOf(
    db,
    versionRow,
    sql`select v.version, v.subject, v.html, v.text, v.created_at, u.user_name as created_by
        from email_template_versions v left join users u on u.id = v.created_by
        where v.event = ${event} and v.locale = ${locale} order by v.version desc limit 100`,
  );
  const defaults = defaultTemplate(event, locale);
  const current = partsOf(history[0]);
  return {
    event,
    locale,
    customized: current !== null,
    version: history[0]?.version ?? 0,
    current: current ?? defaults,
    defaults,
    variables: emailVariables(event).map((name) => ({ name, sample: String(samples[name] ?? '') })),
    history: history.map((h) => ({
      version: h.version,
      action: h.subject === null ? 'reset' : 'edit',
      subject: h.subject,
      html: h.html,
      text: h.text,
      createdAt: h.created_at.toISOString(),
      createdBy: h.created_by,
    })),
  };
}

/**
 * Appends a version after `baseVersion`, the one the editor started from: a newer one written
 * meanwhile (by another admin, or a double click) makes this a CONFLICT, never a silent
 * overwrite. The audit row goes in the same transaction.
 */
async function appendVersion(
  db: Db,
  actor: AuditActor,
  target: { event: EmailEvent; locale: Locale },
  baseVersion: number,
  parts: TemplateParts | null,
): Promise<void> {
  const { event, locale } = target;
  try {
    await db.transaction(async (tx) => {
      const before = await newestVersion(tx, event, locale);
      if ((before?.version ?? 0) !== baseVersion) throw new AppError('CONFLICT', EmailTemplateMsg.changedMeanwhile);
      await tx.execute(
        sql`insert into email_template_versions (event, locale, version, subject, html, text, created_by)
            values (${event}, ${locale}, ${baseVersion + 1}, ${parts?.subject ?? null}, ${parts?.html ?? null},
                    ${parts?.text ?? null}, ${actor.userId})`,
      );
      await recordAudit(tx, actor, {
        action: parts ? 'email_template.update' : 'email_template.reset',
        targetType: 'email_template',
        targetId: `${event}/${locale}`,
        before: { version: before?.version ?? 0, ...(partsOf(before) ?? { default: true }) },
        after: { version: baseVersion + 1, ...(parts ?? { default: true }) },
      });
    });
  } catch (err) {
    // Two saves from the same base at the same moment: the unique version lets one through.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', EmailTemplateMsg.changedMeanwhile);
    throw err;
  }
}

/** Saves an edit, once it renders with the event's variables (a typo in a name is refused). */
export async function saveTemplate(
  db: Db,
  actor: AuditActor,
  target: { event: EmailEvent; locale: Locale },
  body: TemplateParts & { baseVersion: number },
  samples: TemplateVars,
): Promise<void> {
  const { baseVersion, ...parts } = body;
  await renderTemplate(parts, samples);
  await appendVersion(db, actor, target, baseVersion, parts);
}

/** Back to the built-in template, as a version of its own; nothing to do when none is edited. */
export async function resetTemplate(
  db: Db,
  actor: AuditActor,
  target: { event: EmailEvent; locale: Locale },
  baseVersion: number,
): Promise<void> {
  const newest = await newestVersion(db, target.event, target.locale);
  if ((newest?.version ?? 0) !== baseVersion) throw new AppError('CONFLICT', EmailTemplateMsg.changedMeanwhile);
  if (!partsOf(newest)) return;
  await appendVersion(db, actor, target, baseVersion, null);
}

/**
 * Renders unsaved parts with the sample values and mails them to the staff member's own
 * address, audited; the answer says whether SMTP took it (`stored`: no SMTP, kept in the outbox).
 */
export async function sendTestTemplate(
  db: Db,
  deps: { mailer: Mailer; log: FastifyBaseLogger },
  actor: AuditActor,
  target: { event: EmailEvent; locale: Locale; to: string },
  parts: TemplateParts,
  samples: TemplateVars,
): Promise<'sent' | 'stored' | 'failed'> {
  const email = await renderTemplate(parts, samples);
  const { status } = await deps.mailer.deliver({ to: target.to, ...email, subject: `[TEST] ${email.subject}` });
  await recordAudit(db, actor, {
    action: 'email_template.test',
    targetType: 'email_template',
    targetId: `${target.event}/${target.locale}`,
    after: { to: target.to, status, subject: email.subject },
  });
  return status;
}
