import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { isValidKey, NAMESPACES, storageKey, type FileStorage } from './storage';

/**
 * Moves the files an older version wrote under `DATA_DIR/avatars` and `DATA_DIR/kyc` into the
 * storage, under the same names (the database rows name them). Each file is copied unless its
 * key is already there, and only then removed: a run stopped half way is simply run again,
 * and a second run finds nothing to do.
 */
export async function moveLocalFilesIntoStore(
  dataDir: string,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ moved: number; alreadyStored: number }> {
  let moved = 0;
  let alreadyStored = 0;
  for (const namespace of NAMESPACES) {
    const dir = path.join(dataDir, namespace);
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(dir, entry.name);
      const key = storageKey(namespace, entry.name);
      // Not a name the app ever wrote (a stray dot-file): left where it is.
      if (!isValidKey(key)) {
        log.warn({ file }, 'not moved into the file storage: not an uploaded file name');
        continue;
      }
      if (await storage.has(key)) {
        alreadyStored += 1;
      } else {
        const bytes = await fs.readFile(file);
        // They were sniffed when uploaded; sniffing again gives the type without trusting the name.
        const contentType = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
        await storage.put(key, bytes, { contentType });
        moved += 1;
      }
      await fs.rm(file, { force: true });
    }
    // The empty folder goes too; one still holding something else (a sub-folder) stays.
    await fs.rmdir(dir).catch(() => undefined);
  }
  if (moved + alreadyStored > 0)
    log.info(
      { moved, alreadyStored, storage: storage.kind },
      'moved uploaded files from DATA_DIR into the file storage',
    );
  return { moved, alreadyStored };
}
