import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Telegram Bot API stand-in on loopback: getMe, getUpdates (with offsets, like Telegram)
 * and sendMessage, for one bot token. Tests push what users "send" to the bot and read
 * what the platform sent.
 */
export interface FakeTelegram {
  url: string;
  sent: { chatId: string; text: string }[];
  /** A user writes `text` to the bot from `chatId`. */
  userSends(chatId: number, text: string): void;
  /** The offset of every getUpdates call, in order. */
  offsets: number[];
  /** The id of every update handed out, each time it was (an update read twice shows twice). */
  served: number[];
  /** Holds the next getUpdates call unanswered: `arrived` settles when it comes, `release()` answers it. */
  holdUpdates(): { arrived: Promise<void>; release(): void };
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

export async function startTelegramFake(token: string, botUserName = 'minevest_test_bot'): Promise<FakeTelegram> {
  const sent: FakeTelegram['sent'] = [];
  let updates: { update_id: number; message: { chat: { id: number }; text: string } }[] = [];
  let nextUpdate = 1;
  const offsets: number[] = [];
  const served: number[] = [];
  let held: { arrive(): void; released: Promise<void> } | null = null;
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const m = /^\/bot([^/]+)\/(\w+)$/.exec((req.url ?? '').split('?')[0]!);
      if (!m || m[1] !== token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (m[2] === 'getMe') return reply(200, { ok: true, result: { id: 1, is_bot: true, username: botUserName } });
      if (m[2] === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        offsets.push(offset);
        // Like Telegram: asking with an offset confirms (forgets) every update before it.
        updates = updates.filter((u) => u.update_id >= offset);
        const answer = updates.slice();
        const gate = held;
        held = null;
        gate?.arrive();
        void (gate?.released ?? Promise.resolve()).then(() => {
          served.push(...answer.map((u) => u.update_id));
          reply(200, { ok: true, result: answer });
        });
        return;
      }
      if (m[2] === 'sendMessage') {
        if (!body.chat_id || typeof body.text !== 'string')
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat_id and text are required' });
        sent.push({ chatId: String(body.chat_id), text: body.text });
        return reply(200, { ok: true, result: { message_id: sent.length } });
      }
      return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    offsets,
    served,
    holdUpdates() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { arrive, released };
      return { arrived, release };
    },
    userSends(chatId, text) {
      updates.push({ update_id: nextUpdate++, message: { chat: { id: chatId }, text } });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
