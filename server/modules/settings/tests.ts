import { eq } from 'drizzle-orm';
import { isBtcpayConfigured, isSmtpConfigured, type SettingsTestResult } from '../../../contract/settings';
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

export const PayoutTestMsg = {
  notConfigured:
    'BTCPay Server is not configured: fill in the Payment Settings group first, then set Payout mode to BTCPay.',
  unreachable: (error: string) => `BTCPay Server is not reachable: ${error}`,
  refused: (error: string) =>
    `BTCPay Server refused the check: ${error}. Check the API key (it needs to view the store's settings) and the store id.`,
  noProcessor: (store: string) =>
    `Store "${store}" has no automated payout processor for on-chain BTC, so approved payouts would wait in BTCPay unsent. ` +
    'Enable it in BTCPay: Store → Payout Processors → Automated Bitcoin Sender.',
  ready: (store: string) => `Payouts ready: store "${store}" sends on-chain BTC payouts automatically.`,
  manualMode: ' Payout mode is still manual: set it to BTCPay in this group for withdrawals to be paid through it.',
} as const;

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
      message: PayoutTestMsg.ready(store.name) + (s.payoutMode === 'manual' ? PayoutTestMsg.manualMode : ''),
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
