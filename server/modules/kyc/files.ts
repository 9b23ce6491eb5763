import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { KYC_FILE_TYPES, KycMsg } from '../../../contract/kyc';
import { AppError } from '../../lib/errors';
import { isValidKey, storageKey, type FileStorage, type StoredObject } from '../storage/storage';

const EXT: Record<(typeof KYC_FILE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Where a file named in `kyc_submissions` is in the storage; reachable only through the authorised route. */
export const kycKey = (name: string) => storageKey('kyc', name);

export interface StoredFile {
  name: string;
  mime: string;
}

/**
 * The type a file really is, from its bytes (the name and declared type are not trusted).
 * Throws 400 INVALID_FILE for anything but JPEG, PNG, WebP or PDF.
 */
export async function sniffKycFile(bytes: Buffer): Promise<(typeof KYC_FILE_TYPES)[number]> {
  const type = await fileTypeFromBuffer(bytes);
  const mime = KYC_FILE_TYPES.find((m) => m === type?.mime);
  if (!mime) throw new AppError('INVALID_FILE', KycMsg.fileType);
  return mime;
}

/** Stores a sniffed file under an unguessable name. */
export async function storeKycFile(
  storage: FileStorage,
  bytes: Buffer,
  mime: (typeof KYC_FILE_TYPES)[number],
): Promise<StoredFile> {
  const name = `${randomBytes(16).toString('hex')}.${EXT[mime]}`;
  await storage.put(kycKey(name), bytes, { contentType: mime });
  return { name, mime };
}

export async function removeKycFiles(storage: FileStorage, names: string[]): Promise<void> {
  await storage.delete(names.map(kycKey));
}

/** A stored file, or null when it is gone (or its name could never have been stored). */
export async function kycFileOf(storage: FileStorage, name: string): Promise<StoredObject | null> {
  return isValidKey(kycKey(name)) ? storage.get(kycKey(name)) : null;
}
