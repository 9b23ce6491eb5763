import { argon2Placeholder } from './fixtures';
import { buildApp, type App, type AppDeps } from '../app';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../modules/sessions/service';
import { SESSION_COOKIE } from '../plugins/auth';
import { createTestDatabase } from './db';

export const TEST_APP_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** A built app on a fresh database, ready for `app.inject`. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({ database, appSecret: TEST_APP_SECRET, checkErrorCodes: true, ...overrides });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;

/** Inserts a user directly (the registration flow has its own tests) and returns its id. */
export async function insertUser(database: Database, fields: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      userName: `user${counter}_${Math.random().toString(36).slice(2, 7)}`,
      email: `user${counter}_${Math.random().toString(36).slice(2, 7)}@example.test`,
      passwordHash: argon2Placeholder,
      status: 'active',
      isEmailVerified: true,
      ...fields,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A logged-in caller: a user of `role` with a live session, as cookie and bearer headers. */
export async function signIn(database: Database, role: 'user' | 'admin' | 'moderator' = 'user') {
  const userId = await insertUser(database, { role });
  const { token } = await createSession(database.db, { userId, ttlMs: 3_600_000, now: new Date() });
  return { userId, token, cookie: { [SESSION_COOKIE]: token }, bearer: { authorization: `Bearer ${token}` } };
}
