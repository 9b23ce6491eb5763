import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../server/test/smtp';

/**
 * Browser tests read the mail the server really sends: global setup runs an SMTP server on
 * loopback that writes each message to E2E_MAIL_DIR, and the server's site settings point at it.
 */
export async function startMailDrop(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  const sink = await startSmtpSink();
  let written = 0;
  const timer = setInterval(() => {
    for (; written < sink.mails.length; written++) {
      const m = sink.mails[written]!;
      fs.writeFileSync(path.join(dir, `${Date.now()}-${written}.json`), JSON.stringify(m));
    }
  }, 50);
  return {
    port: sink.port,
    async close() {
      clearInterval(timer);
      await sink.close();
    },
  };
}

/** Waits for a mail to `to` whose body holds a link to `pathPrefix`, and returns that link's path. */
export async function waitForLink(to: string, pathPrefix: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup starts the mail drop)');
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"<>]*(${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`);
  for (;;) {
    const files = fs.readdirSync(dir).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string };
      if (!mail.to.includes(to.toLowerCase()) && !mail.to.includes(to)) continue;
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const m = pattern.exec(text);
      if (m) return m[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
