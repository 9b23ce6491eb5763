/**
 * The bell and the Notifications page for a user with 10,000 notices (plus broadcasts, half of
 * everything read): the unread count and the first page, each timed against the same query
 * for a user with 10 notices and against a bare primary-key SELECT, in the same run.
 *
 *   npx tsx scripts/bench/notifications.ts          (embedded PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://... npx tsx scripts/bench/notifications.ts
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../server/db/client';
import { idNumber, rowsOf } from '../../server/db/rows';
import { listForUser, unreadCount } from '../../server/modules/notifications/service';
import { createScratchDatabase } from '../../server/test/db';

const ROUNDS = 40;

const idRow = z.object({ id: idNumber });
const bareRow = z.object({ id: idNumber, key: z.string(), params: z.unknown() });

async function main(): Promise<void> {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'bench_notif')
    : null;
  const database = await openDatabase(scratch ? { url: scratch.url, poolSize: 4 } : {});
  try {
    await database.migrate();
    const db = database.db;
    const ids = (
      await rowsOf(
        db,
        idRow,
        sql`insert into users (user_name, email, password_hash, status, is_email_verified, created_at)
            select 'n' || g, 'n' || g || '@bench.test', 'x', 'active', true, now() - interval '400 days' from generate_series(1, 2002) g returning id`,
      )
    ).map((r) => r.id);
    const [heavy, light] = [ids[0]!, ids[1]!];
    // Background: 2,000 other users with 20 notices each, so the table is not only ours.
    await db.execute(sql`insert into notifications (recipient_id, key, params, kind, created_at)
      select u, 'deposit.settled', jsonb_build_object('amount', (g * 100)::text, 'currency', 'BTC'), 'deposit', now() - (g || ' minutes')::interval from unnest(${sql.raw(`ARRAY[${ids.slice(2).join(',')}]::bigint[]`)}) u, generate_series(1, 20) g`);
    await db.execute(sql`insert into notifications (recipient_id, key, params, kind, created_at)
      select ${heavy}, 'deposit.settled', jsonb_build_object('amount', (g * 100)::text, 'currency', 'BTC'), 'deposit', now() - (g || ' seconds')::interval from generate_series(1, 10000) g`);
    await db.execute(sql`insert into notifications (recipient_id, key, params, kind, created_at)
      select ${light}, 'deposit.settled', jsonb_build_object('amount', (g * 100)::text, 'currency', 'BTC'), 'deposit', now() - (g || ' seconds')::interval from generate_series(1, 10) g`);
    await db.execute(sql`insert into notifications (recipient_id, key, params, kind, created_at)
      select null, 'text', jsonb_build_object('text', 'broadcast ' || g), 'staff', now() - (g || ' hours')::interval from generate_series(1, 50) g`);
    // Half of the heavy user's notices and every other broadcast are read.
    await db.execute(sql`insert into notification_reads (notification_id, user_id)
      select id, ${heavy} from notifications where (recipient_id = ${heavy} and id % 2 = 0) or (recipient_id is null and id % 2 = 0)`);
    await db.execute(sql`analyze`);

    const time = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await fn();
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await fn();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      return samples[Math.floor(samples.length / 2)]!;
    };
    const bare = await time(() =>
      rowsOf(db, bareRow, sql`select id, key, params from notifications where id = ${heavy}`),
    );
    const page = { page: 1, limit: 10, filter: 'all' as const };
    const figures = {
      'bare PK select': bare,
      'unread count, 10 notices': await time(() => unreadCount(db, light)),
      'unread count, 10,000 notices': await time(() => unreadCount(db, heavy)),
      'bell (5 latest + count), 10 notices': await time(() => listForUser(db, light, { ...page, limit: 5 })),
      'bell (5 latest + count), 10,000 notices': await time(() => listForUser(db, heavy, { ...page, limit: 5 })),
      'page 1 of 10, 10,000 notices': await time(() => listForUser(db, heavy, page)),
      'page 1 unread filter, 10,000 notices': await time(() => listForUser(db, heavy, { ...page, filter: 'unread' })),
    };
    const count = await unreadCount(db, heavy);
    console.log(
      `notifications bench (${scratch ? 'PostgreSQL' : 'PGlite'}), median of ${ROUNDS}; heavy user unread = ${count}`,
    );
    for (const [name, ms] of Object.entries(figures))
      console.log(`  ${name.padEnd(42)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / bare).toFixed(1).padStart(6)}x bare`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
