import { z } from 'zod';

/** Where the S3 store is: a bucket, and the endpoint and region when not AWS's defaults. */
export interface S3Location {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, R2...); unset means AWS itself. */
  endpoint: string | undefined;
  /** Unset: the SDK's default (AWS_REGION, the profile). */
  region: string | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]+$/;
const EXAMPLE = 's3://bucket?endpoint=http://host:9000&region=us-east-1';

/**
 * Reads `s3://bucket?endpoint=http://host:port&region=us-east-1`. Throws a message naming
 * what is wrong: the operator reads it at start-up. Credentials never go in the URL (they
 * would end up in logs and process listings): the SDK reads them from the environment.
 */
export function parseStorageUrl(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`is not a URL; expected ${EXAMPLE}`);
  }
  if (url.protocol !== 's3:') throw new Error(`must start with s3:// (${EXAMPLE})`);
  if (url.username || url.password)
    throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    throw new Error(`bucket ${JSON.stringify(bucket)} is not a valid name (3-63 lower-case letters, digits, . and -)`);
  if (url.port || (url.pathname !== '' && url.pathname !== '/') || url.hash)
    throw new Error(`must be only a bucket and options, as in ${EXAMPLE}`);
  for (const name of url.searchParams.keys())
    if (name !== 'endpoint' && name !== 'region')
      throw new Error(`unknown option ${JSON.stringify(name)}; the options are endpoint and region`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      throw new Error(`endpoint ${JSON.stringify(endpoint)} must be an http:// or https:// URL`);
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !REGION.test(region)) throw new Error(`region ${JSON.stringify(region)} is not valid`);
  return { bucket, endpoint, region };
}

/** STORAGE_URL in the configuration: empty or unset means the database store. */
export const zStorageUrl = z
  .string()
  .optional()
  .transform((text, ctx): S3Location | undefined => {
    if (!text) return undefined;
    try {
      return parseStorageUrl(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });
