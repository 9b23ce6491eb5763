import { z } from 'zod';
import type { SocialProvider } from '../contract/settings';
import type { OAuthEndpoints } from './integrations/oauth';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { zStorageUrl, type S3Location } from './modules/storage/url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  /** Unset: trust no proxy. A hop count, or the load balancers' addresses/CIDRs (comma-separated). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** `s3://bucket?endpoint=…&region=…`: uploaded files in an S3-compatible store; unset = in the database. */
  STORAGE_URL: zStorageUrl,
  ALLOW_EMBEDDED_DB: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('./dist/web'),
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Signed-in reads take the session from a cache the database keeps current (LISTEN); off: every request asks it. */
  SESSION_CACHE: z.enum(['on', 'off']).default('on'),
  /** This instance's name in the job run history; hostname:pid when unset. */
  INSTANCE_ID: z.string().max(200).optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_EMAIL: z.string().email().default('admin@localhost'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  TEST_CLOCK_FILE: z.string().optional(),
  /** JSON `{ provider: { authorize, token, userinfo } }`: browser tests' fake social sign-in provider. */
  TEST_OAUTH_ENDPOINTS: z.string().optional(),
  /** Multiplies every rate limit in browser tests (all from one address; one admin signs in from every spec). */
  TEST_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  appSecret: string | undefined;
  publicUrl: string | undefined;
  redisUrl: string | undefined;
  /** Which `X-Forwarded-*` headers to believe (server/lib/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** The S3 store for uploaded files (STORAGE_URL); undefined: the database. */
  storage: S3Location | undefined;
  allowEmbeddedDb: boolean;
  logLevel: string;
  webDist: string;
  jobs: boolean;
  sessionCache: boolean;
  /** Names the instance in the job run history: INSTANCE_ID, else hostname:pid. */
  instanceId: string;
  admin: { userName: string; email: string; password: string | undefined };
  /** Browser tests move the server's clock through this file; only ever set when NODE_ENV=test. */
  testClockFile: string | undefined;
  /** Social sign-in endpoints of a loopback fake; only ever set when NODE_ENV=test. */
  testOauthEndpoints: Partial<Record<SocialProvider, OAuthEndpoints>> | undefined;
  /** Multiplier of every rate limit; only ever set when NODE_ENV=test. */
  testRateLimitFactor: number | undefined;
}

/** An instance's name in the job run history: the configured one, else hostname:pid of this process. */
export const instanceId = (configured: string | undefined): string =>
  configured?.trim() || `${os.hostname()}:${process.pid}`;

/** Reads the environment once into a typed Config; throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    appSecret: e.APP_SECRET,
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL || undefined,
    trustProxy: e.TRUST_PROXY,
    storage: e.STORAGE_URL,
    allowEmbeddedDb: e.ALLOW_EMBEDDED_DB === '1',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    jobs: e.JOBS === 'on',
    sessionCache: e.SESSION_CACHE === 'on',
    instanceId: instanceId(e.INSTANCE_ID),
    admin: { userName: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD || undefined },
    // A movable clock in a real deployment would let anyone who can write one file pay out returns early.
    testClockFile: e.NODE_ENV === 'test' && e.TEST_CLOCK_FILE ? path.resolve(e.TEST_CLOCK_FILE) : undefined,
    // Limits made for people, not for a test suite; a deployment always has the real ones.
    testRateLimitFactor: e.NODE_ENV === 'test' ? e.TEST_RATE_LIMIT_FACTOR : undefined,
    // Anywhere else, a sign-in provider is only ever the real one.
    testOauthEndpoints:
      e.NODE_ENV === 'test' && e.TEST_OAUTH_ENDPOINTS
        ? (JSON.parse(e.TEST_OAUTH_ENDPOINTS) as Config['testOauthEndpoints'])
        : undefined,
  };
}

/**
 * The server's clock: real time, plus (in browser tests) the offset in ms written in
 * `testClockFile`. The file is read on every call so a test can move time while the server
 * runs; missing or empty means no offset.
 */
export function serverClock(testClockFile: string | undefined): () => Date {
  if (!testClockFile) return () => new Date();
  return () => {
    let text = '';
    try {
      text = fs.readFileSync(testClockFile, 'utf8').trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const offset = text === '' ? 0 : Number(text);
    if (!Number.isSafeInteger(offset))
      throw new Error(
        `TEST_CLOCK_FILE ${testClockFile} must hold an integer number of ms, not ${JSON.stringify(text)}`,
      );
    return new Date(Date.now() + offset);
  };
}

/**
 * File-backed PGlite does not fsync, so a machine crash can lose committed money movements:
 * production runs on PostgreSQL unless the operator explicitly accepts the risk.
 */
export function assertDatabaseAllowed(config: Config): void {
  if (!config.databaseUrl && config.env === 'production' && !config.allowEmbeddedDb) {
    throw new Error(
      'Refusing to start in production on the embedded database (PGlite does not fsync: a crash can lose committed money movements). Set DATABASE_URL to PostgreSQL 15+, or ALLOW_EMBEDDED_DB=1 to accept the risk.',
    );
  }
}
