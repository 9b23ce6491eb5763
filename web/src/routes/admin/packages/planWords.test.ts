import { describe, expect, it } from 'vitest';
import { testPlan } from '../../../test/plan';
import { testI18n } from '../../../test/i18n';
import { durationLabel, exitWords, periodWords, rateWords, termWords } from './planWords';

// The shared test instance holds every language; numbers are written in its active one, English.
const en = testI18n.getFixedT('en', 'adminMoney');
const ru = testI18n.getFixedT('ru', 'adminMoney');

describe('plan words', () => {
  const daily = testPlan({ payoutPeriod: 'daily', workingDaysOnly: false });

  it('say a term in English as the card always has', () => {
    expect(termWords(en, daily, 1)).toBe('1 day');
    expect(termWords(en, daily, 30)).toBe('30 days');
    expect(termWords(en, { payoutPeriod: 'daily', workingDaysOnly: true }, 20)).toBe('20 working days');
    expect(termWords(en, { payoutPeriod: 'weekly', workingDaysOnly: true }, 2)).toBe('2 weeks');
    expect(periodWords(en, { payoutPeriod: 'weekly', workingDaysOnly: true })).toBe('Every week, working days only');
    expect(durationLabel(en, { payoutPeriod: 'hourly', workingDaysOnly: true })).toBe('Duration (working hours)');
  });

  it('choose the Russian plural form by the count', () => {
    expect(termWords(ru, daily, 1)).toBe('1 день');
    expect(termWords(ru, daily, 3)).toBe('3 дня');
    expect(termWords(ru, daily, 5)).toBe('5 дней');
    expect(termWords(ru, daily, 21)).toBe('21 день');
  });

  it('say when an open-ended investment may be ended, and at what cost', () => {
    expect(exitWords(en, { minLockPeriods: 0, earlyExitFee: 0 })).toBe('You can end it at any time; no fee');
    expect(exitWords(en, { minLockPeriods: 1, earlyExitFee: 2.5 })).toBe(
      'You can end it after 1 payout; a fee of 2.5% of the principal',
    );
    expect(exitWords(en, { minLockPeriods: 4, earlyExitFee: 0 })).toBe('You can end it after 4 payouts; no fee');
    expect(exitWords(ru, { minLockPeriods: 4, earlyExitFee: 2 })).toBe(
      'Можно закрыть после 4 выплат, комиссия — 2 % от основной суммы',
    );
  });

  it('state the return as the plan does', () => {
    expect(rateWords(en, { openEnded: false, interestRate: 15, fixedPayout: null })).toBe('15% over the term');
    expect(rateWords(en, { openEnded: true, interestRate: 1.25, fixedPayout: null })).toBe('1.25% per payout');
    expect(rateWords(en, { openEnded: false, interestRate: 0, fixedPayout: 12.34 })).toBe('$12.34 per payout');
  });
});
