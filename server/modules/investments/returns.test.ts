import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { accrueDueReturns } from './accrual';
import { DAY_MS, invest } from './invest';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('payout history and cancel', () => {
  it("the owner and staff read an investment's payouts; others get 404; an admin cancel returns the principal once", async () => {
    const admin = await signIn(t.database, 'admin');
    const owner = await signIn(t.database);
    const other = await signIn(t.database);
    const mod = await signIn(t.database, 'moderator');
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'));
    const start = new Date(Date.now() - 3.5 * DAY_MS);
    await creditManualDeposit(t.database.db, {
      adminId: admin.userId,
      userId: owner.userId,
      amount: 100_000n,
      currency: 'BTC',
      notes: '',
      now: start,
    });
    const inv = await invest(
      t.database.db,
      await t.app.settings.get(),
      { userId: owner.userId, planId: plan!.id, amount: 100_000n },
      start,
    );
    await accrueDueReturns(t.database.db, new Date());

    const url = `/api/investments/${inv.id}/return-updates?limit=6`;
    const mine = await t.app.inject({ method: 'GET', url, cookies: owner.cookie });
    expect(mine.json()).toMatchObject({ totalItems: 3, totalPages: 1 });
    expect(mine.json().data[0]).toMatchObject({
      dayIndex: 3,
      increment: 2,
      planName: 'Starter',
      userName: expect.any(String),
      transactionType: 'return',
    });
    expect((await t.app.inject({ method: 'GET', url, cookies: mod.cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, cookies: other.cookie })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/investments/return-updates', cookies: other.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/investments/user/plans/${owner.userId}`, cookies: other.cookie }))
        .statusCode,
    ).toBe(403);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/investments/${inv.id}/cancel`, cookies: mod.cookie }))
        .statusCode,
    ).toBe(403);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/investments/${inv.id}/cancel`,
      cookies: admin.cookie,
    });
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', income: 6 });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/investments/${inv.id}/cancel`, cookies: admin.cookie }))
        .statusCode,
    ).toBe(409);
    expect(await userBalances(t.database.db, owner.userId)).toEqual({
      available: 100_600n,
      invested: 0n,
      withdrawal_hold: 0n,
    });
    expect((await accrueDueReturns(t.database.db, new Date(Date.now() + 40 * DAY_MS))).payouts).toBe(0);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
