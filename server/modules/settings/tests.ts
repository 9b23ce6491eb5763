import { eq } from 'drizzle-orm';
import { isBtcpayConfigured, isSmtpConfigured, type SettingsTestResult } from '../../../contract/settings';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { BtcpayError, createBtcpayClient } from '../../integrations/btcpay';
import { btcpayConfig } from '../deposits/btcpay';

/**
 * Sends one real mail through the configured SMTP server and reports what it said. Without
 * SMTP nothing is sent and the answer says so.
 */
export async function sendTestEmail(
  ctx: ServerContext,
  adminId: number,
  to: string | undefined,
): Promise<SettingsTestResult> {
  const s = await ctx.settings.get();
  if (!isSmtpConfigured(s))
    return { ok: false, message: 'SMTP is not configured: fill in the Email Configuration group first.' };
  let address = to;
  if (!address) {
    const [admin] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, adminId));
    address = admin!.email;
  }
  const { status, error } = await ctx.mailer.deliver({
    to: address,
    subject: `${s.siteName}: test email`,
    text: `This is a test email from ${s.siteName}. Your SMTP settings work.`,
    html: `<p>This is a test email from <strong>${escapeHtml(s.siteName)}</strong>. Your SMTP settings work.</p>`,
  });
  return status === 'sent'
    ? { ok: true, message: `Test email sent to ${address}` }
    : { ok: false, message: `SMTP error: ${error ?? 'the mail could not be sent'}` };
}

/** Reads the configured store through the Greenfield API: URL, API key and store id all at once. */
export async function testBtcpay(ctx: ServerContext): Promise<SettingsTestResult> {
  const s = await ctx.settings.get();
  const cfg = btcpayConfig(s);
  if (!isBtcpayConfigured(s) || !cfg)
    return { ok: false, message: 'BTCPay Server is not configured: fill in the Payment Settings group first.' };
  try {
    const store = await createBtcpayClient(cfg, { timeoutMs: 10_000 }).getStore();
    return { ok: true, message: `Connected to BTCPay Server: store "${store.name}" (${store.id})` };
  } catch (err) {
    if (err instanceof BtcpayError) return { ok: false, message: err.message };
    throw err;
  }
}

function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
