import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  KycMsg,
  kycApi,
  normalizeDocumentNumber,
  type KycFields,
  type KycFileKind,
  type KycQueue,
  type KycState,
  type KycSubmission,
  type KycSubmissionStatus,
} from '../../../contract/kyc';
import { toCents, fromCents } from '../../../contract/money';
import type { PageQuery } from '../../../contract/pagination';
import { pathOf } from '../../../contract/url';
import type { SiteSettings } from '../../../contract/settings';
import type { Db, DbOrTx } from '../../db/client';
import { kycSubmissions, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { countWhere, paged } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import type { FileStorage, StoredObject } from '../storage/storage';
import { kycFileOf, removeKycFiles, type StoredFile } from './files';

export type KycRow = typeof kycSubmissions.$inferSelect;
const reviewer = alias(users, 'reviewer');

export function toSubmission(row: KycRow, reviewerName: string | null): KycSubmission {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    address: row.address,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    documentUrl: `/api${pathOf(kycApi.file.path, { id: row.id, kind: 'document' })}`,
    selfieUrl: `/api${pathOf(kycApi.file.path, { id: row.id, kind: 'selfie' })}`,
    documentMime: row.documentMime,
    selfieMime: row.selfieMime,
    rejectionReason: row.rejectionReason,
    reviewedBy: reviewerName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's submissions with their reviewer's name, newest first. */
export async function submissionsOf(db: DbOrTx, userId: number, limit = 20): Promise<KycSubmission[]> {
  const rows = await db
    .select({ k: kycSubmissions, reviewer: reviewer.userName })
    .from(kycSubmissions)
    .leftJoin(reviewer, eq(reviewer.id, kycSubmissions.reviewedBy))
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(limit);
  return rows.map((r) => toSubmission(r.k, r.reviewer));
}

/** The status that counts for the gates: that of the latest submission. */
export async function currentKycStatus(db: DbOrTx, userId: number): Promise<KycSubmissionStatus | 'not_submitted'> {
  const [row] = await db
    .select({ status: kycSubmissions.status })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
    .limit(1);
  return row?.status ?? 'not_submitted';
}

export const kycRequirements = (settings: SiteSettings) => ({
  forWithdrawal: settings.kycRequiredForWithdrawal,
  aboveInvestment: settings.kycRequiredAboveInvestment ? fromCents(toCents(settings.kycRequiredAboveInvestment)) : null,
});

export async function kycState(db: DbOrTx, settings: SiteSettings, userId: number): Promise<KycState> {
  const [latest] = await submissionsOf(db, userId, 1);
  return {
    status: latest?.status ?? 'not_submitted',
    submission: latest ?? null,
    requirements: kycRequirements(settings),
  };
}

/** `kycState` of user `id`: own, or anyone's for staff (403/404 otherwise). */
export async function kycStateOf(db: Db, settings: SiteSettings, caller: AuthContext, id: number): Promise<KycState> {
  const user = await loadUserFor(db, caller, id, 'read');
  return kycState(db, settings, user.id);
}

/**
 * Starts a review. Allowed with no submission yet or after a rejection; the files are
 * already stored and are removed again when the submission is refused. Throws 409
 * KYC_PENDING / KYC_APPROVED.
 */
export async function submitKyc(
  db: Db,
  storage: FileStorage,
  userId: number,
  fields: KycFields,
  files: Record<KycFileKind, StoredFile>,
  now: Date,
): Promise<KycSubmission> {
  try {
    const status = await currentKycStatus(db, userId);
    if (status === 'pending') throw new AppError('KYC_PENDING', KycMsg.alreadyPending);
    if (status === 'approved') throw new AppError('KYC_APPROVED', KycMsg.alreadyApproved);
    const [row] = await db
      .insert(kycSubmissions)
      .values({
        userId,
        ...fields,
        documentNumberNormalized: normalizeDocumentNumber(fields.documentNumber),
        documentFile: files.document.name,
        documentMime: files.document.mime,
        selfieFile: files.selfie.name,
        selfieMime: files.selfie.mime,
        createdAt: now,
      })
      .returning();
    return toSubmission(row!, null);
  } catch (err) {
    await removeKycFiles(storage, [files.document.name, files.selfie.name]);
    // Two submits at once: the partial unique index lets exactly one through.
    if (isUniqueViolation(err)) throw new AppError('KYC_PENDING', KycMsg.alreadyPending);
    throw err;
  }
}

/** A stored file of a submission for its owner or staff; anyone else gets the same 404 as a missing one. */
export async function kycFileFor(
  db: DbOrTx,
  caller: AuthContext,
  id: number,
  kind: KycFileKind,
): Promise<{ name: string; mime: string }> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  if (!row || (row.userId !== caller.userId && caller.role === 'user')) throw notFound(KycMsg.fileNotFound);
  return kind === 'document'
    ? { name: row.documentFile, mime: row.documentMime }
    : { name: row.selfieFile, mime: row.selfieMime };
}

/**
 * A submission's stored file, the type it was checked to be and the name to download it under
 * (owner or staff; 404 otherwise).
 */
export async function kycDownload(
  db: DbOrTx,
  storage: FileStorage,
  caller: AuthContext,
  id: number,
  kind: KycFileKind,
): Promise<{ file: StoredObject; mime: string; fileName: string }> {
  const file = await kycFileFor(db, caller, id, kind);
  const found = await kycFileOf(storage, file.name);
  if (!found) throw notFound(KycMsg.fileNotFound);
  return { file: found, mime: file.mime, fileName: `kyc-${id}-${kind}.${file.name.split('.').pop()}` };
}

/** The owner, or 403: nobody submits identity documents for someone else. */
export function requireOwner(caller: AuthContext, userId: number): void {
  if (caller.userId !== userId) throw forbidden(KycMsg.otherUser);
}

/** True when another account shares a document number, payout wallet or registration IP with `users`. */
export const duplicateFlagSql: SQL<boolean> = sql<boolean>`exists (
  select 1 from users o where o.id <> ${users.id} and (
    (${users.btcWalletAddress} <> '' and lower(o.btc_wallet_address) = lower(${users.btcWalletAddress}))
    or (${users.ethWalletAddress} <> '' and lower(o.eth_wallet_address) = lower(${users.ethWalletAddress}))
    or (${users.registrationIp} <> '' and o.registration_ip = ${users.registrationIp})
    or exists (select 1 from kyc_submissions a join kyc_submissions b on b.document_number_normalized = a.document_number_normalized
               where a.user_id = ${users.id} and b.user_id = o.id)))`;

/** The staff review queue, newest first, with the counts per status for the filter. */
export async function kycQueue(db: DbOrTx, q: PageQuery & { status?: KycSubmissionStatus }): Promise<KycQueue> {
  const where = q.status ? eq(kycSubmissions.status, q.status) : undefined;
  const page = await paged(
    q,
    () => countWhere(db, kycSubmissions, where),
    async (limit, offset) =>
      (
        await db
          .select({ k: kycSubmissions, userName: users.userName, flag: duplicateFlagSql })
          .from(kycSubmissions)
          .innerJoin(users, eq(users.id, kycSubmissions.userId))
          .where(where)
          .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        id: r.k.id,
        userId: r.k.userId,
        userName: r.userName,
        legalName: r.k.legalName,
        country: r.k.country,
        documentType: r.k.documentType,
        status: r.k.status,
        duplicateFlag: Boolean(r.flag),
        createdAt: r.k.createdAt.toISOString(),
        reviewedAt: r.k.reviewedAt?.toISOString() ?? null,
      })),
  );
  const rows = await db
    .select({ status: kycSubmissions.status, n: count() })
    .from(kycSubmissions)
    .groupBy(kycSubmissions.status);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return { ...page, counts };
}

export async function loadSubmission(db: DbOrTx, id: number): Promise<KycRow> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  if (!row) throw notFound(KycMsg.notFound);
  return row;
}

/**
 * Approves or rejects a pending submission. Only one decision ever applies: the
 * conditional update lets exactly one reviewer through. Throws 404, 409 KYC_DECIDED.
 */
export async function decideKyc(
  tx: DbOrTx,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason?: string; reviewerId: number },
  now: Date,
): Promise<{ before: KycRow; after: KycRow }> {
  const before = await loadSubmission(tx, id);
  const [after] = await tx
    .update(kycSubmissions)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.reason! : null,
      reviewedBy: decision.reviewerId,
      reviewedAt: now,
    })
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning();
  if (!after) throw new AppError('KYC_DECIDED', KycMsg.notPending);
  return { before, after };
}
