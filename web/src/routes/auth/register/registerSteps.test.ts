import { describe, expect, it } from 'vitest';
import { zRegistration } from '@contract/users';
import {
  FIELDS_WITHOUT_STEP,
  STEPS,
  progressPercent,
  referralFrom,
  registrationBody,
  stepOfField,
} from './registerSteps';

describe('registration steps', () => {
  it('clamps the progress to 0–100', () => {
    expect(progressPercent(0)).toBe(33);
    expect(progressPercent(1)).toBe(67);
    expect(progressPercent(2)).toBe(100);
    expect(progressPercent(7)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
  });

  it('covers every registration field exactly once', () => {
    // `locale` is sent without a step: the language the visitor reads in, not a question asked.
    const fields = [...STEPS.flatMap((s) => s.fields), ...FIELDS_WITHOUT_STEP].sort();
    expect(fields).toEqual(Object.keys(zRegistration.shape).sort());
    expect(FIELDS_WITHOUT_STEP).toEqual(['locale']);
  });

  it('sends the active language with the values of the steps', () => {
    const values = { userName: 'ana', referrerId: '' };
    expect(registrationBody(values, 'es')).toEqual({ userName: 'ana', referrerId: '', locale: 'es' });
    expect(zRegistration.shape.locale.parse('pt-BR')).toBe('pt-BR');
  });

  it('finds the step of a refused field', () => {
    expect(stepOfField('email')).toBe(0);
    expect(stepOfField('country')).toBe(1);
    expect(stepOfField('referrerId')).toBe(2);
    expect(stepOfField('somethingElse')).toBe(2);
  });

  it('reads the referral id from the path or the query', () => {
    expect(referralFrom('ABC', new URLSearchParams('referrer=x'))).toBe('ABC');
    expect(referralFrom(undefined, new URLSearchParams('referrer=bob'))).toBe('bob');
    expect(referralFrom(undefined, new URLSearchParams('referrerId=42'))).toBe('42');
    expect(referralFrom(undefined, new URLSearchParams(''))).toBe('');
  });
});
