import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { approveKyc } from '../../test/kyc';
import { createTestApp, signIn, type TestContext } from '../../test/app';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let admin2: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  admin2 = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
  // Manual payouts; from $1,000 on two staff members approve.
  await t.app.settings.update({ fourEyesWithdrawalMin: '1000.00' } as never, admin.userId);
});
afterAll(() => t.close());

async function investor() {
  const u = await fundedUser(t.database, admin.userId, 500_000n, {
    btcWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  });
  await approveKyc(t.database, u.userId);
  return u;
}
async function withdraw(cookies: Record<string, string>, userId: number, amount: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/investments/withdraw',
    cookies,
    payload: { userId, amount, currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().withdrawal.id as number;
}
async function approve(id: number, cookies: Record<string, string>): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/transactions/withdrawals/${id}/status`,
    cookies,
    payload: { status: 'settled' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as string;
}
const list = (url: string, cookies: Record<string, string>) => t.app.inject({ method: 'GET', url, cookies });
const ids = (body: { data: { id: number }[] }) => body.data.map((w) => w.id).sort((a, b) => a - b);

describe('GET /api/transactions/withdrawals?stage=second-approval', () => {
  it('lists only pending four-eyes withdrawals with one approval, for staff; a user’s own list ignores it', async () => {
    const ada = await investor();
    const bob = await investor();
    const waiting = await withdraw(ada.cookies, ada.userId, '1500');
    const untouched = await withdraw(ada.cookies, ada.userId, '1200');
    const small = await withdraw(ada.cookies, ada.userId, '100');
    const paid = await withdraw(ada.cookies, ada.userId, '50');
    const bobWaiting = await withdraw(bob.cookies, bob.userId, '2000');
    expect(await approve(waiting, admin.cookie)).toMatch(/^First approval recorded/);
    expect(await approve(bobWaiting, admin2.cookie)).toMatch(/^First approval recorded/);
    expect(await approve(paid, admin.cookie)).toBe('Withdrawal approved and marked as paid');

    const all = (await list('/api/transactions/withdrawals?limit=100', admin.cookie)).json();
    expect(ids(all)).toEqual([waiting, untouched, small, paid, bobWaiting]);

    for (const who of [admin, moderator]) {
      const res = await list('/api/transactions/withdrawals?stage=second-approval', who.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ids(body)).toEqual([waiting, bobWaiting]);
      expect(body.totalItems).toBe(2);
      expect(body.data.every((w: { firstApprovedBy: number | null }) => w.firstApprovedBy !== null)).toBe(true);
      // The cards count every withdrawal, as without the filter.
      expect(body.metrics).toEqual(all.metrics);
    }
    const pendingWaiting = await list(
      '/api/transactions/withdrawals?status=pending&stage=second-approval',
      admin.cookie,
    );
    expect(ids(pendingWaiting.json())).toEqual([waiting, bobWaiting]);
    const settledWaiting = await list(
      '/api/transactions/withdrawals?status=settled&stage=second-approval',
      admin.cookie,
    );
    expect(settledWaiting.json().data).toEqual([]);

    // The user's own list has no stage filter: all four of Ada's, whatever stage says.
    const own = await list(`/api/transactions/withdrawals/${ada.userId}?stage=second-approval`, ada.cookies);
    expect(own.statusCode).toBe(200);
    expect(ids(own.json())).toEqual([waiting, untouched, small, paid]);
    expect((await list('/api/transactions/withdrawals?stage=second-approval', ada.cookies)).statusCode).toBe(403);

    // The second approval pays it: it leaves the list.
    expect(await approve(waiting, admin2.cookie)).toBe('Withdrawal approved and marked as paid');
    const after = await list('/api/transactions/withdrawals?stage=second-approval', admin.cookie);
    expect(ids(after.json())).toEqual([bobWaiting]);
  });

  it('answers an unknown stage with a 400 that names it', async () => {
    const res = await list('/api/transactions/withdrawals?stage=first-approval', admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Stage must be second-approval');
    expect((await list('/api/transactions/withdrawals?stage=second-approval', {})).statusCode).toBe(401);
  });
});
