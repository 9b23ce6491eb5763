import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { storedFiles, users } from '../../db/schema';
import { signIn, TEST_APP_SECRET } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { databaseStorage } from './database';
import { moveLocalFilesIntoStore } from './move-local';
import { s3Storage } from './s3';
import type { FileStorage, StoredObject } from './storage';
import { parseStorageUrl } from './url';

const BUCKET = 'minevest-test';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
// Every byte value, then a megabyte of a pattern: nothing is text-decoded or cut short on the way.
const BINARY = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.alloc(1024 * 1024, 'storage'),
]);

let database: Database;
let s3: S3rver;
let s3Dir: string;
let s3Url: string;
const opened: FileStorage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-s3rver-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Url = `s3://${BUCKET}?endpoint=http://127.0.0.1:${port}&region=us-east-1`;
  // s3rver's one account; the store reads it through the SDK's default chain, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
});
afterAll(async () => {
  for (const store of opened) store.close();
  await s3.close();
  vi.unstubAllEnvs();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  await database.close();
});

const bytesOf = async (body: StoredObject['body']): Promise<Buffer> => {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};
const read = async (store: FileStorage, key: string) => {
  const found = await store.get(key);
  return found && { bytes: await bytesOf(found.body), contentType: found.contentType, size: found.size };
};
const rowOf = async (key: string) => (await database.db.select().from(storedFiles).where(eq(storedFiles.key, key)))[0];

let counter = 0;
const uniqueKey = (namespace: 'avatars' | 'kyc', ext: string) => `${namespace}/t${++counter}-${Date.now()}.${ext}`;

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
function multipart(parts: Part[]) {
  const boundary = '----storage' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) =>
    'bytes' in p
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
              `Content-Type: ${p.type}\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const KYC_FORM: Part[] = [
  ...Object.entries({
    legalName: 'Ada Lovelace',
    dateOfBirth: '1990-05-17',
    country: 'NL',
    address: 'Keizersgracht 1, Amsterdam',
    documentType: 'passport',
    documentNumber: 'NX-12 345',
  }).map(([name, value]) => ({ name, value })),
  { name: 'document', filename: 'doc.pdf', type: 'application/pdf', bytes: PDF },
  { name: 'selfie', filename: 'me.png', type: 'image/png', bytes: PNG },
];

const STORES = [
  { kind: 'database', open: () => databaseStorage(database.db) },
  { kind: 's3', open: () => s3Storage(parseStorageUrl(s3Url)) },
] as const;

describe.each(STORES)('the $kind store', ({ kind, open }) => {
  let store: FileStorage;
  beforeAll(() => {
    store = open();
    opened.push(store);
  });

  it('keeps bytes, content type and size; answers null and false for a missing key', async () => {
    expect(store.kind).toBe(kind);
    const key = uniqueKey('kyc', 'bin');
    expect(await store.get(key)).toBeNull();
    expect(await store.has(key)).toBe(false);
    await store.put(key, BINARY, { contentType: 'application/octet-stream' });
    expect(await store.has(key)).toBe(true);
    const found = await read(store, key);
    expect(found?.bytes.equals(BINARY)).toBe(true);
    expect(found).toMatchObject({ contentType: 'application/octet-stream', size: BINARY.length });
    // The S3 store streams the object to the reply instead of buffering it.
    if (kind === 's3') {
      const streamed = await store.get(key);
      expect(streamed?.body).toBeInstanceOf(Readable);
      await bytesOf(streamed!.body);
    }
    // Only the database store writes rows; the S3 one nothing in the database.
    expect((await rowOf(key)) !== undefined).toBe(kind === 'database');
  });

  it('overwrites a key with the new bytes and type', async () => {
    const key = uniqueKey('avatars', 'png');
    await store.put(key, PDF, { contentType: 'application/pdf' });
    await store.put(key, PNG, { contentType: 'image/png' });
    const found = await read(store, key);
    expect(found?.bytes.equals(PNG)).toBe(true);
    expect(found).toMatchObject({ contentType: 'image/png', size: PNG.length });
  });

  it('deletes several keys at once; a missing key or none is no error', async () => {
    const [a, b, c] = [uniqueKey('kyc', 'png'), uniqueKey('kyc', 'pdf'), uniqueKey('kyc', 'png')];
    await store.put(a, PNG, { contentType: 'image/png' });
    await store.put(b, PDF, { contentType: 'application/pdf' });
    await store.put(c, PNG, { contentType: 'image/png' });
    await store.delete([a, b, uniqueKey('kyc', 'png')]);
    await store.delete([]);
    expect([await store.has(a), await store.has(b), await store.has(c)]).toEqual([false, false, true]);
    expect([await store.get(a), await store.get(b)]).toEqual([null, null]);
    expect((await read(store, c))?.bytes.equals(PNG)).toBe(true);
  });

  it('refuses a key that is not a namespace and a plain name', async () => {
    for (const key of ['../app-secret', 'kyc/../app-secret', '/kyc/x.png', 'kyc/a/b.png', 'kyc/.hidden', 'x.png'])
      await expect(store.put(key, PNG, { contentType: 'image/png' })).rejects.toThrow(/Invalid storage key/);
    await expect(store.get('kyc/../x')).rejects.toThrow(/Invalid storage key/);
  });

  it('moves the files of DATA_DIR into the store once, also after a run stopped half way', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minevest-move-'));
    const user = await signIn(database);
    const avatar = `${user.userId}-${'a1'.repeat(8)}.png`;
    const document = `${kind}${'b2'.repeat(15)}.pdf`;
    const copied = `${kind}${'c3'.repeat(15)}.png`;
    fs.mkdirSync(path.join(dataDir, 'avatars'));
    fs.mkdirSync(path.join(dataDir, 'kyc'));
    fs.writeFileSync(path.join(dataDir, 'avatars', avatar), PNG);
    fs.writeFileSync(path.join(dataDir, 'kyc', document), PDF);
    fs.writeFileSync(path.join(dataDir, 'kyc', copied), PNG);
    fs.writeFileSync(path.join(dataDir, 'kyc', '.DS_Store'), 'x');
    // A previous run copied this one and stopped before removing it.
    await store.put(`kyc/${copied}`, PNG, { contentType: 'image/png' });
    await database.db.update(users).set({ profileImage: avatar }).where(eq(users.id, user.userId));
    const log = { info: vi.fn(), warn: vi.fn() };

    expect(await moveLocalFilesIntoStore(dataDir, store, log)).toEqual({ moved: 2, alreadyStored: 1 });
    expect(await read(store, `avatars/${avatar}`)).toEqual({ bytes: PNG, contentType: 'image/png', size: PNG.length });
    expect(await read(store, `kyc/${document}`)).toEqual({
      bytes: PDF,
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect((await read(store, `kyc/${copied}`))?.bytes.equals(PNG)).toBe(true);
    // Moved files are gone from the disk, and so is the emptied folder; the stray file stays.
    expect(fs.existsSync(path.join(dataDir, 'avatars'))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'kyc'))).toEqual(['.DS_Store']);
    expect(log.info).toHaveBeenCalledWith(
      { moved: 2, alreadyStored: 1, storage: kind },
      'moved uploaded files from DATA_DIR into the file storage',
    );
    expect(log.warn).toHaveBeenCalledTimes(1);

    // The names in the database keep working: the app serves the moved avatar.
    const app = await buildApp({ database, appSecret: TEST_APP_SECRET, storage: store });
    try {
      const res = await app.inject({
        method: 'GET',
        url: `/api/users/${user.userId}/profile-image/${avatar}`,
        cookies: user.cookie,
      });
      expect([res.statusCode, res.headers['content-type'], res.rawPayload.equals(PNG)]).toEqual([
        200,
        'image/png',
        true,
      ]);
    } finally {
      await app.close();
    }

    log.info.mockClear();
    expect(await moveLocalFilesIntoStore(dataDir, store, log)).toEqual({ moved: 0, alreadyStored: 0 });
    expect(log.info).not.toHaveBeenCalled();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // No DATA_DIR folders at all (a fresh install): nothing to do.
    expect(await moveLocalFilesIntoStore(dataDir, store, log)).toEqual({ moved: 0, alreadyStored: 0 });
  });

  describe('behind a load balancer: two app instances on one database', () => {
    let a: App;
    let b: App;
    beforeAll(async () => {
      // Each instance has its own store client, as separate processes would; the database store is the default.
      const deps = () => ({
        database,
        appSecret: TEST_APP_SECRET,
        checkErrorCodes: true,
        ...(kind === 's3' ? { storage: open() } : {}),
      });
      a = await buildApp(deps());
      b = await buildApp(deps());
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('an avatar uploaded through one is served by the other, to its owner and staff only', async () => {
      const owner = await signIn(database);
      const other = await signIn(database);
      const moderator = await signIn(database, 'moderator');
      const upload = (app: App, bytes: Buffer) =>
        app.inject({
          method: 'POST',
          url: `/api/users/${owner.userId}/profile-image`,
          cookies: owner.cookie,
          ...multipart([{ name: 'profileImage', filename: 'me.png', type: 'image/png', bytes }]),
        });
      const res = await upload(a, PNG);
      expect(res.statusCode).toBe(200);
      const url: string = res.json().profileImage;
      const name = url.split('/').pop()!;

      const own = await b.inject({ method: 'GET', url, cookies: owner.cookie });
      expect([own.statusCode, own.headers['content-type'], own.rawPayload.equals(PNG)]).toEqual([
        200,
        'image/png',
        true,
      ]);
      expect((await b.inject({ method: 'GET', url, cookies: moderator.cookie })).rawPayload.equals(PNG)).toBe(true);
      expect((await b.inject({ method: 'GET', url, cookies: other.cookie })).statusCode).toBe(403);
      expect((await b.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await rowOf(`avatars/${name}`)) !== undefined).toBe(kind === 'database');

      // Replaced through the other instance: the old file is gone for both.
      const replaced = await upload(b, PNG);
      expect(replaced.statusCode).toBe(200);
      expect((await a.inject({ method: 'GET', url, cookies: owner.cookie })).statusCode).toBe(404);
      expect(await store.has(`avatars/${name}`)).toBe(false);
      const next = await a.inject({ method: 'GET', url: replaced.json().profileImage, cookies: owner.cookie });
      expect(next.rawPayload.equals(PNG)).toBe(true);
    });

    it('a KYC document submitted through one is downloaded from the other as an attachment, by owner and staff only', async () => {
      const owner = await signIn(database);
      const other = await signIn(database);
      const moderator = await signIn(database, 'moderator');
      const res = await a.inject({
        method: 'POST',
        url: `/api/kyc/user/${owner.userId}`,
        cookies: owner.cookie,
        ...multipart(KYC_FORM),
      });
      expect(res.statusCode).toBe(201);
      const s = res.json().submission;

      for (const cookies of [owner.cookie, moderator.cookie]) {
        const doc = await b.inject({ method: 'GET', url: s.documentUrl, cookies });
        expect(doc.statusCode).toBe(200);
        expect(doc.headers).toMatchObject({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="kyc-${s.id}-document.pdf"`,
          'x-content-type-options': 'nosniff',
          'content-length': String(PDF.length),
        });
        expect(doc.rawPayload.equals(PDF)).toBe(true);
      }
      const selfie = await b.inject({ method: 'GET', url: s.selfieUrl, cookies: owner.cookie });
      expect([
        selfie.headers['content-type'],
        selfie.headers['content-disposition'],
        selfie.rawPayload.equals(PNG),
      ]).toEqual(['image/png', `attachment; filename="kyc-${s.id}-selfie.png"`, true]);
      expect((await b.inject({ method: 'GET', url: s.documentUrl, cookies: other.cookie })).statusCode).toBe(404);
      expect((await b.inject({ method: 'GET', url: s.documentUrl })).statusCode).toBe(401);
    });
  });
});

describe('the s3 store', () => {
  it('reports a missing bucket as an error, not as a missing file', async () => {
    const store = s3Storage(parseStorageUrl(s3Url.replace(BUCKET, 'no-such-bucket')));
    opened.push(store);
    await expect(store.get('kyc/x.png')).rejects.toThrow(/bucket/i);
  });
});
