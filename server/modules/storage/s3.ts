import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type FileStorage } from './storage';
import type { S3Location } from './url';

const isNotFound = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/**
 * Files as objects of an S3-compatible store. Credentials come from the SDK's default chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role). Path-style
 * addressing and checksums only where an operation requires them: what MinIO, s3rver and
 * other S3-compatible servers understand, and still valid on AWS.
 */
export function s3Storage(location: S3Location): FileStorage {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  return {
    kind: 's3',
    async put(key, bytes, { contentType }) {
      assertKey(key);
      // The bytes are already in memory (size-limited upload): one request with a known length.
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body stream`);
        return {
          body: out.Body,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength ?? 0,
        };
      } catch (err) {
        // Only a missing key is "no file": a missing bucket or a refusal stays an error.
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async has(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      keys.forEach(assertKey);
      // One request a key: DeleteObjects needs a body checksum that older S3-compatible servers reject.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
    close() {
      client.destroy();
    },
  };
}
