import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
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
      // Specs read this folder from other processes: write beside and rename, so none reads half a file.
      const file = path.join(dir, `${Date.now()}-${written}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(m));
      fs.renameSync(`${file}.tmp`, file);
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

/**
 * Waits for a mail to `to` whose body holds a link to `pathPrefix`, and returns that link's path.
 * Some mails leave after the answer (a reset link, so its timing tells nothing about accounts),
 * then cross the server, the SMTP sink and this mail drop: hence a deadline above expect's.
 */
export async function waitForLink(to: string, pathPrefix: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup starts the mail drop)');
  const pattern = new RegExp(`https?://[^\\s"<>]*(${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`);
  let link: string | null = null;
  await expect
    .poll(() => (link = newestLink(dir, to, pattern)), {
      timeout: timeoutMs,
      message: `a mail to ${to} with a ${pathPrefix} link`,
    })
    .not.toBeNull();
  return link!;
}

/** The link `pattern` finds in the newest mail to `to` that holds one, if any. */
function newestLink(dir: string, to: string, pattern: RegExp): string | null {
  for (const f of mailFiles(dir).reverse()) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string };
    if (!mail.to.includes(to.toLowerCase()) && !mail.to.includes(to)) continue;
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = pattern.exec(text);
    if (m) return m[1]!;
  }
  return null;
}

/** Subjects of the mail the mail drop received for `to`, headers unfolded. */
export function subjectsTo(to: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return mailFiles(dir).flatMap((f) => {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string };
    if (!mail.to.includes(to.toLowerCase())) return [];
    const subject = /^Subject: (.*)$/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '));
    return subject ? [subject[1]!.trim()] : [];
  });
}

/** The mail drop's files, oldest first. */
export function mailFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}
