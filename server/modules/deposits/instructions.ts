import QRCode from 'qrcode';
import type { PaymentInstructions } from '../../../contract/funds';
import type { SiteSettings } from '../../../contract/settings';

/** The operator's published address for a deposit currency; USDT-TRON is the same coin as USDT. */
export function depositAddress(settings: SiteSettings, currency: string): string {
  if (currency === 'BTC') return settings.depositAddressBtc;
  if (currency === 'USDT' || currency === 'USDT-TRON') return settings.depositAddressUsdt;
  if (currency === 'LTC') return settings.depositAddressLtc;
  return '';
}

/**
 * Where and how to pay a deposit that waits for an admin: the address of its currency (with
 * a QR code of it), its reference as the memo, and the operator's words with `{reference}`
 * filled in. Without an address the screens say to contact support with the reference.
 */
export async function paymentInstructions(
  settings: SiteSettings,
  currency: string,
  reference: string,
): Promise<PaymentInstructions> {
  const address = depositAddress(settings, currency) || null;
  return {
    currency,
    address,
    qrCode: address ? await QRCode.toDataURL(address, { margin: 1, width: 200 }) : null,
    memo: reference,
    note: settings.depositInstructions.replaceAll('{reference}', reference),
  };
}
