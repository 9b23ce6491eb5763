import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ProfileMsg } from '../../../contract/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

export const avatarDir = (dataDir: string) => path.join(dataDir, 'avatars');

/**
 * Stores an avatar after sniffing its content (the name and declared type are not trusted)
 * and replaces the previous one. Throws INVALID_IMAGE (400).
 */
export async function saveAvatar(
  db: Db,
  dataDir: string,
  userId: number,
  bytes: Buffer,
  previous: string | null,
  staff?: AuditActor,
): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? ALLOWED.get(type.mime) : undefined;
  if (!ext || bytes.length > AVATAR_MAX_BYTES) throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
  const dir = avatarDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(dir, name), bytes, { mode: 0o600 });
  await db.transaction(async (tx) => {
    await tx.update(users).set({ profileImage: name, updatedAt: new Date() }).where(eq(users.id, userId));
    // Staff replacing someone else's picture is a staff action.
    if (staff)
      await recordAudit(tx, staff, {
        action: 'user.avatar',
        targetType: 'user',
        targetId: userId,
        before: { profileImage: previous },
        after: { profileImage: name },
      });
  });
  if (previous) await fs.rm(path.join(dir, path.basename(previous)), { force: true });
  return name;
}

/** The stored file for a user's current avatar name; null unless it is theirs and exists. */
export async function avatarFile(
  dataDir: string,
  profileImage: string | null,
  requested: string,
): Promise<{ file: string; mime: string } | null> {
  if (!profileImage || requested !== profileImage || requested !== path.basename(requested)) return null;
  const file = path.join(avatarDir(dataDir), requested);
  const ext = path.extname(requested).slice(1);
  const mime = [...ALLOWED].find(([, e]) => e === ext)?.[0];
  try {
    await fs.access(file);
  } catch {
    return null;
  }
  return mime ? { file, mime } : null;
}
