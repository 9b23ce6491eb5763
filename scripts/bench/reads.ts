// The read endpoints' baselines, in the app's bench process: each endpoint's own SQL, recorded as
// the app runs it once, replayed by a bare Fastify route straight on the same driver and pool.
import { AsyncLocalStorage } from 'node:async_hooks';
import Fastify from 'fastify';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createSession } from '../../server/modules/sessions/service';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A drizzle logger that keeps the statements `fn` runs: only those of its own async context, so
 * work left running by earlier requests (a notification's mail being sent) is not counted as
 * the endpoint's.
 */
export class StatementRecorder implements Logger {
  private readonly recording = new AsyncLocalStorage<Statement[]>();
  logQuery(sql: string, params: unknown[]): void {
    this.recording.getStore()?.push({ sql, params });
  }
  async record(fn: () => Promise<void>): Promise<Statement[]> {
    const taken: Statement[] = [];
    await this.recording.run(taken, fn);
    return taken;
  }
  /**
   * Done recording: on Node 20 an enabled AsyncLocalStorage runs a hook on every promise the
   * process makes, a cost the app does not have in production (3–4% of its CPU under load).
   */
  stop(): void {
    this.recording.disable();
  }
}

/** One endpoint as the bench loads it: its path and cookie on the app, and its statements for the bare route. */
export interface ReadRoute {
  name: string;
  path: string;
  cookie?: string;
  statements: Statement[];
}

async function account(
  database: Database,
  name: string,
  role: 'user' | 'admin',
): Promise<{ id: number; cookie: string }> {
  const tag = `${name}${Date.now()}`;
  const [user] = await database.db
    .insert(users)
    .values({ userName: tag, email: `${tag}@example.test`, passwordHash: 'x', role, isEmailVerified: true })
    .returning({ id: users.id });
  const { token } = await createSession(database.db, { userId: user!.id, ttlMs: 86_400_000, now: new Date() });
  return { id: user!.id, cookie: `LoginToken=${token}` };
}

async function ok(app: FastifyInstance, method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
  const res = await app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as unknown;
}

/**
 * An investor with a deposit and two investments, and an admin, made through the app's own
 * routes; then each read endpoint called once with its statements recorded.
 */
export async function recordReads(app: FastifyInstance, database: Database, recorder: StatementRecorder) {
  const admin = await account(database, 'benchadmin', 'admin');
  const investor = await account(database, 'benchinvestor', 'user');
  await ok(app, 'POST', '/api/deposits/manual', admin.cookie, { userId: investor.id, amount: 50_000, currency: 'BTC' });
  const { data: plans } = (await ok(app, 'GET', '/api/plans')) as { data: { id: number; minimumInvestment: number }[] };
  for (const plan of plans.slice(0, 2))
    await ok(app, 'POST', '/api/investments', investor.cookie, { planId: plan.id, amount: plan.minimumInvestment });
  // The session lookup's own figure records a first call (the lookup); the others a second, as they
  // run once the caller's session is cached: their baselines replay their own SQL, no lookup.
  const routes: (Omit<ReadRoute, 'statements'> & { cold?: boolean })[] = [
    {
      name: 'who am I (the session lookup alone)',
      path: '/api/verify-auth-token',
      cookie: investor.cookie,
      cold: true,
    },
    { name: 'plans list', path: '/api/plans' },
    {
      name: "a page of the investor's transactions",
      path: `/api/transactions/user/${investor.id}?page=1&limit=10`,
      cookie: investor.cookie,
    },
    { name: 'investor dashboard metrics', path: `/api/metrics/user-dashboard/${investor.id}`, cookie: investor.cookie },
    { name: 'admin dashboard metrics', path: '/api/metrics/dashboard', cookie: admin.cookie },
  ];
  const recorded: ReadRoute[] = [];
  for (const { cold, ...route } of routes) {
    if (!cold) await ok(app, 'GET', route.path, route.cookie);
    const statements = await recorder.record(async () => void (await ok(app, 'GET', route.path, route.cookie)));
    if (statements.length === 0) throw new Error(`${route.path} ran no SQL: nothing to compare it with`);
    if (process.env.BENCH_SHOW_SQL)
      console.error(`${route.path}:\n${statements.map((st) => `  ${st.sql.slice(0, 300)}`).join('\n')}`);
    recorded.push({ ...route, statements });
  }
  return recorded;
}

/**
 * Bare Fastify on the same database: `/replay/<i>` runs route i's statements in order on the
 * driver as named prepared statements (parsed once per connection), no ORM, no hooks, and
 * answers their rows as JSON.
 */
export async function startBareReads(database: Database, routes: ReadRoute[], port: number): Promise<void> {
  const bare = Fastify();
  routes.forEach((route, i) => {
    bare.get(`/replay/${i}`, async () => {
      const results: unknown[][] = [];
      for (const [k, s] of route.statements.entries())
        results.push(await database.query(s.sql, s.params, `replay_${i}_${k}`));
      return results;
    });
  });
  await bare.listen({ port, host: '127.0.0.1' });
}
