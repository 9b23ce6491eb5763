// The operator-size data set of `npm run bench:scale`, written set-based (INSERT … SELECT over
// generate_series) on one PostgreSQL connection. Every money row comes with its journal entry
// and balanced postings, as the services write them, and the cached user balances are the sum
// of their postings; scale.ts then runs the ledger verification over the result.
import type pg from 'pg';

/** How many rows of each kind; the deposit, investment and return counts set the ledger's size. */
export const SCALE = {
  users: 100_000,
  deposits: 250_000,
  /** Deposits 1..settledDeposits are settled (credited); the rest wait, expired or were refused. */
  settledDeposits: 180_000,
  investments: 300_000,
  withdrawals: 100_000,
  notifications: 500_000,
  activity: 1_000_000,
  audit: 50_000,
} as const;

/** Explicit id ranges per kind, so rows can name their entries and transactions without lookups. */
const E = { deposit: 0, invest: 1_000_000, release: 2_000_000, hold: 3_000_000, settle: 4_000_000, returns: 5_000_000 };
const T = { deposit: 0, withdrawal: 1_000_000, invest: 2_000_000, release: 3_000_000, returns: 4_000_000 };

/** The admin's id: right after the investors' 1..users. */
export const ADMIN_ID = SCALE.users + 1;
/** The investor the bench signs in as: an ordinary account with referrals (users 1..1000 each refer ~99). */
export const INVESTOR_ID = 42;

/** A deterministic pseudo-random spread over the last two years, in seconds, for row `i` of a kind. */
const ago = (i: string, salt: number) => `make_interval(secs => ((${i})::bigint * 2654435761 + ${salt}) % 63072000)`;

const FIRST = `(array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Aisha','Wei','Olga','Hiro','Fatima','Ivan','Lucia','Omar','Nina','Pavel','Sofia'])`;
const LAST = `(array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson'])`;

/** The seed's statements in order, each with what it writes (printed as it goes). */
function statements(): [string, string][] {
  const S = SCALE;
  return [
    [
      'users',
      `insert into users (id, user_name, email, first_name, last_name, password_hash, role, status, is_email_verified,
                          referrer_id, country, created_at, updated_at, last_login_at)
       overriding system value
       select u, 'investor' || u, 'investor' || u || '@example.test',
              ${FIRST}[1 + u % 30], ${LAST}[1 + (u / 30) % 30], 'x', 'user', 'active', u % 5 <> 0,
              case when u > 1000 then 1 + u % 1000 end, 'US',
              now() - ${ago('u', 11)}, now(), now() - ${ago('u', 5)} / 100
       from generate_series(1::bigint, ${S.users}) u`,
    ],
    [
      'admin',
      `insert into users (id, user_name, email, password_hash, role, status, is_email_verified, created_at)
       overriding system value values (${ADMIN_ID}, 'scaleadmin', 'scaleadmin@example.test', 'x', 'admin', 'active', true, now() - interval '3 years')`,
    ],
    [
      'account map',
      `create temp table acct as
       select user_id, max(id) filter (where kind = 'available') as avail, max(id) filter (where kind = 'invested') as inv,
              max(id) filter (where kind = 'withdrawal_hold') as hold
       from ledger_accounts where user_id is not null group by user_id;
       alter table acct add primary key (user_id);
       create temp table platform as select kind::text as kind, id from ledger_accounts where user_id is null;
       create temp table plan_ix as select row_number() over (order by sort_order, id) - 1 as ix, id from plans where archived_at is null;`,
    ],
    // Deposits: the transaction, the deposit, and for settled ones the credit entry
    // external_deposits -> available. Amounts $2,000–$10,000, so every investor can afford the rest.
    [
      'deposits',
      `create temp table dep as
       select i, 1 + (i - 1) % ${S.users} as user_id, 200000 + (i * 7919) % 800000 as amount,
              case when i <= ${S.settledDeposits} then 'settled' else (array['pending','review','expired','invalid'])[1 + i % 4] end as status,
              now() - ${ago('i', 101)} as at
       from generate_series(1::bigint, ${S.deposits}) i;
       insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select ${E.deposit} + i, 'deposit:' || i, 'deposit', 'Deposit settled', at from dep where status = 'settled';
       insert into postings (entry_id, account_id, amount)
       select ${E.deposit} + i, (select id from platform where kind = 'external_deposits'), -amount from dep where status = 'settled'
       union all select ${E.deposit} + i, a.avail, amount from dep join acct a using (user_id) where status = 'settled';
       insert into transactions (id, reference_number, user_id, type, amount, currency, status, payment_method, description, journal_entry_id, created_at, updated_at)
       overriding system value
       select ${T.deposit} + i, 'TX-D' || i, user_id, 'deposit', amount, 'USD',
              (case status when 'settled' then 'completed' when 'pending' then 'pending' when 'review' then 'pending' else 'failed' end)::transaction_status,
              'BTC', 'Deposit (BTC)', case when status = 'settled' then ${E.deposit} + i end, at, at
       from dep;
       insert into deposits (user_id, transaction_id, amount, currency, status, journal_entry_id, created_at, updated_at)
       select user_id, ${T.deposit} + i, amount, 'BTC', status::deposit_status, case when status = 'settled' then ${E.deposit} + i end, at, at from dep`,
    ],
    // Investments: available -> invested; every tenth has ended and had its principal released.
    // Each pays 4 or 5 daily returns of 0.2% (6% over 30 days).
    [
      'investments',
      `create temp table inv as
       select j, 1 + (j - 1) % ${S.users} as user_id, 10000 + (j * 7919) % 20000 as principal,
              case when j % 10 = 0 then 'ended' else 'running' end as status,
              4 + case when j % 5 < 2 then 1 else 0 end as paid, now() - ${ago('j', 303)} as at
       from generate_series(1::bigint, ${S.investments}) j;
       insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select ${E.invest} + j, 'invest:' || j, 'investment', 'Investment', at from inv;
       insert into postings (entry_id, account_id, amount)
       select ${E.invest} + j, a.avail, -principal from inv join acct a using (user_id)
       union all select ${E.invest} + j, a.inv, principal from inv join acct a using (user_id);
       insert into transactions (id, reference_number, user_id, type, amount, status, description, journal_entry_id, created_at, updated_at)
       overriding system value
       select ${T.invest} + j, 'TX-I' || j, user_id, 'investment', principal, 'completed', 'Investment', ${E.invest} + j, at, at from inv;
       insert into investments (id, user_id, plan_id, principal, interest_rate_bp, term_periods, total_return, principal_cap,
                                paid_periods, last_boundary, paid_amount, status, start_date, end_date, ended_at, next_payout_at,
                                journal_entry_id, created_at)
       overriding system value
       select j, user_id, p.id, principal, 600, 30, principal * 6 / 100, principal, paid, paid, paid * (principal * 6 / 100 / 30),
              status::investment_status, at, at + interval '30 days', case when status = 'ended' then at + make_interval(days => paid) end,
              case when status = 'running' then at + make_interval(days => paid + 1) end, ${E.invest} + j, at
       from inv join plan_ix p on p.ix = j % (select count(*) from plan_ix)`,
    ],
    [
      'principal releases',
      `insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select ${E.release} + j, 'release:' || j, 'principal_release', 'Principal released', at + make_interval(days => paid) from inv where status = 'ended';
       insert into postings (entry_id, account_id, amount)
       select ${E.release} + j, a.inv, -principal from inv join acct a using (user_id) where status = 'ended'
       union all select ${E.release} + j, a.avail, principal from inv join acct a using (user_id) where status = 'ended';
       insert into transactions (id, reference_number, user_id, type, amount, status, description, journal_entry_id, created_at, updated_at)
       overriding system value
       select ${T.release} + j, 'TX-R' || j, user_id, 'principal_release', principal, 'completed', 'Principal released',
              ${E.release} + j, at + make_interval(days => paid), at + make_interval(days => paid)
       from inv where status = 'ended'`,
    ],
    // Daily returns as the accrual writes them: one entry per batch (a day's payouts of a block of
    // 1,000 users), one available posting per user in it, interest_expense paying the total.
    [
      'daily returns',
      `create temp table ret as
       select (inv.j - 1) * 5 + d as r, inv.j, inv.user_id, d, principal * 6 / 100 / 30 as amount,
              inv.at + make_interval(days => d) as at, ${E.returns} + d * 1000 + inv.user_id / 1000 as entry_id
       from inv cross join lateral generate_series(1, inv.paid) d;
       insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select entry_id, 'accrual:' || entry_id, 'daily_return', 'Daily returns', min(at) from ret group by entry_id;
       insert into postings (entry_id, account_id, amount)
       select entry_id, a.avail, sum(amount) from ret join acct a using (user_id) group by entry_id, a.avail
       union all select entry_id, (select id from platform where kind = 'interest_expense'), -sum(amount) from ret group by entry_id;
       insert into transactions (id, reference_number, user_id, type, amount, status, description, journal_entry_id, created_at, updated_at)
       overriding system value
       select ${T.returns} + r, 'TX-P' || r, user_id, 'return', amount, 'completed', 'Daily return', entry_id, at, at from ret;
       insert into return_updates (investment_id, day_index, amount, payout_date, journal_entry_id, transaction_id, created_at)
       select j, d, amount, at, entry_id, ${T.returns} + r, at from ret`,
    ],
    // Withdrawals: available -> withdrawal_hold at request; settled ones pay the hold out (net to
    // external_withdrawals, 2% to fees), refused ones return it; the rest still wait.
    [
      'withdrawals',
      `create temp table wd as
       select k, k as user_id, 5000 + (k * 7919) % 5000 as amount, case when k <= 80000 then 'settled' when k <= 90000 then 'invalid' else 'pending' end as status,
              now() - ${ago('k', 505)} as at
       from generate_series(1::bigint, ${S.withdrawals}) k;
       insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select ${E.hold} + k, 'withdrawal-hold:' || k, 'withdrawal_hold', 'Withdrawal requested', at from wd;
       insert into postings (entry_id, account_id, amount)
       select ${E.hold} + k, a.avail, -amount from wd join acct a using (user_id)
       union all select ${E.hold} + k, a.hold, amount from wd join acct a using (user_id);
       insert into journal_entries (id, idempotency_key, kind, description, created_at) overriding system value
       select ${E.settle} + k, 'withdrawal:' || k, 'withdrawal', case when status = 'settled' then 'Withdrawal paid' else 'Withdrawal refused' end, at + interval '1 hour'
       from wd where status <> 'pending';
       insert into postings (entry_id, account_id, amount)
       select ${E.settle} + k, a.hold, -amount from wd join acct a using (user_id) where status <> 'pending'
       union all select ${E.settle} + k, (select id from platform where kind = 'external_withdrawals'), amount - amount / 50 from wd where status = 'settled'
       union all select ${E.settle} + k, (select id from platform where kind = 'fees'), amount / 50 from wd where status = 'settled'
       union all select ${E.settle} + k, a.avail, amount from wd join acct a using (user_id) where status = 'invalid';
       insert into transactions (id, reference_number, user_id, type, amount, status, payment_method, description, journal_entry_id, created_at, updated_at)
       overriding system value
       select ${T.withdrawal} + k, 'TX-W' || k, user_id, 'withdrawal', amount,
              (case status when 'settled' then 'completed' when 'invalid' then 'failed' else 'pending' end)::transaction_status,
              'BTC', 'Withdrawal (BTC)', ${E.hold} + k, at, at from wd;
       insert into withdrawals (user_id, transaction_id, amount, fee, currency, destination, status, hold_entry_id, settle_entry_id,
                                decided_by, created_at, updated_at)
       select user_id, ${T.withdrawal} + k, amount, amount / 50, 'BTC', 'bc1qscale' || k, status::withdrawal_status, ${E.hold} + k,
              case when status <> 'pending' then ${E.settle} + k end, case when status <> 'pending' then ${ADMIN_ID} end, at, at from wd`,
    ],
    [
      'cached balances',
      `update ledger_accounts a set balance = s.total
       from (select account_id, sum(amount) as total from postings group by account_id) s
       where s.account_id = a.id and a.user_id is not null`,
    ],
    [
      'notifications',
      `insert into notifications (recipient_id, key, params, kind, sender_id, include_later_users, created_at)
       select case when n > 1000 then 1 + n % ${S.users} end, 'text', jsonb_build_object('text', 'Scale notice ' || n), 'staff',
              ${ADMIN_ID}, n % 2 = 0, now() - ${ago('n', 707)}
       from generate_series(1::bigint, ${S.notifications}) n;
       insert into notification_reads (notification_id, user_id, read_at)
       select id, recipient_id, created_at + interval '1 day' from notifications where recipient_id is not null and id % 3 = 0`,
    ],
    [
      'activity',
      `insert into activity_logs (user_id, action, kind, method, path, ip, user_agent, browser, os, device, created_at)
       select 1 + a % ${S.users}, case when a % 10 = 0 then 'Signed in' else 'Viewed page' end,
              case when a % 10 = 0 then 'security' when a % 10 = 1 then 'action' else 'page_view' end,
              'GET', '/app/dashboard', '127.0.0.1', 'Mozilla/5.0', 'Chrome', 'Linux', 'Desktop', now() - ${ago('a', 909)}
       from generate_series(1::bigint, ${S.activity}) a`,
    ],
    [
      'audit log',
      `insert into audit_log (actor_id, actor_user_name, actor_role, action, target_type, target_id, after, created_at)
       select ${ADMIN_ID}, 'scaleadmin', 'admin', (array['deposit.approve','withdrawal.approve','user.update','settings.update'])[1 + x % 4],
              'user', (1 + x % ${S.users})::text, jsonb_build_object('n', x), now() - ${ago('x', 1103)}
       from generate_series(1::bigint, ${S.audit}) x`,
    ],
    [
      'sequences',
      ['users', 'journal_entries', 'transactions', 'investments']
        .map((t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}));`)
        .join('\n'),
    ],
    // As autovacuum leaves an operator's older rows: statistics, and the visibility map that lets
    // index-only scans skip the table.
    ['vacuum analyze', 'vacuum analyze'],
  ];
}

/**
 * Writes the data set into an empty, migrated database through `client`. Session settings
 * only: a bigger work_mem for the grouped inserts and no wait for WAL flushes (a crash
 * mid-seed only means seeding again).
 */
export async function seedScale(client: pg.ClientBase, log: (line: string) => void): Promise<void> {
  await client.query(`set work_mem = '256MB'; set maintenance_work_mem = '512MB'; set synchronous_commit = off`);
  for (const [what, text] of statements()) {
    const started = Date.now();
    // VACUUM cannot run inside a transaction block; every other step is one transaction.
    if (text.startsWith('vacuum')) await client.query(text);
    else {
      await client.query('begin');
      await client.query(text);
      await client.query('commit');
    }
    log(`  seeded ${what.padEnd(20)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
}
