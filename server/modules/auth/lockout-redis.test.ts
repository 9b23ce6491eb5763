import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { insertLoginUser } from '../../test/accounts';
import { TEST_APP_SECRET } from '../../test/app';
import { createTestDatabase } from '../../test/db';

/**
 * With REDIS_URL every instance counts login failures in one place: a client meets its limits
 * and the owner is emailed once, whichever instance answers. Needs TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'a long enough password';
const WRONG = 'not the password at all';
// Redis outlives the test databases: clients of this run get their own /48, user names are random.
const net = `fd${randomBytes(1).toString('hex')}:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
const client = (n: number) => `${net}:${n.toString(16)}::1`;

describe.skipIf(!redisUrl)('login lockout through Redis (needs TEST_REDIS_URL)', () => {
  let database: Database;
  const apps: App[] = [];
  const login = (i: number, usernameOrEmail: string, password: string, ip: string) =>
    apps[i % 2]!.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { usernameOrEmail, password },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ database, appSecret: TEST_APP_SECRET, redisUrl, checkErrorCodes: true });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('shares the per-client and per-IP counts between two instances', async () => {
    const u = await insertLoginUser(database, PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(i, u.userName, WRONG, client(1))).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await login(0, u.userName, PASSWORD, client(1))).statusCode).toBe(429);
    expect((await login(1, u.userName, PASSWORD, client(2))).statusCode).toBe(200);

    const spread: number[] = [];
    for (let i = 0; i < 21; i++) spread.push((await login(i, `nobody-${net}-${i}`, WRONG, client(3))).statusCode);
    expect(spread).toEqual([...Array<number>(20).fill(401), 429]);
  });

  it('emails the owner once when the failures are spread over both instances', async () => {
    const u = await insertLoginUser(database, PASSWORD);
    for (let i = 0; i < 14; i++) expect((await login(i, u.email, WRONG, client(100 + i))).statusCode).toBe(401);
    for (const app of apps) {
      await app.notificationDelivery.idle();
      await app.notificationDelivery.drain();
    }
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email));
    expect(mails.map((m) => m.subject)).toEqual(['MineVest security alert: Failed sign-in attempts on your account']);
    expect((await login(0, u.userName, PASSWORD, client(200))).statusCode).toBe(200);
  });
});
