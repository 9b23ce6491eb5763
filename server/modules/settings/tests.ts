import { eq } from 'drizzle-orm';
import {
  isBtcpayConfigured,
  isSmtpConfigured,
  PayoutTestMsg,
  SettingsTestMsg,
  type SettingsTestResult,
} from '../../../contract/settings';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { BtcpayError, automatesOnChainBtc, createBtcpayClient } from '../../integrations/btcpay';
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
  if (!isSmtpConfigured(s)) return { ok: false, message: SettingsTestMsg.smtpNotConfigured };
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
    ? { ok: true, message: SettingsTestMsg.emailSent(address) }
    : { ok: false, message: SettingsTestMsg.smtpError(error) };
}

/** Reads the configured store through the Greenfield API: URL, API key and store id all at once. */
export async function testBtcpay(ctx: ServerContext): Promise<SettingsTestResult> {
  const s = await ctx.settings.get();
  const cfg = btcpayConfig(s);
  if (!isBtcpayConfigured(s) || !cfg) return { ok: false, message: SettingsTestMsg.btcpayNotConfigured };
  try {
    const store = await createBtcpayClient(cfg, { timeoutMs: 10_000 }).getStore();
    return { ok: true, message: SettingsTestMsg.connected(store.name, store.id) };
  } catch (err) {
    if (err instanceof BtcpayError) return { ok: false, message: err.message };
    throw err;
  }
}

/**
 * Whether BTCPay can pay withdrawals by itself: the store answers, and an automated on-chain BTC payout
 * processor is enabled (without one, payouts we create and approve are never sent).
 */
export async function testPayouts(ctx: ServerContext): Promise<SettingsTestResult> {
  const s = await ctx.settings.get();
  const cfg = btcpayConfig(s);
  if (!isBtcpayConfigured(s) || !cfg) return { ok: false, message: PayoutTestMsg.notConfigured };
  const client = createBtcpayClient(cfg, { timeoutMs: 10_000 });
  try {
    const store = await client.getStore();
    if (!automatesOnChainBtc(await client.getPayoutProcessors()))
      return { ok: false, message: PayoutTestMsg.noProcessor(store.name) };
    return {
      ok: true,
      message: s.payoutMode === 'manual' ? PayoutTestMsg.readyManual(store.name) : PayoutTestMsg.ready(store.name),
    };
  } catch (err) {
    if (!(err instanceof BtcpayError)) throw err;
    // A 4xx means it answered: a key, permission or store problem rather than the network or an outage.
    const message =
      err.status && err.status < 500 ? PayoutTestMsg.refused(err.message) : PayoutTestMsg.unreachable(err.message);
    return { ok: false, message };
  }
}

function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
