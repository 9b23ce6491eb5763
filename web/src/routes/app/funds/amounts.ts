import { z } from 'zod';
import { zDepositRequest, zWithdrawRequest, type WithdrawalCurrency } from '@contract/funds';
import { formatCents } from '@contract/money';

/**
 * A typed dollar amount ("$1,250.5") checked by the contract's amount rule, whose one message is the
 * server's too, and sent as the wire's exact 2-decimal string ("1250.50"): parsed as a decimal, never
 * as a float, so what is sent is what was typed.
 */
const typedDollars = (contractAmount: z.ZodType<bigint, string | number>) =>
  z
    .preprocess((text: string) => text.trim().replace(/^\$/, '').replace(/[,\s]/g, ''), contractAmount)
    .transform(formatCents);

/** The deposit form: the contract's request, amount as typed (spec §5: 'Please enter a valid deposit amount'). */
export const zDepositForm = zDepositRequest
  .pick({ currency: true })
  .extend({ amount: typedDollars(zDepositRequest.shape.amount) });
export type DepositFormValues = z.input<typeof zDepositForm>;

/** The withdrawal form: currency and the amount as typed in USD (spec §5: 'Invalid withdrawal amount'). */
export const zWithdrawForm = zWithdrawRequest
  .pick({ currency: true })
  .extend({ amount: typedDollars(zWithdrawRequest.shape.amount) });
export type WithdrawFormValues = z.input<typeof zWithdrawForm>;

/** Deposit methods of the Account page (spec §9); the dashboard offers BTC and USDT. */
export const ACCOUNT_DEPOSIT_METHODS = ['BTC', 'USDT-TRON', 'LTC'] as const;
export const DASHBOARD_DEPOSIT_METHODS = ['BTC', 'USDT'] as const;

/** The name of each payment method, as a key of the `app` catalogue (read where it renders). */
export const CURRENCY_LABELS = {
  BTC: 'currency.BTC',
  USDT: 'currency.USDT',
  'USDT-TRON': 'currency.USDT-TRON',
  LTC: 'currency.LTC',
  USD: 'currency.USD',
} as const;

export const isCurrencyLabelled = (c: string): c is keyof typeof CURRENCY_LABELS => Object.hasOwn(CURRENCY_LABELS, c);

/** Where a withdrawal in `currency` is paid: a bank account for USD, else a wallet in that currency. */
export function destinationKind(currency: WithdrawalCurrency): 'bank' | 'wallet' {
  return currency === 'USD' ? 'bank' : 'wallet';
}
