import { describe, expect, it } from 'vitest';
import { PayoutMsg } from '@contract/funds';
import type { Profile } from '@contract/users';
import { activeHold } from './PayoutDetails';
import { payoutDefaults, payoutPatch, payoutSchema } from './payoutSchema';

const profile = {
  id: 7,
  twoFactorEnabled: false,
  securityHoldUntil: null,
  Account: { BTC_Wallet_Address: 'bc1old', ETH_Wallet_Address: '' },
  bank: { accountHolder: 'Ada Lovelace', bankName: 'Bank', accountNumber: 'NL91ABNA0417164300', swift: 'ABNANL2A' },
} as unknown as Profile;

const values = (patch: Partial<ReturnType<typeof payoutDefaults>> = {}) => ({
  ...payoutDefaults(profile),
  currentPassword: 'secret-pass',
  ...patch,
});

describe('payoutSchema', () => {
  it('asks for the current password, and for the authenticator code only with 2FA on', () => {
    const without = payoutSchema(false).safeParse(values({ currentPassword: '' }));
    expect(without.success).toBe(false);
    expect(without.error?.issues.map((i) => i.message)).toEqual([PayoutMsg.passwordRequired]);
    expect(payoutSchema(false).safeParse(values()).success).toBe(true);
    const noCode = payoutSchema(true).safeParse(values());
    expect(noCode.error?.issues.map((i) => i.message)).toEqual([PayoutMsg.totpRequired]);
    expect(payoutSchema(true).safeParse(values({ totpCode: '123456' })).success).toBe(true);
  });

  it('refuses a wallet with other characters than letters and digits', () => {
    expect(payoutSchema(false).safeParse(values({ btcWallet: 'bc1 with space' })).success).toBe(false);
  });
});

describe('payoutPatch', () => {
  const parse = (v: ReturnType<typeof values>) => payoutSchema(false).parse(v);

  it('is null when nothing changed', () => {
    expect(payoutPatch(parse(values()), profile)).toBeNull();
  });

  it('sends only what changed, with the password', () => {
    expect(payoutPatch(parse(values({ ethWallet: 'TXYZ123' })), profile)).toEqual({
      ethWallet: 'TXYZ123',
      currentPassword: 'secret-pass',
    });
    const bank = { ...profile.bank, swift: 'ABNANL2AXXX' };
    expect(payoutPatch(parse(values({ bank, btcWallet: 'bc1new' })), profile)).toEqual({
      btcWallet: 'bc1new',
      bank,
      currentPassword: 'secret-pass',
    });
  });

  it('adds the authenticator code when one was typed', () => {
    expect(payoutPatch(payoutSchema(true).parse(values({ btcWallet: '', totpCode: '654321' })), profile)).toEqual({
      btcWallet: '',
      currentPassword: 'secret-pass',
      totpCode: '654321',
    });
  });
});

describe('activeHold', () => {
  it('shows a hold only while it runs', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(activeHold({ ...profile, securityHoldUntil: '2025-03-02T12:00:00Z' }, now)).toBe('2025-03-02T12:00:00Z');
    expect(activeHold({ ...profile, securityHoldUntil: '2025-03-01T11:59:59Z' }, now)).toBeNull();
    expect(activeHold(profile, now)).toBeNull();
  });
});
