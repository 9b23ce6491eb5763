import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface LedgerReport {
  entries: number;
  postings: number;
  problems: string[];
}

/**
 * Recomputes everything from postings: each entry sums to zero and has postings, each user
 * account's cached balance equals the sum of its postings and is not negative, and platform
 * accounts carry no cached balance. Set-based: one pass per check whatever the size.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: string[] = [];
  const [counts] = await queryRows<{ entries: string; postings: string }>(db, sql`select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings`);
  const unbalanced = await queryRows<{ id: string; total: string | null }>(
    db,
    sql`select e.id, sum(p.amount) as total from journal_entries e left join postings p on p.entry_id = e.id group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2 limit 100`,
  );
  for (const r of unbalanced) problems.push(`entry ${r.id} does not balance or has fewer than 2 postings (sum ${r.total ?? 0})`);
  const drift = await queryRows<{ id: string; kind: string; user_id: string | null; balance: string; computed: string }>(
    db,
    sql`select a.id, a.kind, a.user_id, a.balance, coalesce(sum(p.amount), 0) as computed
        from ledger_accounts a left join postings p on p.account_id = a.id
        group by a.id
        having (a.user_id is not null and (a.balance <> coalesce(sum(p.amount), 0) or coalesce(sum(p.amount), 0) < 0))
            or (a.user_id is null and a.balance <> 0)
        limit 100`,
  );
  for (const r of drift) problems.push(`account ${r.id} (${r.kind}${r.user_id ? ` of user ${r.user_id}` : ''}) caches ${r.balance} but its postings sum to ${r.computed}`);
  return { entries: Number(counts!.entries), postings: Number(counts!.postings), problems };
}
