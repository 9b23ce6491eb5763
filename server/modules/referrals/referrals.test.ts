import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { creditManualDeposit } from '../deposits/manual';
import { invest } from '../investments/invest';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('referral endpoints', () => {
  it('list referrals with the income each brought, the total, and keep them private', async () => {
    const admin = await signIn(t.database, 'admin');
    const ref = await signIn(t.database);
    const stranger = await signIn(t.database);
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.name, 'Starter'));
    const a = await insertUser(t.database, { referrerId: ref.userId });
    await insertUser(t.database, { referrerId: ref.userId });
    await creditManualDeposit(t.database.db, {
      adminId: admin.userId,
      userId: a,
      amount: 200_000n,
      currency: 'BTC',
      notes: '',
      now: new Date(),
    });
    await invest(
      t.database.db,
      await t.app.settings.get(),
      { userId: a, planId: plan!.id, amount: 200_000n },
      new Date(),
    );

    const list = await t.app.inject({ method: 'GET', url: `/api/users/${ref.userId}/referrals`, cookies: ref.cookie });
    expect(list.json().totalItems).toBe(2);
    expect(list.json().data.find((r: { id: number }) => r.id === a)).toMatchObject({ totalTransactions: 100 });
    const bal = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ref.userId}/referral-balance`,
      cookies: ref.cookie,
    });
    expect(bal.json()).toEqual({ userId: ref.userId, totalReferralBonus: 100 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${ref.userId}/referrals`, cookies: stranger.cookie }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${ref.userId}/referral-balance`,
          cookies: stranger.cookie,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals', cookies: stranger.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/referrals', cookies: admin.cookie })).json().totalItems,
    ).toBe(2);
  });
});
