import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The operator's edits of the emails, one row per version of one event in one language:
 * the newest version is the template in use, and a version with no subject is a reset to the
 * built-in default. Append-only, so the history is the table itself.
 */
export const emailTemplateVersions = pgTable(
  'email_template_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** An event of contract/email-templates.ts, e.g. `deposit.settled`. */
    event: text('event').notNull(),
    locale: text('locale').notNull(),
    /** 1, 2, … per event and language: two editors saving at once cannot both write the same one. */
    version: integer('version').notNull(),
    /** Liquid sources; all three null on a reset to the default. */
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_template_versions_event_locale_version_idx').on(t.event, t.locale, t.version),
    check('email_template_versions_version_positive', sql`${t.version} > 0`),
    check(
      'email_template_versions_whole_or_reset',
      sql`(${t.subject} is null) = (${t.html} is null) and (${t.html} is null) = (${t.text} is null)`,
    ),
  ],
);
