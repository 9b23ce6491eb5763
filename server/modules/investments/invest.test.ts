import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { plans, referralBonuses, transactions } from '../../db/schema';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { queryRows } from '../../test/rows';
import { createSession } from '../sessions/service';
import { userBalances } from '../ledger/accounts';
import { verifyLedger } from '../ledger/verify';
import { creditManualDeposit } from '../deposits/manual';

let t: TestContext;
let adminId: number;
let growth: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await signIn(t.database, 'admin')).userId;
  [growth] = (await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Growth'))) as [
    { id: number },
  ];
});
afterAll(async () => {
  expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  await t.close();
});

/**
 * Runs `work` while the database's reference generator answers `references` first, in order,
 * then draws as usual; returns how many references were asked for. The draws are counted by a
 * sequence, which a failed statement does not roll back.
 */
async function forcingReferences(references: string[], work: () => Promise<void>): Promise<number> {
  const db = t.database.db;
  await db.execute(sql`create table forced_references (n serial primary key, reference text not null)`);
  for (const reference of references)
    await db.execute(sql`insert into forced_references (reference) values (${reference})`);
  await db.execute(sql`create sequence reference_draws`);
  await db.execute(sql`alter function new_reference(text) rename to drawn_reference`);
  await db.execute(
    sql.raw(`create function new_reference(prefix text) returns text language plpgsql volatile as $$
      declare
        draw bigint := nextval('reference_draws');
        forced text;
      begin
        select reference into forced from forced_references where n = draw;
        return coalesce(forced, drawn_reference(prefix));
      end $$`),
  );
  try {
    await work();
    const [row] = await queryRows<{ draws: number }>(
      db,
      sql`select case when is_called then last_value else 0 end::int as draws from reference_draws`,
    );
    return row!.draws;
  } finally {
    await db.execute(sql`drop function new_reference(text)`);
    await db.execute(sql`alter function drawn_reference(text) rename to new_reference`);
    await db.execute(sql`drop sequence reference_draws`);
    await db.execute(sql`drop table forced_references`);
  }
}

async function investor(balanceCents: bigint, fields: Parameters<typeof insertUser>[1] = {}) {
  const userId = await insertUser(t.database, fields);
  if (balanceCents > 0n)
    await creditManualDeposit(t.database.db, {
      adminId,
      userId,
      amount: balanceCents,
      currency: 'BTC',
      notes: '',
      now: new Date(),
    });
  const { token } = await createSession(t.database.db, { userId, ttlMs: 3_600_000, now: new Date() });
  return { userId, cookies: { LoginToken: token } };
}
const investAs = (cookies: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/investments', cookies, payload });

describe('POST /api/investments', () => {
  it('moves the amount into invested principal and records it', async () => {
    const u = await investor(1_000_000n);
    const res = await investAs(u.cookies, { planId: growth.id, amount: '6000.50' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Investment created successfully',
      data: {
        investment: {
          principal: 6000.5,
          planName: 'Growth',
          status: 'running',
          interestRate: 15,
          returnRate: 0.15,
          duration: 60,
          totalReturn: 900.08,
          income: 0,
        },
      },
    });
    const inv = res.json().data.investment;
    expect(new Date(inv.endDate).getTime() - new Date(inv.startDate).getTime()).toBe(60 * 86_400_000);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 399_950n,
      invested: 600_050n,
      withdrawal_hold: 0n,
    });
    const txs = await t.database.db.select().from(transactions).where(eq(transactions.userId, u.userId));
    expect(txs.map((x) => [x.type, x.amount, x.status])).toEqual(
      expect.arrayContaining([['investment', 600_050n, 'completed']]),
    );
  });

  it('lists every investment for staff with its owner’s user name (issue 18 item 13)', async () => {
    const u = await investor(1_000_000n, { userName: 'listed_owner' });
    expect((await investAs(u.cookies, { planId: growth.id, amount: '6000' })).statusCode).toBe(201);
    const staff = await signIn(t.database, 'moderator');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/investments/all?userId=${u.userId}`,
      cookies: staff.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ userId: u.userId, userName: 'listed_owner' })]);
  });

  it('tries again with a fresh reference when the drawn one is taken, writing everything once', async () => {
    const u = await investor(1_000_000n);
    const [taken] = await t.database.db
      .select({ ref: transactions.referenceNumber })
      .from(transactions)
      .where(eq(transactions.userId, u.userId));
    const draws = await forcingReferences([taken!.ref, taken!.ref], async () => {
      const res = await investAs(u.cookies, { planId: growth.id, amount: '5000' });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(draws).toBe(3); // two taken, then a fresh one
    const txs = await t.database.db.select().from(transactions).where(eq(transactions.userId, u.userId));
    expect(txs.filter((x) => x.type === 'investment')).toHaveLength(1);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 500_000n,
      invested: 500_000n,
      withdrawal_hold: 0n,
    });
  });

  it.each([
    ['499999', 'The minimum investment for this plan is $5,000.00'],
    ['25000', 'The maximum investment for this plan is $24,999.00'],
  ])('refuses %s outside the plan limits', async (amount, message) => {
    const u = await investor(10_000_000n);
    const res = await investAs(u.cookies, {
      planId: growth.id,
      amount: Number(amount) / (amount === '499999' ? 100 : 1),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect((await userBalances(t.database.db, u.userId)).invested).toBe(0n);
  });

  it("refuses a short balance, someone else's userId, an unverified email, a closed plan and maintenance mode", async () => {
    const poor = await investor(100_000n);
    const short = await investAs(poor.cookies, { planId: growth.id, amount: 5000 });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Insufficient balance: deposit funds to invest this amount');

    const rich = await investor(1_000_000n);
    expect((await investAs(rich.cookies, { planId: growth.id, amount: 5000, userId: poor.userId })).statusCode).toBe(
      403,
    );

    const unverified = await investor(1_000_000n, { isEmailVerified: false });
    expect((await investAs(unverified.cookies, { planId: growth.id, amount: 5000 })).json().code).toBe(
      'EMAIL_NOT_VERIFIED',
    );

    const [closed] = await t.database.db
      .insert(plans)
      .values({
        name: 'Closed',
        description: 'x',
        termPeriods: 5,
        interestRateBp: 100,
        minimumInvestment: 100n,
        maximumInvestment: 1000n,
        archivedAt: new Date(),
      })
      .returning();
    expect((await investAs(rich.cookies, { planId: closed!.id, amount: 5 })).json().code).toBe('PLAN_CLOSED');
    expect((await investAs(rich.cookies, { planId: 999_999, amount: 5 })).statusCode).toBe(404);

    await t.app.settings.update({ maintenanceMode: true }, adminId);
    expect((await investAs(rich.cookies, { planId: growth.id, amount: 5000 })).statusCode).toBe(503);
    await t.app.settings.update({ maintenanceMode: false }, adminId);

    for (const payload of [
      { planId: growth.id },
      { planId: growth.id, amount: -5 },
      { amount: 5000 },
      { planId: 'x', amount: 5000 },
      { planId: growth.id, amount: '50.001' },
    ]) {
      expect((await investAs(rich.cookies, payload)).statusCode).toBe(400);
    }
    expect((await investAs({}, { planId: growth.id, amount: 5000 })).statusCode).toBe(401);
    expect((await userBalances(t.database.db, rich.userId)).available).toBe(1_000_000n);
  });

  it('pays referral bonuses up three levels from the settings', async () => {
    const l3 = await insertUser(t.database);
    const l2 = await insertUser(t.database, { referrerId: l3 });
    const l1 = await insertUser(t.database, { referrerId: l2 });
    const u = await investor(1_000_000n, { referrerId: l1 });
    expect((await investAs(u.cookies, { planId: growth.id, amount: 10_000 })).statusCode).toBe(201);
    expect((await userBalances(t.database.db, l1)).available).toBe(50_000n); // 5%
    expect((await userBalances(t.database.db, l2)).available).toBe(20_000n); // 2%
    expect((await userBalances(t.database.db, l3)).available).toBe(10_000n); // 1%
    const rows = await t.database.db.select().from(referralBonuses).where(eq(referralBonuses.refereeId, u.userId));
    expect(rows.map((r) => [r.referrerId, r.level]).sort()).toEqual(
      [
        [l1, 1],
        [l2, 2],
        [l3, 3],
      ].sort(),
    );
  });

  it('of 50 concurrent investments against a balance that covers 10, exactly 10 succeed', async () => {
    const u = await investor(5_000_000n);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => investAs(u.cookies, { planId: growth.id, amount: 5000 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 0n,
      invested: 5_000_000n,
      withdrawal_hold: 0n,
    });
  });
});
