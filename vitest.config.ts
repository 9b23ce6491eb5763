import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { apiRoutes } from './web/api-routes';

export default defineConfig({
  plugins: [apiRoutes()],
  resolve: { alias: { '@contract': fileURLToPath(new URL('contract', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['web/src/test/reset-language.ts'],
    pool: 'forks',
    // A worker keeps its imported modules from one test file to the next instead of importing
    // the server again for each (about 1 s a file: 207 s to 104 s on PGlite). Tests therefore
    // do not replace modules (vi.mock is a lint error) and keep module state out of the app.
    isolate: false,
    // vitest's default (cores - 1) is one worker on a 2-core machine; two overlap one file's
    // database waits with another's work: 102 s to 62 s on PostgreSQL, 135 s to 106 s on PGlite.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
