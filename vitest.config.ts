import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('contract', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    // vitest's default (cores - 1) is one worker on a 2-core machine; two overlap one file's
    // database waits with another's work: 102 s to 62 s on PostgreSQL, 135 s to 106 s on PGlite.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
