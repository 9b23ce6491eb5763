import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WITHDRAWAL_CURRENCIES } from './funds';
import { formatCents } from './money';
import { DEFAULT_SETTINGS, PayoutRulesMsg, checkSettingsGroups } from './settings';
import {
  APPROVAL_RULES,
  FourEyesMsg,
  approvalRoute,
  approvalRuleWords,
  sentByBtcpay,
  depositApprovalRoute,
  secondApprovalRefusal,
  type ApprovalRule,
  type ApprovalSettings,
  type WithdrawalFacts,
} from './withdrawal-rules';

const DAY = 86_400_000;
const NOW = new Date('2031-06-15T12:00:00Z');

/** Amounts small enough that limits often hold, so every branch is reached. */
const cents = fc.bigInt({ min: 1n, max: 100_000n });
const moneySetting = fc.option(cents.map(formatCents), { nil: '' as const });

const settingsArb: fc.Arbitrary<ApprovalSettings> = fc.record({
  payoutMode: fc.constantFrom('manual' as const, 'btcpay' as const),
  autoApproveMax: moneySetting,
  autoApproveDailyMax: moneySetting,
  autoApproveMinAccountDays: fc.integer({ min: 0, max: 30 }),
  fourEyesWithdrawalMin: moneySetting,
  fourEyesDepositMin: moneySetting,
});

const factsArb: fc.Arbitrary<WithdrawalFacts> = fc.record({
  amount: cents,
  otherLast24h: fc.oneof(fc.constant(0n), cents),
  currency: fc.constantFrom(...WITHDRAWAL_CURRENCIES),
  kycApproved: fc.boolean(),
  securityHoldUntil: fc.option(
    fc.integer({ min: -3 * DAY, max: 3 * DAY }).map((ms) => new Date(NOW.getTime() + ms)),
    { nil: null },
  ),
  now: fc.constant(NOW),
  accountCreatedAt: fc.integer({ min: 0, max: 40 * DAY }).map((ms) => new Date(NOW.getTime() - ms)),
  duplicateFlag: fc.boolean(),
});

/** Every staff rule as its own predicate ("this rule fails"), in the order the rules are checked. */
function failing(f: WithdrawalFacts, s: ApprovalSettings): ApprovalRule[] {
  const c = (v: string) => (v === '' ? null : BigInt(v.replace('.', '')));
  const max = c(s.autoApproveMax);
  const daily = c(s.autoApproveDailyMax);
  const four = c(s.fourEyesWithdrawalMin);
  const checks: [ApprovalRule, boolean][] = [
    ['four-eyes-threshold', four !== null && f.amount >= four],
    ['manual-mode', s.payoutMode === 'manual'],
    ['manual-currency', f.currency !== 'BTC'],
    ['auto-approval-off', max === null],
    ['over-auto-max', max !== null && f.amount > max],
    ['over-daily-max', daily !== null && f.amount + f.otherLast24h > daily],
    ['kyc-not-approved', !f.kycApproved],
    ['security-hold', f.securityHoldUntil !== null && f.securityHoldUntil.getTime() > f.now.getTime()],
    ['account-too-new', f.now.getTime() - f.accountCreatedAt.getTime() < s.autoApproveMinAccountDays * DAY],
    ['duplicate-account', f.duplicateFlag],
  ];
  return checks.filter(([, fails]) => fails).map(([rule]) => rule);
}

describe('approvalRoute', () => {
  it("is 'auto' exactly when every rule holds, and otherwise names the first rule that fails", () => {
    fc.assert(
      fc.property(factsArb, settingsArb, (f, s) => {
        const d = approvalRoute(f, s);
        const fails = failing(f, s);
        if (fails.length === 0) expect(d).toMatchObject({ route: 'auto', rule: 'all-rules-passed' });
        else {
          expect(d.rule).toBe(fails[0]);
          expect(d.route).toBe(fails[0] === 'four-eyes-threshold' ? 'four-eyes' : 'staff');
        }
        expect(d.reason).toMatch(/\S.*\.$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("reaches 'auto' and every rule with these generators (the property above is not vacuous)", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(factsArb, settingsArb, (f, s) => {
        seen.add(approvalRoute(f, s).rule);
      }),
      { numRuns: 5000, seed: 1 },
    );
    expect(seen.size).toBe(11);
  });

  it("is never 'auto' at or above the two-approval threshold, for any mode, currency or limits", () => {
    fc.assert(
      fc.property(factsArb, settingsArb, cents, (f, s, threshold) => {
        const settings = { ...s, fourEyesWithdrawalMin: formatCents(threshold) };
        const d = approvalRoute({ ...f, amount: threshold + (f.amount % 1000n) }, settings);
        expect(d).toMatchObject({ route: 'four-eyes', rule: 'four-eyes-threshold' });
      }),
    );
  });

  it("is never 'auto' in manual mode or for a currency other than BTC", () => {
    fc.assert(
      fc.property(factsArb, settingsArb, (f, s) => {
        const manual = approvalRoute(f, { ...s, payoutMode: 'manual' });
        expect(manual.route).not.toBe('auto');
        const other = approvalRoute({ ...f, currency: f.currency === 'BTC' ? 'USD' : f.currency }, s);
        expect(other.route).not.toBe('auto');
      }),
    );
  });

  it('compares money exactly in cents at every limit, up to the largest amount a setting holds', () => {
    const pass: Omit<WithdrawalFacts, 'amount'> = {
      otherLast24h: 0n,
      currency: 'BTC',
      kycApproved: true,
      securityHoldUntil: null,
      now: NOW,
      accountCreatedAt: new Date(NOW.getTime() - 30 * DAY),
      duplicateFlag: false,
    };
    const base = { ...DEFAULT_SETTINGS, payoutMode: 'btcpay' as const };
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n - 2n }), (c) => {
        const at = formatCents(c);
        const auto = { ...base, autoApproveMax: at };
        expect(approvalRoute({ ...pass, amount: c }, auto).route).toBe('auto');
        expect(approvalRoute({ ...pass, amount: c + 1n }, auto).rule).toBe('over-auto-max');
        const daily = { ...base, autoApproveMax: formatCents(c + 1n), autoApproveDailyMax: formatCents(c + 1n) };
        expect(approvalRoute({ ...pass, amount: c, otherLast24h: 1n }, daily).route).toBe('auto');
        expect(approvalRoute({ ...pass, amount: c, otherLast24h: 2n }, daily).rule).toBe('over-daily-max');
        const four = { ...base, autoApproveMax: at, fourEyesWithdrawalMin: formatCents(c + 1n) };
        expect(approvalRoute({ ...pass, amount: c }, four).route).toBe('auto');
        expect(approvalRoute({ ...pass, amount: c + 1n }, four).route).toBe('four-eyes');
      }),
    );
    // A setting written without trailing zeros is the same amount.
    const s = { ...base, autoApproveMax: '12.5' };
    expect(approvalRoute({ ...pass, amount: 1250n }, s).route).toBe('auto');
    expect(approvalRoute({ ...pass, amount: 1251n }, s).rule).toBe('over-auto-max');
  });

  it('counts account age and the security hold to the millisecond', () => {
    const s: ApprovalSettings = { ...DEFAULT_SETTINGS, payoutMode: 'btcpay', autoApproveMax: '100' };
    const f: WithdrawalFacts = {
      amount: 100n,
      otherLast24h: 0n,
      currency: 'BTC',
      kycApproved: true,
      securityHoldUntil: NOW,
      now: NOW,
      accountCreatedAt: new Date(NOW.getTime() - 7 * DAY),
      duplicateFlag: false,
    };
    expect(approvalRoute(f, s).route).toBe('auto');
    expect(approvalRoute({ ...f, securityHoldUntil: new Date(NOW.getTime() + 1) }, s).rule).toBe('security-hold');
    expect(approvalRoute({ ...f, accountCreatedAt: new Date(NOW.getTime() - 7 * DAY + 1) }, s).rule).toBe(
      'account-too-new',
    );
  });
});

describe('depositApprovalRoute', () => {
  it('needs two approvals from the threshold on, never when it is empty', () => {
    fc.assert(
      fc.property(cents, cents, (amount, threshold) => {
        expect(depositApprovalRoute(amount, { fourEyesDepositMin: formatCents(threshold) })).toBe(
          amount >= threshold ? 'four-eyes' : 'single',
        );
        expect(depositApprovalRoute(amount, { fourEyesDepositMin: '' })).toBe('single');
      }),
    );
  });
});

describe('secondApprovalRefusal', () => {
  it.each([
    [{ requesterId: 1, firstApproverId: null, approverId: 1 }, FourEyesMsg.ownRequest],
    [{ requesterId: 1, firstApproverId: 2, approverId: 1 }, FourEyesMsg.ownRequest],
    [{ requesterId: 1, firstApproverId: 2, approverId: 2 }, FourEyesMsg.sameApprover],
    [{ requesterId: 1, firstApproverId: null, approverId: 2 }, null],
    [{ requesterId: 1, firstApproverId: 2, approverId: 3 }, null],
  ])('%j -> %s', (who, refusal) => {
    expect(secondApprovalRefusal(who)).toBe(refusal);
  });

  it('lets through only a staff member who is neither the requester nor the first approver', () => {
    const id = fc.integer({ min: 1, max: 5 });
    fc.assert(
      fc.property(id, fc.option(id, { nil: null }), id, (requesterId, firstApproverId, approverId) => {
        const ok = approverId !== requesterId && approverId !== firstApproverId;
        expect(secondApprovalRefusal({ requesterId, firstApproverId, approverId }) === null).toBe(ok);
      }),
    );
  });
});

describe('the payout settings agree with each other', () => {
  const issues = (over: Partial<typeof DEFAULT_SETTINGS>) => checkSettingsGroups({ ...DEFAULT_SETTINGS, ...over });

  it('refuses an automatic limit above the two-approval threshold, and a daily limit below the automatic one', () => {
    expect(issues({ autoApproveMax: '500.01', fourEyesWithdrawalMin: '500' })).toEqual([
      { field: 'autoApproveMax', message: PayoutRulesMsg.autoAboveFourEyes(50_000n) },
    ]);
    expect(issues({ autoApproveMax: '500', autoApproveDailyMax: '499.99' })).toEqual([
      { field: 'autoApproveDailyMax', message: PayoutRulesMsg.dailyBelowMax(50_000n) },
    ]);
    expect(issues({ payoutMode: 'btcpay' })).toEqual([
      { field: 'payoutMode', message: PayoutRulesMsg.btcpayNotConfigured },
    ]);
  });

  it('accepts equal limits and any limit left empty', () => {
    expect(issues({ autoApproveMax: '500', autoApproveDailyMax: '500', fourEyesWithdrawalMin: '500' })).toEqual([]);
    expect(issues({ autoApproveMax: '', autoApproveDailyMax: '1', fourEyesWithdrawalMin: '0.01' })).toEqual([]);
    expect(issues({ autoApproveMax: '900', autoApproveDailyMax: '', fourEyesWithdrawalMin: '' })).toEqual([]);
  });
});

describe('approval words and who sends the payout', () => {
  it('words every rule differently, and shows an unknown one as it is', () => {
    const words = APPROVAL_RULES.map(approvalRuleWords);
    expect(new Set(words).size).toBe(APPROVAL_RULES.length);
    for (const [i, w] of words.entries()) expect(w).not.toBe(APPROVAL_RULES[i]);
    expect(approvalRuleWords('a-rule-of-tomorrow')).toBe('a-rule-of-tomorrow');
  });

  it('has BTCPay send BTC only, in BTCPay mode with BTCPay configured', () => {
    expect(sentByBtcpay({ payoutMode: 'btcpay', btcpayConfigured: true }, 'BTC')).toBe(true);
    expect(sentByBtcpay({ payoutMode: 'btcpay', btcpayConfigured: true }, 'USDT-TRON')).toBe(false);
    expect(sentByBtcpay({ payoutMode: 'btcpay', btcpayConfigured: false }, 'BTC')).toBe(false);
    expect(sentByBtcpay({ payoutMode: 'manual', btcpayConfigured: true }, 'BTC')).toBe(false);
  });
});
