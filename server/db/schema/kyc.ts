import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const kycStatus = pgEnum('kyc_status', ['pending', 'approved', 'rejected']);
export const kycDocumentType = pgEnum('kyc_document_type', ['passport', 'national_id', 'driving_licence']);

/**
 * One identity verification request. A user's current status is their latest row; a
 * rejected row stays as history when they resubmit. Its files are in the file storage
 * (server/modules/storage) under `kyc/<name>` and are served only through the authorised route.
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: kycStatus('status').notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    documentType: kycDocumentType('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    /** Upper-case letters and digits only: what the duplicate-account signal compares. */
    documentNumberNormalized: text('document_number_normalized').notNull(),
    documentFile: text('document_file').notNull(),
    documentMime: text('document_mime').notNull(),
    selfieFile: text('selfie_file').notNull(),
    selfieMime: text('selfie_mime').notNull(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_submissions_user_created_idx').on(t.userId, t.createdAt),
    index('kyc_submissions_status_created_idx').on(t.status, t.createdAt),
    index('kyc_submissions_document_number_idx').on(t.documentNumberNormalized),
    // At most one open and one approved request per user, whatever the interleaving of submits.
    uniqueIndex('kyc_submissions_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('kyc_submissions_one_approved_key')
      .on(t.userId)
      .where(sql`${t.status} = 'approved'`),
    check(
      'kyc_submissions_rejected_has_reason',
      sql`${t.status} <> 'rejected' or length(coalesce(${t.rejectionReason}, '')) > 0`,
    ),
  ],
);
