import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deposits } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let admin2: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  admin2 = await signIn(t.database, 'admin');
  await t.app.settings.update({ fourEyesDepositMin: '1000.00' } as never, admin.userId);
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => t.close());

const manual = (cookies: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/deposits/manual', cookies, payload });
const decide = (id: number, cookies: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/deposits/update/${id}`, cookies, payload: { status: 'settled' } });
const available = async (userId: number) => (await userBalances(t.database.db, userId)).available;

describe('manual deposits at or above the four-eyes threshold', () => {
  it('wait for a second, different staff member; the recorder cannot credit their own; credited once', async () => {
    const userId = await insertUser(t.database);
    const res = await manual(admin.cookie, {
      userId,
      amount: '1000.00',
      currency: 'BTC',
      idempotencyKey: 'big-one-0001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/second staff member must approve/);
    expect(res.json().transaction.status).toBe('pending');
    expect(await available(userId)).toBe(0n);
    // The same key records it once.
    const again = await manual(admin.cookie, {
      userId,
      amount: '1000.00',
      currency: 'BTC',
      idempotencyKey: 'big-one-0001',
    });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, userId));
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const own = await decide(id, admin.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve a request you made yourself');
    expect(await available(userId)).toBe(0n);
    const [second, late] = await Promise.all([decide(id, admin2.cookie), decide(id, admin2.cookie)]);
    expect([second.statusCode, late.statusCode].sort()).toEqual([200, 409]);
    expect(await available(userId)).toBe(100_000n);
    const trail = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'deposit'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);
    expect(trail).toEqual([
      { action: 'deposit.manual_requested', actor: admin.userId },
      { action: 'deposit.approve', actor: admin2.userId },
    ]);
  });

  it('below the threshold are credited at once, as before', async () => {
    const userId = await insertUser(t.database);
    const res = await manual(admin.cookie, { userId, amount: '999.99', currency: 'BTC' });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction.status).toBe('completed');
    expect(await available(userId)).toBe(99_999n);
  });
});
