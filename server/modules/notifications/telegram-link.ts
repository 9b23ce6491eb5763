import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TelegramLink } from '../../../contract/notifications';
import type { Db, DbOrTx, Driver } from '../../db/client';
import { idNumber, int8, rowsOf, timestamp } from '../../db/rows';
import { TelegramBot } from '../../integrations/telegram';

const linkRow = z.object({
  code: z.string().nullable(),
  code_expires_at: timestamp.nullable(),
  chat_id: z.string().nullable(),
});
const linkedRow = z.object({ user_id: idNumber });

const CODE_TTL_MS = 30 * 60_000;

export interface TelegramDeps {
  db: Db;
  /** How pollers keep out of each other's way (pollTelegramUpdates). */
  driver: Driver;
  apiUrl: string;
  token: () => Promise<string>;
}

/** The caller's link state; a fresh one-time code is issued when they are not linked and have none alive. */
export async function telegramLinkState(
  deps: TelegramDeps,
  userId: number,
  now: Date,
  renew = false,
): Promise<TelegramLink> {
  const token = await deps.token();
  const [row] = await rowsOf(
    deps.db,
    linkRow,
    sql`select code, code_expires_at, chat_id from telegram_links where user_id = ${userId}`,
  );
  let code = row?.code ?? null;
  let expires = row?.code_expires_at ?? null;
  const linked = !!row?.chat_id;
  if (!linked && token && (renew || !code || !expires || expires <= now)) {
    code = randomBytes(9).toString('base64url');
    expires = new Date(now.getTime() + CODE_TTL_MS);
    await deps.db
      .execute(sql`insert into telegram_links (user_id, code, code_expires_at) values (${userId}, ${code}, ${expires.toISOString()})
      on conflict (user_id) do update set code = excluded.code, code_expires_at = excluded.code_expires_at`);
  }
  const botUserName = token ? await botName(deps.apiUrl, token) : null;
  return {
    linked,
    botConfigured: !!token,
    botUserName,
    code: linked ? null : code,
    codeExpiresAt: linked || !expires ? null : expires.toISOString(),
  };
}

/** The bot's @name, asked once per token and hour: the profile polls the link state while a code is pending. */
const names = new Map<string, { name: string | null; at: number }>();
async function botName(apiUrl: string, token: string): Promise<string | null> {
  const key = `${apiUrl} ${token}`;
  const hit = names.get(key);
  if (hit && Date.now() - hit.at < 3_600_000) return hit.name;
  const name = await new TelegramBot(apiUrl, token).userName().catch(() => null);
  if (name) names.set(key, { name, at: Date.now() });
  return name;
}

export async function unlinkTelegram(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from telegram_links where user_id = ${userId}`);
}

/** Arbitrary but fixed (the migration lock is 7_331_001): one Telegram poller at a time on a shared PostgreSQL. */
const POLL_LOCK_KEY = 7_331_002;
const lockRow = z.object({ locked: z.boolean() });
const offsetRow = z.object({ next_offset: int8 });

/** PGlite databases this process is polling for: PGlite is one process, so this is all the exclusion it needs. */
const pglitePolling = new WeakSet<Db>();

/**
 * Runs `poll` unless another poller (any instance) is at it; null then. On PostgreSQL a
 * transaction holds one pooled connection and a transaction-level advisory lock for the whole
 * poll, released when it ends, whatever happens to the process. On PGlite the transaction is
 * not held over the HTTP call: it would stall every other query of the process meanwhile.
 */
async function alone<T>(deps: TelegramDeps, poll: (db: DbOrTx) => Promise<T>): Promise<T | null> {
  if (deps.driver === 'pglite') {
    if (pglitePolling.has(deps.db)) return null;
    pglitePolling.add(deps.db);
    try {
      return await poll(deps.db);
    } finally {
      pglitePolling.delete(deps.db);
    }
  }
  return deps.db.transaction(async (tx) => {
    const [lock] = await rowsOf(tx, lockRow, sql`select pg_try_advisory_xact_lock(${POLL_LOCK_KEY}) as locked`);
    return lock?.locked ? poll(tx) : null;
  });
}

/** The poll state's key of a bot: its API and token, hashed so that the token is not stored in clear. */
const botKey = (apiUrl: string, token: string) => createHash('sha256').update(`${apiUrl} ${token}`).digest('hex');

/**
 * Reads the bot's new messages and links every chat that sent `/start <code>` with a live
 * code to the code's owner (the code then dies). Returns how many chats were linked; 0 when
 * another poller is reading. The offset after the last update handled is kept in
 * `telegram_poll_state`, committed with the links it made, so every update is handled once
 * across instances and restarts.
 */
export async function pollTelegramUpdates(deps: TelegramDeps, now: Date): Promise<number> {
  const token = await deps.token();
  if (!token) return 0;
  const bot = new TelegramBot(deps.apiUrl, token);
  const key = botKey(deps.apiUrl, token);
  const replies: string[] = [];
  const linked = await alone(deps, async (db) => {
    const [state] = await rowsOf(db, offsetRow, sql`select next_offset from telegram_poll_state where bot = ${key}`);
    const offset = Number(state?.next_offset ?? 0n);
    const updates = await bot.getUpdates(offset);
    if (updates.length === 0) return 0;
    // A savepoint inside the lock's transaction on PostgreSQL, a transaction of its own on PGlite.
    return db.transaction(async (tx) => {
      let n = 0;
      for (const u of updates) {
        const m = /^\/start\s+([A-Za-z0-9_-]{6,64})\s*$/.exec(u.message?.text ?? '');
        const chatId = u.message?.chat?.id;
        if (!m || chatId === undefined) continue;
        const rows = await rowsOf(
          tx,
          linkedRow,
          sql`update telegram_links set chat_id = ${String(chatId)}, linked_at = ${now.toISOString()}, code = null, code_expires_at = null
              where code = ${m[1]!} and code_expires_at > ${now.toISOString()} returning user_id`,
        );
        if (rows.length) {
          n++;
          replies.push(String(chatId));
          await tx.execute(sql`update users set telegram_notifications = true where id = ${rows[0]!.user_id}`);
        }
      }
      const next = Math.max(offset, ...updates.map((u) => u.update_id + 1));
      await tx.execute(sql`insert into telegram_poll_state (bot, next_offset, updated_at) values (${key}, ${next}, ${now.toISOString()})
        on conflict (bot) do update set next_offset = greatest(telegram_poll_state.next_offset, excluded.next_offset),
          updated_at = excluded.updated_at`);
      return n;
    });
  });
  // Only once the links are committed.
  for (const chatId of replies)
    await bot.sendMessage(chatId, 'Linked: your account notifications will arrive here.').catch(() => undefined);
  return linked ?? 0;
}
