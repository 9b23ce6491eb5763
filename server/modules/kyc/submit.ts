import { KYC_FILE_KINDS, KycMsg, zKycFields, type KycFileKind, type KycSubmission } from '../../../contract/kyc';
import type { Db } from '../../db/client';
import type { FileStorage } from '../storage/storage';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { AppError, validationFailed } from '../../lib/errors';
import { sniffKycFile, storeKycFile, type StoredFile } from './files';
import { currentKycStatus, requireOwner, submitKyc } from './service';

/** The submission form as read from the request: its text fields and its files. */
export interface KycForm {
  fields: Record<string, string>;
  files: Partial<Record<KycFileKind, Buffer>>;
}

/**
 * A user submits their own verification. The caller is checked before the form is read (no
 * upload is buffered for someone else's account); then the fields are checked, each file's type is read from
 * its bytes, and the files are stored only when no review is open or done. Throws FORBIDDEN,
 * NOT_FOUND, VALIDATION_FAILED, INVALID_FILE, KYC_PENDING, KYC_APPROVED.
 */
export async function submitKycForm(
  db: Db,
  storage: FileStorage,
  caller: AuthContext,
  userId: number,
  readForm: () => Promise<KycForm>,
  now: Date,
): Promise<KycSubmission> {
  requireOwner(caller, userId);
  const user = await loadUserFor(db, caller, userId, 'write');
  const form = await readForm();
  const parsed = zKycFields.safeParse(form.fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
    throw validationFailed(details[0]!.message, details);
  }
  const files: Partial<Record<KycFileKind, { bytes: Buffer; type: Awaited<ReturnType<typeof sniffKycFile>> }>> = {};
  for (const kind of KYC_FILE_KINDS) {
    const bytes = form.files[kind];
    if (!bytes || bytes.length === 0)
      throw validationFailed(KycMsg.fileMissing(kind), [{ field: kind, message: KycMsg.fileMissing(kind) }]);
    files[kind] = { bytes, type: await sniffKycFile(bytes) };
  }
  // Refuse early, before writing files, when a review is open or done (submitKyc checks again).
  const status = await currentKycStatus(db, user.id);
  if (status === 'pending') throw new AppError('KYC_PENDING', KycMsg.alreadyPending);
  if (status === 'approved') throw new AppError('KYC_APPROVED', KycMsg.alreadyApproved);
  const stored: Partial<Record<KycFileKind, StoredFile>> = {};
  for (const kind of KYC_FILE_KINDS) stored[kind] = await storeKycFile(storage, files[kind]!.bytes, files[kind]!.type);
  return submitKyc(db, storage, user.id, parsed.data, stored as Record<KycFileKind, StoredFile>, now);
}
