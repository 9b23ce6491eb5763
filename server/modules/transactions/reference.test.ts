import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../test/rows';
import { plans } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { approveKyc } from '../../test/kyc';
import { accrueDueReturns } from '../investments/accrual';
import { cancelInvestment } from '../investments/cancel';
import { DAY_MS } from '../investments/invest';
import { verifyLedger } from '../ledger/verify';
import { REFERENCE_PATTERN } from './reference';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  // The one generator, marked: every reference it draws from here on starts with QA instead
  // of TX. A writer with a generator of its own would still write TX.
  await t.database.db.execute(sql`alter function new_reference(text) rename to new_reference_unmarked`);
  await t.database.db.execute(
    sql.raw(`create function new_reference(prefix text) returns text language sql volatile as
      $$ select 'QA' || substr(new_reference_unmarked(prefix), length(prefix) + 1) $$`),
  );
});
afterEach(async () => expect((await verifyLedger(t.database.db)).problems).toEqual([]));
afterAll(() => t.close());

const inject = (method: 'POST' | 'PUT', url: string, cookies: Record<string, string>, payload: object) =>
  t.app.inject({ method, url, cookies, payload });

describe('reference numbers', () => {
  it('come from the one generator for every kind of transaction, one at a time or in bulk', async () => {
    const [plan] = await t.database.db
      .insert(plans)
      .values({
        name: 'Two days',
        description: 'x',
        termPeriods: 2,
        interestRateBp: 200,
        minimumInvestment: 100n,
        maximumInvestment: 100_000_000n,
      })
      .returning();
    const referrer = await fundedUser(t.database, admin.userId, 0n);
    const u = await fundedUser(t.database, admin.userId, 100_000n, {
      btcWalletAddress: 'bc1qtest0000',
      referrerId: referrer.userId,
    });
    await approveKyc(t.database, u.userId);

    const deposit = await inject('POST', '/api/deposits/new', u.cookies, { amount: 5, currency: 'BTC' });
    expect(deposit.statusCode).toBe(201);
    const withdrawal = await inject('POST', '/api/investments/withdraw', u.cookies, {
      userId: u.userId,
      amount: 10,
      currency: 'BTC',
    });
    expect(withdrawal.statusCode).toBe(201);
    const invested = [];
    for (const amount of ['100', '200']) {
      const res = await inject('POST', '/api/investments', u.cookies, { planId: plan!.id, amount });
      expect(res.statusCode).toBe(201);
      invested.push(res.json().data.investment.id as number);
    }
    await cancelInvestment(
      t.database.db,
      invested[1]!,
      { userId: admin.userId, userName: 'admin', role: 'admin', ip: '127.0.0.1' },
      new Date(),
    );
    expect(await accrueDueReturns(t.database.db, new Date(Date.now() + 3 * DAY_MS))).toEqual({ payouts: 2, ended: 1 });

    const rows = await queryRows<{ type: string; reference_number: string }>(
      t.database.db,
      sql`select type, reference_number from transactions order by id`,
    );
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set([
        'manual_deposit',
        'deposit',
        'withdrawal',
        'investment',
        'referral_bonus',
        'principal_release',
        'return',
      ]),
    );
    for (const r of rows) {
      expect(r.reference_number).toMatch(/^QA-/);
      expect(r.reference_number).toMatch(REFERENCE_PATTERN);
    }
    expect(new Set(rows.map((r) => r.reference_number)).size).toBe(rows.length);
  });
});
