import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDatabaseAllowed, loadConfig } from './config';
import { resolveAppSecret } from './lib/app-secret';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: 'development', port: 3000, databaseUrl: undefined, jobs: true, sessionCache: true });
    expect(loadConfig({ SESSION_CACHE: 'off' }).sessionCache).toBe(false);
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', NODE_ENV: 'staging' })).toThrow(/PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ SESSION_CACHE: 'no' })).toThrow(/SESSION_CACHE/);
  });

  it('refuses the embedded database in production unless allowed', () => {
    expect(() => assertDatabaseAllowed(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /Refusing to start in production on the embedded database/,
    );
    expect(() => assertDatabaseAllowed(loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1' }))).not.toThrow();
    expect(() =>
      assertDatabaseAllowed(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })),
    ).not.toThrow();
    expect(() => assertDatabaseAllowed(loadConfig({}))).not.toThrow();
  });

  it('requires APP_SECRET in production and generates a stable one in development', () => {
    expect(() => resolveAppSecret(loadConfig({ NODE_ENV: 'production' }))).toThrow(/APP_SECRET is required/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    const first = resolveAppSecret(loadConfig({ DATA_DIR: dir }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAppSecret(loadConfig({ DATA_DIR: dir }))).toBe(first);
    expect(fs.statSync(path.join(dir, 'app-secret')).mode & 0o077).toBe(0);
  });
});
