import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The single row of site settings. `values` holds the stored fields (secrets encrypted);
 * defaults for anything absent live in contract/settings.ts, so adding a setting needs no
 * data migration.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
