import { setI18n } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticI18n } from '../i18n/static';
import { testPlan } from '../test/plan';
import {
  annualWords,
  exitWords,
  formatBp,
  periodWords,
  planHeadline,
  planOffer,
  rateWithUnitWords,
  rateWords,
  termUnit,
  termWords,
} from './planOffer';
import { testI18n } from '../test/i18n';

describe('plan offer words', () => {
  it('writes basis points exactly', () => {
    expect([formatBp(1250), formatBp(1205), formatBp(1200), formatBp(-350), formatBp(0)]).toEqual([
      '12.5%',
      '12.05%',
      '12%',
      '-3.5%',
      '0%',
    ]);
  });

  it('names the term in the unit of the payouts', () => {
    expect(termWords(testPlan({ duration: 30 }))).toBe('30 days');
    expect(termWords(testPlan({ duration: 1, payoutPeriod: 'monthly' }))).toBe('1 month');
    expect(termWords(testPlan({ duration: 20, workingDaysOnly: true }))).toBe('20 working days');
    expect(termWords(testPlan({ openEnded: true, duration: null }))).toBe('No end date: runs until you end it');
  });

  it('names the period, and the unit a term is counted in for the plan form', () => {
    expect(periodWords({ payoutPeriod: 'weekly', workingDaysOnly: false })).toBe('Every week');
    expect(periodWords({ payoutPeriod: 'weekly', workingDaysOnly: true })).toBe('Every week, working days only');
    expect(termUnit({ payoutPeriod: 'daily', workingDaysOnly: false })).toBe('days');
    expect(termUnit({ payoutPeriod: 'hourly', workingDaysOnly: true })).toBe('working hours');
    // Weeks and months have no working unit: a term of weeks is counted in weeks.
    expect(termUnit({ payoutPeriod: 'weekly', workingDaysOnly: true })).toBe('weeks');
    expect(termWords(testPlan({ duration: 2, payoutPeriod: 'weekly', workingDaysOnly: true }))).toBe('2 weeks');
  });

  it('says how an open-ended plan ends, and nothing for a fixed term', () => {
    expect(exitWords(testPlan())).toBeNull();
    expect(exitWords(testPlan({ openEnded: true }))).toBe('You can end it at any time; no fee');
    expect(exitWords(testPlan({ openEnded: true, minLockPeriods: 1, earlyExitFee: 0.5 }))).toBe(
      'You can end it after 1 payout; a fee of 0.5% of the principal',
    );
  });

  it("keeps today's headline for today's plans and spells out the others", () => {
    expect(planHeadline(testPlan({ interestRate: 10, duration: 10 }))).toBe('10% / 10 days');
    expect(planHeadline(testPlan({ payoutPeriod: 'weekly', openEnded: true, duration: null, interestRate: 1 }))).toBe(
      '1% per payout, every week, no end date',
    );
    expect(rateWords(testPlan({ fixedPayout: 12.3, interestRate: 0 }))).toBe('$12.30 per payout');
    expect(rateWords(testPlan({ interestRate: 15 }))).toBe('15% over the term');
    expect(rateWords(testPlan({ openEnded: true, duration: null, interestRate: 1.25 }))).toBe('1.25% per payout');
  });

  it('states a rate with its unit where nothing beside it names the period or the term', () => {
    expect(rateWithUnitWords(testPlan({ fixedPayout: 5, interestRate: 0 }))).toBe('$5.00 per day');
    expect(rateWithUnitWords(testPlan({ payoutPeriod: 'weekly', duration: null, interestRate: 1.5 }))).toBe(
      '1.5% per week',
    );
    expect(rateWithUnitWords(testPlan({ interestRate: 10, duration: 30 }))).toBe('10% over 30 days');
    expect(rateWithUnitWords(testPlan({ interestRate: 10, duration: 1, payoutPeriod: 'monthly' }))).toBe(
      '10% over 1 month',
    );
    expect(rateWithUnitWords(testPlan({ interestRate: 10, duration: 20, workingDaysOnly: true }))).toBe(
      '10% over 20 working days',
    );
  });

  it('takes its figures from the schedule: a fixed payout of $5 a week for 4 weeks, principal kept', () => {
    const plan = testPlan({
      payoutPeriod: 'weekly',
      duration: 4,
      fixedPayout: 5,
      interestRate: 0,
      capitalReturned: false,
      minimumInvestment: 100,
      maximumInvestment: 100,
    });
    const { estimate, annualBp } = planOffer(plan, 10_000n);
    expect(estimate).toMatchObject({ returns: 2_000n, receives: 2_000n, profit: -8_000n, payouts: 4 });
    expect(annualBp).toBeLessThan(0);
  });
});

describe('annualWords', () => {
  it('writes a gain as its annual rate, and says plainly when a plan pays back less than it takes', () => {
    expect(annualWords(7_300)).toBe('73% a year, equivalent');
    expect(annualWords(0)).toBe('0% a year, equivalent');
    expect(annualWords(-255_500)).toBe('No gain: you get back less than you put in');
  });
});

describe('plan words in other languages', () => {
  afterEach(() => setI18n(testI18n));

  it("counts terms and payouts with each language's plural forms", () => {
    createStaticI18n('ru');
    expect([1, 3, 5, 21].map((duration) => termWords(testPlan({ duration })))).toEqual([
      '1 день',
      '3 дня',
      '5 дней',
      '21 день',
    ]);
    expect(termWords(testPlan({ duration: 2, payoutPeriod: 'weekly' }))).toBe('2 недели');
    expect(exitWords(testPlan({ openEnded: true, minLockPeriods: 5, earlyExitFee: 0.5 }))).toBe(
      'Можно закрыть после 5 выплат; комиссия — 0,5\u00a0% от основной суммы',
    );
    expect(planHeadline(testPlan({ interestRate: 12.5, duration: 10 }))).toBe('12,5\u00a0% / 10 дней');
    expect(rateWithUnitWords(testPlan({ interestRate: 10, duration: 2, payoutPeriod: 'weekly' }))).toBe(
      '10\u00a0% за 2 недели',
    );
    expect(rateWithUnitWords(testPlan({ interestRate: 10, duration: 1, payoutPeriod: 'weekly' }))).toBe(
      '10\u00a0% за 1 неделю',
    );
    createStaticI18n('es');
    expect(termWords(testPlan({ duration: 1 }))).toBe('1 día');
    expect(termWords(testPlan({ duration: 20, workingDaysOnly: true }))).toBe('20 días hábiles');
    expect(annualWords(-1)).toBe('Sin ganancia: recibes menos de lo que inviertes');
  });

  it("writes a fixed payout in the language's money format", () => {
    createStaticI18n('pt-BR');
    expect(rateWords(testPlan({ fixedPayout: 12.3, interestRate: 0 }))).toBe('US$\u00a012,30 por pagamento');
  });
});
