import path from 'node:path';
import pino from 'pino';
import { assertDatabaseAllowed, loadConfig, serverClock } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { resolveAppSecret } from './lib/app-secret';
import { Scheduler } from './jobs/scheduler';
import { ensureAdmin } from './modules/users/seed-admin';
import { moveLocalFilesIntoStore } from './modules/storage/move-local';
import { openStorage } from './modules/storage/open';

/** Reads config, opens and migrates the database, serves HTTP and starts the jobs. */
export async function main(): Promise<void> {
  const config = loadConfig();
  assertDatabaseAllowed(config);
  const appSecret = resolveAppSecret(config);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir });
  await database.migrate();
  const storage = await openStorage(config.storage, database.db);
  const admin = await ensureAdmin(database.db, config.admin);
  const now = serverClock(config.testClockFile);

  const logger =
    config.env === 'production'
      ? { level: config.logLevel }
      : {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
        };
  // Built before the app so that the admin's job monitor and the timers share one state.
  const scheduler = new Scheduler(database.db, pino({ enabled: false }), now, [], { instance: config.instanceId });
  const app = await buildApp({
    database,
    scheduler,
    now,
    appSecret,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    sessionCache: config.sessionCache,
    webDist: config.webDist,
    storage,
    logger,
    trustProxy: config.trustProxy,
    oauthEndpoints: config.testOauthEndpoints,
    rateLimitFactor: config.testRateLimitFactor,
    logMailLinks: config.env === 'development',
  });

  if (database.driver === 'pglite') {
    app.log.warn(
      `Embedded database (PGlite) at ${pgliteDir}: for trying the platform and development only; it does not fsync. Production uses DATABASE_URL (PostgreSQL).`,
    );
  }

  // Uploads an older version kept in DATA_DIR: into the storage every instance shares.
  await moveLocalFilesIntoStore(config.dataDir, storage, app.log);

  scheduler.useLogger(app.log);
  if (config.testClockFile)
    app.log.warn(`Test clock: the server's time is moved by the offset in ${config.testClockFile}`);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    scheduler.stop();
    await app.close();
    storage.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.jobs) scheduler.start();
  if (admin.generatedPassword) {
    console.log(
      `\n  First start: created the admin account\n    user name: ${config.admin.userName}\n    password:  ${admin.generatedPassword}\n  (shown only this once; you will be asked to change it at first login)`,
    );
  }
  console.log(
    `\n  MineVest is running at ${config.publicUrl ?? `http://localhost:${port}`}\n  API docs: http://localhost:${port}/api/docs\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
