import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { cents, count, int8, rowsOf } from '../../db/rows';

const countsRow = z.object({ entries: count, postings: count });
const unbalancedRow = z.object({ id: int8, total: cents.nullable() });
const driftRow = z.object({ id: int8, kind: z.string(), user_id: int8.nullable(), balance: cents, computed: cents });
const unbackedRow = z.object({
  entry_id: int8,
  account_id: int8,
  returns: cents.nullable(),
  posted: cents.nullable(),
});

export interface LedgerReport {
  entries: number;
  postings: number;
  problems: string[];
}

/**
 * Recomputes everything from postings: each entry sums to zero and has postings, each user
 * account's cached balance equals the sum of its postings and is not negative, platform
 * accounts carry no cached balance, and daily-return postings match their return rows.
 * Set-based: one pass per check whatever the size.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: string[] = [];
  const [counts] = await rowsOf(
    db,
    countsRow,
    sql`select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings`,
  );
  const unbalanced = await rowsOf(
    db,
    unbalancedRow,
    sql`select e.id, sum(p.amount) as total from journal_entries e left join postings p on p.entry_id = e.id group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2 limit 100`,
  );
  for (const r of unbalanced)
    problems.push(`entry ${r.id} does not balance or has fewer than 2 postings (sum ${r.total ?? 0})`);
  const drift = await rowsOf(
    db,
    driftRow,
    sql`select a.id, a.kind, a.user_id, a.balance, coalesce(sum(p.amount), 0) as computed
        from ledger_accounts a left join postings p on p.account_id = a.id
        group by a.id
        having (a.user_id is not null and (a.balance <> coalesce(sum(p.amount), 0) or coalesce(sum(p.amount), 0) < 0))
            or (a.user_id is null and a.balance <> 0)
        limit 100`,
  );
  for (const r of drift)
    problems.push(
      `account ${r.id} (${r.kind}${r.user_id !== null ? ` of user ${r.user_id}` : ''}) caches ${r.balance} but its postings sum to ${r.computed}`,
    );
  // Daily returns are paid one journal entry per accrual batch and one posting per user, so
  // each user's posting in such an entry must equal the sum of the return rows naming it.
  const unbacked = await rowsOf(
    db,
    unbackedRow,
    sql`with r as (
          select r.journal_entry_id as entry_id, a.id as account_id, sum(r.amount) as total
          from return_updates r
          join investments i on i.id = r.investment_id
          join ledger_accounts a on a.user_id = i.user_id and a.kind = 'available'
          where r.journal_entry_id is not null
          group by 1, 2
        ), p as (
          select p.entry_id, p.account_id, sum(p.amount) as total
          from postings p join journal_entries e on e.id = p.entry_id
          where e.kind = 'daily_return' and p.amount > 0
          group by 1, 2
        )
        select coalesce(r.entry_id, p.entry_id) as entry_id, coalesce(r.account_id, p.account_id) as account_id, r.total as returns, p.total as posted
        from r full join p on p.entry_id = r.entry_id and p.account_id = r.account_id
        where r.total is distinct from p.total
        limit 100`,
  );
  for (const r of unbacked)
    problems.push(
      `daily-return entry ${r.entry_id} pays account ${r.account_id} ${r.posted ?? 0} but its return rows sum to ${r.returns ?? 0}`,
    );
  return { entries: counts!.entries, postings: counts!.postings, problems };
}
