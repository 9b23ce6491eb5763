import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { KYC_FILE_TYPES, KycMsg } from '../../../contract/kyc';
import { AppError } from '../../lib/errors';

const EXT: Record<(typeof KYC_FILE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Outside the web root: the files are reachable only through the authorised download route. */
export const kycDir = (dataDir: string) => path.join(dataDir, 'kyc');

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

/** Writes a sniffed file under an unguessable name, readable only by the server's user. */
export async function storeKycFile(
  dataDir: string,
  bytes: Buffer,
  mime: (typeof KYC_FILE_TYPES)[number],
): Promise<StoredFile> {
  const dir = kycDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${EXT[mime]}`;
  await fs.writeFile(path.join(dir, name), bytes, { mode: 0o600 });
  return { name, mime };
}

export async function removeKycFiles(dataDir: string, names: string[]): Promise<void> {
  await Promise.all(names.map((n) => fs.rm(path.join(kycDir(dataDir), path.basename(n)), { force: true })));
}

/** The path of a stored file, or null when it is gone. */
export async function kycFilePath(dataDir: string, name: string): Promise<string | null> {
  const file = path.join(kycDir(dataDir), path.basename(name));
  try {
    await fs.access(file);
    return file;
  } catch {
    return null;
  }
}
