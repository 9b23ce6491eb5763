import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { telegramLinks, telegramPollState } from '../../db/schema';
import { insertUser } from '../../test/app';
import { createSharedTestDatabase } from '../../test/db';
import { startTelegramFake, type FakeTelegram } from '../../test/telegram-fake';
import { pollTelegramUpdates, telegramLinkState, type TelegramDeps } from './telegram-link';

const BOT_TOKEN = '424242:poller-test-token';
const now = () => new Date();

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let tg: FakeTelegram;
/** Two instances of the app: on PostgreSQL each with its own connections, on PGlite the one process. */
let first: Database;
let web1: TelegramDeps;
let web2: TelegramDeps;
const deps = (database: Database): TelegramDeps => ({
  db: database.db,
  driver: database.driver,
  apiUrl: tg.url,
  token: async () => BOT_TOKEN,
});

beforeAll(async () => {
  tg = await startTelegramFake(BOT_TOKEN);
  shared = await createSharedTestDatabase();
  first = await shared.open();
  web1 = deps(first);
  web2 = deps(await shared.open());
});
afterAll(async () => {
  await shared.close();
  await tg.stop();
});

/** A user with a live /start code. */
async function withCode(): Promise<{ userId: number; code: string }> {
  const userId = await insertUser(first);
  const { code } = await telegramLinkState(web1, userId, now());
  return { userId, code: code! };
}
const linkedChat = async (userId: number) =>
  (await web1.db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)))[0]?.chatId ?? null;

describe('the Telegram poller', () => {
  it('polls on one instance at a time, and each update is handled once', async () => {
    const a = await withCode();
    const b = await withCode();
    tg.userSends(101, `/start ${a.code}`);
    tg.userSends(102, 'hello');

    // web1 is reading (Telegram has not answered yet): web2's poll finds it busy and asks nothing.
    const gate = tg.holdUpdates();
    const reading = pollTelegramUpdates(web1, now());
    await gate.arrived;
    expect(await pollTelegramUpdates(web2, now())).toBe(0);
    expect(tg.offsets).toEqual([0]);
    gate.release();
    expect(await reading).toBe(1);

    tg.userSends(103, `/start ${b.code}`);
    expect(await pollTelegramUpdates(web2, now())).toBe(1);
    expect(await pollTelegramUpdates(web1, now())).toBe(0);

    // Every update was read once, each poll starting after the last update either instance handled.
    expect(tg.served).toEqual([1, 2, 3]);
    expect(tg.offsets).toEqual([0, 3, 4]);
    expect(await linkedChat(a.userId)).toBe('101');
    expect(await linkedChat(b.userId)).toBe('103');
    expect(tg.sent.map((m) => m.chatId)).toEqual(['101', '103']);
  });

  it('keeps its offset in the database, so a restarted instance goes on where it stopped', async () => {
    const [state] = await web1.db.select().from(telegramPollState);
    expect(state?.nextOffset).toBe(4);
    expect(state?.bot).toMatch(/^[0-9a-f]{64}$/);
    expect(state?.bot).not.toContain(BOT_TOKEN);

    const restarted = deps(await shared.open());
    expect(await pollTelegramUpdates(restarted, now())).toBe(0);
    expect(tg.offsets.at(-1)).toBe(4);
    // It is the stored offset that is asked for, whatever this process saw before.
    await web1.db.update(telegramPollState).set({ nextOffset: 10 });
    await pollTelegramUpdates(restarted, now());
    expect(tg.offsets.at(-1)).toBe(10);
    expect(tg.served).toEqual([1, 2, 3]);
  });
});
