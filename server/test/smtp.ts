import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpSink(): Promise<{
  port: number;
  mails: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    /** The first mail matching `pred`, as soon as it arrives; the test's own timeout bounds the wait. */
    async waitFor(pred) {
      for (;;) {
        const hit = mails.find(pred);
        if (hit) return hit;
        await once(arrivals, 'mail');
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `pathPrefix` in a raw message (quoted-printable soft breaks undone). */
export function linkIn(raw: string, pathPrefix: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${pathPrefix} link in mail`);
  return m[0];
}

/** A received message as a reader sees it: its subject and bodies decoded (MIME words, quoted-printable). */
export async function readMail(mail: ReceivedMail): Promise<{ subject: string; text: string; html: string }> {
  const parsed = await simpleParser(mail.raw);
  return { subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' };
}
