import { z } from 'zod';
import { PayoutMsg } from '@contract/funds';
import { zBankDetails, zWallet, type Profile } from '@contract/users';
import type { PayoutDetailsUpdate } from '../../../api/funds';
import { OTP_LENGTH } from '../../../components/FormField';

/**
 * The payout-details form: both wallets, the bank, and the proof that it is the owner
 * (password, plus the authenticator code when 2FA is on).
 */
export function payoutSchema(twoFactorEnabled: boolean) {
  return z
    .object({
      btcWallet: zWallet,
      ethWallet: zWallet,
      bank: zBankDetails,
      currentPassword: z.string().min(1, PayoutMsg.passwordRequired).max(128),
      totpCode: z.string(),
    })
    .refine((v) => !twoFactorEnabled || v.totpCode.length === OTP_LENGTH, {
      message: PayoutMsg.totpRequired,
      path: ['totpCode'],
    });
}
export type PayoutValues = z.input<ReturnType<typeof payoutSchema>>;
export type PayoutOutput = z.output<ReturnType<typeof payoutSchema>>;

export function payoutDefaults(p: Profile): PayoutValues {
  return {
    btcWallet: p.Account.BTC_Wallet_Address,
    ethWallet: p.Account.ETH_Wallet_Address,
    bank: { ...p.bank },
    currentPassword: '',
    totpCode: '',
  };
}

const sameBank = (a: Profile['bank'], b: Profile['bank']) =>
  a.accountHolder === b.accountHolder &&
  a.bankName === b.bankName &&
  a.accountNumber === b.accountNumber &&
  a.swift === b.swift;

/**
 * Only what changed goes to the server: each change starts a security hold, so an untouched
 * wallet must not look changed. Null when nothing changed.
 */
export function payoutPatch(values: PayoutOutput, p: Profile): PayoutDetailsUpdate | null {
  const patch: PayoutDetailsUpdate = {};
  if (values.btcWallet !== p.Account.BTC_Wallet_Address) patch.btcWallet = values.btcWallet;
  if (values.ethWallet !== p.Account.ETH_Wallet_Address) patch.ethWallet = values.ethWallet;
  if (!sameBank(values.bank, p.bank)) patch.bank = values.bank;
  if (Object.keys(patch).length === 0) return null;
  return {
    ...patch,
    currentPassword: values.currentPassword,
    ...(values.totpCode ? { totpCode: values.totpCode } : {}),
  };
}

/** "bank.swift" from the server's field errors → the form's field name. */
export const payoutField = (field: string) => field as keyof PayoutValues | `bank.${keyof Profile['bank']}`;
