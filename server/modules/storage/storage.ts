import type { Readable } from 'node:stream';

/** A stored file: its bytes (or a stream of them), the type it was stored with and its length. */
export interface StoredObject {
  body: Buffer | Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live, shared by every app instance: the database by default, or an
 * S3-compatible object store (STORAGE_URL). Keys are `<namespace>/<name>`.
 */
export interface FileStorage {
  readonly kind: 'database' | 's3';
  /** Stores the bytes under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, opts: { contentType: string }): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  has(key: string): Promise<boolean>;
  /** Removes the files; a key with nothing under it is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Lets go of connections (the S3 client's sockets); the database store has none of its own. */
  close(): void;
}

/** The kinds of uploaded file; each was a folder of DATA_DIR before the storage was shared. */
export const NAMESPACES = ['avatars', 'kyc'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The names in the database are plain file names: their key adds the namespace. */
export const storageKey = (namespace: Namespace, name: string): string => `${namespace}/${name}`;

const KEY = /^[a-z]+\/[A-Za-z0-9_][A-Za-z0-9._-]{0,254}$/;

/** A key is a namespace and one plain name: nothing a store could read as another path. */
export const isValidKey = (key: string): boolean => KEY.test(key);

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
}
