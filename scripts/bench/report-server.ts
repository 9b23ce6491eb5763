// The server side of report-memory.ts, in its own process so its memory is measured alone:
// a fresh database seeded with N transactions (set-based), an admin session, the real app on
// a loopback port. Answers every IPC message with its memory usage.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createSession } from '../../server/modules/sessions/service';

const rows = Number(process.argv[2]);
const port = Number(process.argv[3]);
process.on('message', () => {
  const m = process.memoryUsage();
  process.send?.({ rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers });
});

const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {});
await database.migrate();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const [admin] = await database.db
  .insert(users)
  .values({
    userName: `rb${tag}`,
    email: `rb${tag}@bench.test`,
    passwordHash: 'x',
    role: 'admin',
    status: 'active',
    isEmailVerified: true,
  })
  .returning({ id: users.id });
const [owner] = await database.db
  .insert(users)
  .values({
    userName: `ro${tag}`,
    email: `ro${tag}@bench.test`,
    passwordHash: 'x',
    status: 'active',
    isEmailVerified: true,
  })
  .returning({ id: users.id });
// Spread over the last 20 days, so every row falls in the last-30-days report.
await database.db.execute(sql`
  insert into transactions (reference_number, user_id, type, amount, currency, status, payment_method, description, created_at, updated_at)
  select 'BR-' || ${tag} || '-' || g, ${owner!.id}, 'deposit', 1000 + g, 'USD', 'completed', 'BTC', 'Bench deposit ' || g,
         now() - (g % 28800) * interval '1 minute', now()
  from generate_series(1, ${rows}) g`);
const { token } = await createSession(database.db, { userId: admin!.id, ttlMs: 3_600_000, now: new Date() });
const app = await buildApp({ database, appSecret: 'bench-secret-0123456789-abcdefghijklmnop', logger: false });
await app.listen({ port, host: '127.0.0.1' });
// Settle what start-up allocated before the baseline is taken.
(globalThis as { gc?: () => void }).gc?.();
process.send?.({ ready: true, token });
