import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ProfileMsg } from '../../../contract/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { isValidKey, storageKey, type FileStorage, type StoredObject } from '../storage/storage';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

/** Where an avatar named in `users.profile_image` is in the storage. */
export const avatarKey = (name: string) => storageKey('avatars', name);

/**
 * Stores an avatar after sniffing its content (the name and declared type are not trusted)
 * and replaces the previous one. Throws INVALID_IMAGE (400).
 */
export async function saveAvatar(
  db: Db,
  storage: FileStorage,
  userId: number,
  bytes: Buffer,
  previous: string | null,
  staff?: AuditActor,
): Promise<string> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  const ext = mime ? ALLOWED.get(mime) : undefined;
  if (!mime || !ext || bytes.length > AVATAR_MAX_BYTES) throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await storage.put(avatarKey(name), bytes, { contentType: mime });
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
  if (previous && isValidKey(avatarKey(previous))) await storage.delete([avatarKey(previous)]);
  return name;
}

/**
 * A user's current avatar: null unless `requested` is their current name and it is stored.
 * Served as the image type its sniffed extension names, whatever the storage recorded.
 */
export async function avatarFile(
  storage: FileStorage,
  profileImage: string | null,
  requested: string,
): Promise<(StoredObject & { mime: string }) | null> {
  if (!profileImage || requested !== profileImage) return null;
  const ext = requested.slice(requested.lastIndexOf('.') + 1);
  const mime = [...ALLOWED].find(([, e]) => e === ext)?.[0];
  if (!mime || !isValidKey(avatarKey(requested))) return null;
  const found = await storage.get(avatarKey(requested));
  return found && { ...found, mime };
}
