import type { Db } from '../../db/client';
import { databaseStorage } from './database';
import type { FileStorage } from './storage';
import type { S3Location } from './url';

/** The configured store: the S3 one when STORAGE_URL names it (its SDK loaded only then), else the database. */
export async function openStorage(location: S3Location | undefined, db: Db): Promise<FileStorage> {
  if (!location) return databaseStorage(db);
  const { s3Storage } = await import('./s3');
  return s3Storage(location);
}
