import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TelegramLink } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { idNumber, rowsOf, timestamp } from '../../db/rows';
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

/** Per bot (API and token): the id after the last update read, so each update is read once. */
const offsets = new Map<string, number>();

/**
 * Reads the bot's new messages and links every chat that sent `/start <code>` with a live
 * code to the code's owner (the code then dies). Returns how many chats were linked.
 */
export async function pollTelegramUpdates(deps: TelegramDeps, now: Date): Promise<number> {
  const token = await deps.token();
  if (!token) return 0;
  // Several instances may read the same updates: linking is a conditional update on a live
  // code, so a chat is linked once whoever sees it first.
  {
    const bot = new TelegramBot(deps.apiUrl, token);
    const key = `${deps.apiUrl} ${token}`;
    const updates = await bot.getUpdates(offsets.get(key) ?? 0);
    let linked = 0;
    for (const u of updates) {
      offsets.set(key, Math.max(offsets.get(key) ?? 0, u.update_id + 1));
      const m = /^\/start\s+([A-Za-z0-9_-]{6,64})\s*$/.exec(u.message?.text ?? '');
      const chatId = u.message?.chat?.id;
      if (!m || chatId === undefined) continue;
      const rows = await rowsOf(
        deps.db,
        linkedRow,
        sql`update telegram_links set chat_id = ${String(chatId)}, linked_at = ${now.toISOString()}, code = null, code_expires_at = null
            where code = ${m[1]!} and code_expires_at > ${now.toISOString()} returning user_id`,
      );
      if (rows.length) {
        linked++;
        await deps.db.execute(sql`update users set telegram_notifications = true where id = ${rows[0]!.user_id}`);
        await bot
          .sendMessage(String(chatId), 'Linked: your account notifications will arrive here.')
          .catch(() => undefined);
      }
    }
    return linked;
  }
}
