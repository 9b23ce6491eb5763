import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { SecretBox } from '../lib/secrets';
import { mailOutbox } from '../db/schema';
import type { SiteSettings } from '../../contract/settings';
import { isSmtpConfigured } from '../../contract/settings';

/** The http(s) links of a mail's text, each once, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail over the SMTP server configured in site settings. Every mail is also kept in
 * `mail_outbox`: with no SMTP configured it stays there (and in the log), so every flow
 * that mails a link still works offline and staff read it on the admin Mail Outbox screen. Bodies
 * hold single-use links, so they are encrypted at rest like every other secret.
 */
export class Mailer {
  constructor(
    private readonly db: DbOrTx,
    private readonly settings: () => Promise<SiteSettings>,
    private readonly log: FastifyBaseLogger,
    private readonly box: SecretBox,
    /** Development: print each mail's links to the log, so an account can be confirmed without any mail server. */
    private readonly options: { logLinks?: boolean } = {},
  ) {}

  async send(mail: Mail): Promise<'sent' | 'stored' | 'failed'> {
    return (await this.deliver(mail)).status;
  }

  /** Like send, and also says why SMTP refused (the admin's "Send test email" shows it). */
  async deliver(mail: Mail): Promise<{ status: 'sent' | 'stored' | 'failed'; error: string | null }> {
    const s = await this.settings();
    let status: 'sent' | 'stored' | 'failed' = 'stored';
    let error: string | null = null;
    if (isSmtpConfigured(s)) {
      try {
        const port = Number(s.smtpPort);
        const transport = nodemailer.createTransport({
          host: s.smtpHost,
          port,
          secure: port === 465,
          auth: s.smtpUser ? { user: s.smtpUser, pass: s.smtpPass } : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
          // Local relays and test servers often have self-signed certificates.
          tls: { rejectUnauthorized: false },
        });
        await transport.sendMail({
          from: `"${s.siteName}" <${s.fromEmail}>`,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        status = 'sent';
      } catch (err) {
        status = 'failed';
        error = (err as Error).message.slice(0, 500);
        this.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
      }
    } else {
      this.log.info({ to: mail.to, subject: mail.subject }, 'SMTP not configured: mail stored in mail_outbox');
    }
    if (this.options.logLinks) {
      for (const link of linksIn(mail.text)) this.log.info({ to: mail.to, subject: mail.subject, link }, 'mail link');
    }
    await this.db.insert(mailOutbox).values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: this.box.encrypt(mail.text),
      htmlBody: this.box.encrypt(mail.html),
      status,
      error,
    });
    return { status, error };
  }
}
