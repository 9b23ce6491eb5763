import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** node-postgres reads bytea as a Buffer, PGlite as a plain Uint8Array: both come out a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (avatars, KYC documents) when no object store is configured (STORAGE_URL):
 * in the database, every app instance serves what any other one stored. Keys are namespaced
 * by kind (`avatars/<name>`, `kyc/<name>`); the names are those the owning rows hold.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stored_files_size_matches', sql`${t.size} = octet_length(${t.bytes})`)],
);
