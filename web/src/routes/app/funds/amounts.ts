import { DepositMsg, MAX_AMOUNT_CENTS, WithdrawMsg, type WithdrawalCurrency } from '@contract/funds';
import { formatCents, toCents } from '@contract/money';

export type AmountCheck = { amount: string; error?: undefined } | { amount?: undefined; error: string };

/**
 * A typed dollar amount as the wire's exact 2-decimal string ("1,250.5" → "1250.50"), or
 * the one message to show (the server's, too). Parsed as a decimal, never as a float, so what
 * is sent is what was typed.
 */
export function checkAmount(text: string, invalid: string): AmountCheck {
  const clean = text.trim().replace(/^\$/, '').replace(/[,\s]/g, '');
  if (!clean) return { error: invalid };
  let cents: bigint;
  try {
    cents = toCents(clean);
  } catch {
    return { error: invalid };
  }
  if (cents <= 0n || cents > MAX_AMOUNT_CENTS) return { error: invalid };
  return { amount: formatCents(cents) };
}

/** Deposit amount (spec §5: 'Please enter a valid deposit amount'). */
export const checkDepositAmount = (text: string) => checkAmount(text, DepositMsg.invalidAmount);

/** Withdrawal amount in USD (spec §5: 'Invalid withdrawal amount'). */
export const checkWithdrawalAmount = (text: string) => checkAmount(text, WithdrawMsg.invalidAmount);

/** Deposit methods of the Account page (spec §9); the dashboard offers BTC and USDT. */
export const ACCOUNT_DEPOSIT_METHODS = ['BTC', 'USDT-TRON', 'LTC'] as const;
export const DASHBOARD_DEPOSIT_METHODS = ['BTC', 'USDT'] as const;

export const CURRENCY_LABELS: Record<string, string> = {
  BTC: 'Bitcoin (BTC)',
  USDT: 'Tether (USDT)',
  'USDT-TRON': 'Tether (USDT-TRON)',
  LTC: 'Litecoin (LTC)',
  USD: 'US dollars (bank transfer)',
};

/** Where a withdrawal in `currency` is paid, to say what is missing when nothing is saved. */
export function destinationLabel(currency: WithdrawalCurrency): string {
  return currency === 'USD' ? 'bank account' : `${currency} wallet`;
}
