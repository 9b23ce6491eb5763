// A server for the benchmark to load, run in its own process: `bare` is Fastify's hello
// world; `app` is the real app (all global hooks, production logging) on a fresh database,
// with, on a second port, bare routes replaying its read endpoints' SQL on the same pool.
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { createSession } from '../../server/modules/sessions/service';
import { users } from '../../server/db/schema';
import { recordReads, startBareReads, StatementRecorder } from './reads';

const kind = process.argv[2];
process.on('message', () => {
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: (user + system) / 1e6 });
});
const port = Number(process.argv[3]);

if (kind === 'bare') {
  const app = Fastify();
  app.get('/api/health/live', async () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({ ready: true });
} else {
  const recorder = new StatementRecorder();
  const database = await openDatabase({
    ...(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {}),
    logger: recorder,
  });
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values({
      userName: `bench${Date.now()}`,
      email: `bench${Date.now()}@example.test`,
      passwordHash: 'x',
      status: 'active',
    })
    .returning({ id: users.id });
  const { token } = await createSession(database.db, { userId: user!.id, ttlMs: 3_600_000, now: new Date() });
  const deps = {
    database,
    appSecret: 'bench-secret-0123456789-abcdefghijklmnop',
    // Production logging: JSON lines to stdout, which the bench sends to /dev/null.
    logger: process.env.BENCH_NOLOG ? false : { level: 'info' },
  };
  const app = await buildApp(deps);
  // The same app with SESSION_CACHE=off, for the session lookup's cost on every request.
  const uncached = await buildApp({ ...deps, sessionCache: false });
  const reads = await recordReads(app, database, recorder);
  recorder.stop();
  await startBareReads(database, reads, Number(process.argv[4]));
  await app.listen({ port, host: '127.0.0.1' });
  await uncached.listen({ port: Number(process.argv[5]), host: '127.0.0.1' });
  process.send?.({ ready: true, token, reads: reads.map(({ name, path, cookie }) => ({ name, path, cookie })) });
}
