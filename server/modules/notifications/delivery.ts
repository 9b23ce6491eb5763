import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SiteSettings } from '../../../contract/settings';
import type { Db } from '../../db/client';
import { idNumber, rowsOf } from '../../db/rows';
import type { Mailer } from '../../integrations/mailer';
import { TelegramBot } from '../../integrations/telegram';
import { isEmailEvent } from '../../../contract/email-templates';
import { renderEmail } from '../email-templates/service';
import { mailLocale } from '../users/emails';
import { noticeValues, wordNotice } from './messages';

const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** A claimed row is leased this long: a crashed sender's rows come back by themselves. */
const LEASE_MS = 5 * 60_000;

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  settings: () => Promise<SiteSettings>;
  telegramApiUrl: string;
  linkBase: () => Promise<string>;
  log: FastifyBaseLogger;
  now: () => Date;
}

const claimedRow = z.object({
  id: idNumber,
  channel: z.enum(['email', 'telegram']),
  attempts: z.number().int(),
  key: z.string(),
  params: z.unknown(),
  kind: z.string(),
  email: z.string(),
  user_name: z.string(),
  first_name: z.string(),
  locale: z.string().nullable(),
  chat_id: z.string().nullable(),
});
type Claimed = z.output<typeof claimedRow>;

/**
 * Sends the queued email and Telegram copies of notices, after their events committed.
 * Rows are claimed with a lease (SKIP LOCKED, so instances share the work), sent outside any
 * transaction, then marked sent, or retried with backoff until MAX_ATTEMPTS.
 */
export class NotificationDelivery {
  private running: Promise<number> | null = null;
  private again = false;

  constructor(private readonly deps: DeliveryDeps) {}

  /** Best-effort, right after a request that may have queued something; never throws. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'notification delivery failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for a kicked drain (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends everything due now, in batches; returns how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      const s = await this.deps.settings();
      const link = `${await this.deps.linkBase()}/login`;
      for (const d of batch) {
        const error = await this.sendOne(d, s, link);
        if (!error) sent++;
        await this.settle(d, error);
      }
      if (batch.length < BATCH) return sent;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.deps.now();
    return rowsOf(
      this.deps.db,
      claimedRow,
      sql`with c as (
            update notification_deliveries d set attempts = d.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
            where d.id in (select id from notification_deliveries where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
                           order by next_attempt_at limit ${BATCH} for update skip locked)
            returning d.id, d.channel, d.attempts, d.notification_id, d.user_id)
          select c.id, c.channel, c.attempts, n.key, n.params, n.kind, u.email, u.user_name, u.first_name, u.locale, t.chat_id
          from c join notifications n on n.id = c.notification_id join users u on u.id = c.user_id left join telegram_links t on t.user_id = c.user_id`,
    );
  }

  /** null when sent, else why not. */
  private async sendOne(d: Claimed, s: SiteSettings, link: string): Promise<string | null> {
    try {
      // Worded now, in the person's language, from the one catalogue, not when it was queued.
      const locale = mailLocale(d.locale);
      const message = wordNotice(d, locale);
      if (d.channel === 'email') {
        if (!isEmailEvent(d.key)) throw new Error(`no email event for the notice ${d.key}`);
        const mail = await renderEmail(this.deps.db, this.deps.log, {
          event: d.key,
          locale,
          to: d.email,
          vars: {
            siteName: s.siteName,
            userName: d.user_name,
            firstName: d.first_name,
            link,
            message,
            ...noticeValues(d, locale),
            ...(d.key === 'text' ? { security: d.kind === 'security' } : {}),
          },
        });
        const status = await this.deps.mailer.send(mail);
        return status === 'failed' ? 'SMTP send failed' : null;
      }
      if (!s.telegramBotToken) return 'Telegram bot not configured';
      if (!d.chat_id) return 'Telegram not linked';
      await new TelegramBot(this.deps.telegramApiUrl, s.telegramBotToken).sendMessage(
        d.chat_id,
        `${s.siteName}: ${message}`,
      );
      return null;
    } catch (err) {
      return (err as Error).message.slice(0, 500);
    }
  }

  private async settle(d: Claimed, error: string | null): Promise<void> {
    const now = this.deps.now();
    if (!error) {
      await this.deps.db.execute(
        sql`update notification_deliveries set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = null where id = ${d.id}`,
      );
      return;
    }
    const final = d.attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(now.getTime() + 60_000 * 2 ** d.attempts);
    await this.deps.db.execute(
      sql`update notification_deliveries set status = ${final ? 'failed' : 'pending'}, last_error = ${error}, next_attempt_at = ${retryAt.toISOString()}::timestamptz where id = ${d.id}`,
    );
  }
}
