import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { count, rowsOf } from '../../db/rows';
import { userBalances } from '../ledger/accounts';

const countsRow = z.object({ txs: count, running: count });

/** Account level by total balance (cents): a label for the Account page, not a fee tier. */
const LEVELS: [bigint, string][] = [
  [10_000_000n, 'Platinum'],
  [2_500_000n, 'Gold'],
  [500_000n, 'Silver'],
  [0n, 'Bronze'],
];

export async function accountMetrics(db: Db, userId: number) {
  const b = await userBalances(db, userId);
  const [r] = await rowsOf(
    db,
    countsRow,
    sql`select (select count(*) from transactions where user_id = ${userId}) as txs,
               (select count(*) from investments where user_id = ${userId} and status = 'running') as running`,
  );
  const total = b.available + b.invested + b.withdrawal_hold;
  return {
    totalBalance: fromCents(total),
    availableBalance: fromCents(b.available),
    investedBalance: fromCents(b.invested),
    withdrawalHold: fromCents(b.withdrawal_hold),
    totalTransactions: r!.txs,
    activeInvestments: r!.running,
    accountLevel: LEVELS.find(([min]) => total >= min)![1],
  };
}
