import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatCents, toCents } from '@contract/money';
import { PlanMsg, zPlanCreate, type Plan, type PlanRequest } from '@contract/plans';
import type { PayoutPeriod } from '@contract/schedule';

/** The plan form as typed: text for numbers, choices as words; `toRequest` turns it into the API body. */
export interface PlanFormValues {
  name: string;
  description: string;
  minimumInvestment: string;
  maximumInvestment: string;
  payoutPeriod: PayoutPeriod;
  workingDaysOnly: boolean;
  term: 'fixed' | 'open';
  duration: string;
  minLockPeriods: string;
  earlyExitFee: string;
  payout: 'rate' | 'fixed';
  interestRate: string;
  fixedPayout: string;
  capitalReturned: boolean;
  compounds: boolean;
  compoundMin: string;
  compoundMax: string;
  maxActivePerUser: string;
}
export type PlanFormField = keyof PlanFormValues;

/** A new plan starts as today's plan: daily, fixed term, rate, capital back, no compounding, every day. */
export const EMPTY_PLAN: PlanFormValues = {
  name: '',
  description: '',
  minimumInvestment: '',
  maximumInvestment: '',
  payoutPeriod: 'daily',
  workingDaysOnly: false,
  term: 'fixed',
  duration: '',
  minLockPeriods: '0',
  earlyExitFee: '0',
  payout: 'rate',
  interestRate: '',
  fixedPayout: '',
  capitalReturned: true,
  compounds: false,
  compoundMin: '0',
  compoundMax: '100',
  maxActivePerUser: '',
};

const money = (dollars: number) => formatCents(toCents(dollars));

export const fromPlan = (p: Plan): PlanFormValues => ({
  name: p.name,
  description: p.description,
  minimumInvestment: money(p.minimumInvestment),
  maximumInvestment: money(p.maximumInvestment),
  payoutPeriod: p.payoutPeriod,
  workingDaysOnly: p.workingDaysOnly,
  term: p.openEnded ? 'open' : 'fixed',
  duration: p.duration === null ? '' : String(p.duration),
  minLockPeriods: String(p.minLockPeriods),
  earlyExitFee: String(p.earlyExitFee),
  payout: p.fixedPayout === null ? 'rate' : 'fixed',
  interestRate: p.fixedPayout === null ? String(p.interestRate) : '',
  fixedPayout: p.fixedPayout === null ? '' : money(p.fixedPayout),
  capitalReturned: p.capitalReturned,
  compounds: p.compounding !== null,
  compoundMin: String(p.compounding?.min ?? 0),
  compoundMax: String(p.compounding?.max ?? 100),
  maxActivePerUser: p.maxActivePerUser === null ? '' : String(p.maxActivePerUser),
});

/** The request body: every option explicit, and only the fields the chosen kind of plan has. */
export function toRequest(v: PlanFormValues): PlanRequest {
  const open = v.term === 'open';
  return {
    name: v.name,
    description: v.description,
    payoutPeriod: v.payoutPeriod,
    openEnded: open,
    duration: open ? null : v.duration,
    ...(v.payout === 'fixed' ? { fixedPayout: v.fixedPayout } : { interestRate: v.interestRate }),
    capitalReturned: v.capitalReturned,
    compounding: v.compounds ? { min: v.compoundMin, max: v.compoundMax } : null,
    workingDaysOnly: v.workingDaysOnly,
    ...(open ? { minLockPeriods: v.minLockPeriods, earlyExitFee: v.earlyExitFee } : {}),
    maxActivePerUser: v.maxActivePerUser.trim() === '' ? null : v.maxActivePerUser,
    minimumInvestment: v.minimumInvestment,
    maximumInvestment: v.maximumInvestment,
  };
}

/** The labels of the fields the form names in its messages (adminMoney keys). */
export const LABELS = {
  name: 'plan.form.name',
  description: 'plan.form.description',
  minimumInvestment: 'plan.form.minimumInvestment',
  maximumInvestment: 'plan.form.maximumInvestment',
  fixedPayout: 'plan.form.fixedPayout',
} as const;

/** "Name is required", one whole message per field. */
const REQUIRED = {
  name: 'plan.form.required.name',
  description: 'plan.form.required.description',
  minimumInvestment: 'plan.form.required.minimumInvestment',
  maximumInvestment: 'plan.form.required.maximumInvestment',
} as const;

/** The form field an API issue belongs to (`compounding.min` is the form's `compoundMin`). */
export function formField(path: readonly PropertyKey[]): PlanFormField | null {
  const [head, sub] = path.map(String);
  if (head === 'compounding') return sub === 'max' ? 'compoundMax' : 'compoundMin';
  return head && head in EMPTY_PLAN ? (head as PlanFormField) : null;
}

/**
 * Each required field first (its label in the message, in the active language), then the contract's rules on
 * the request body (their English messages, which the form's fields show in the active language).
 */
export const zPlanForm = (t: TFunction<'adminMoney'>) =>
  z.custom<PlanFormValues>().superRefine((v, ctx) => {
    const missing = new Set<string>();
    const need = (field: PlanFormField, message: string) => {
      if (String(v[field]).trim()) return;
      missing.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    for (const field of Object.keys(REQUIRED) as (keyof typeof REQUIRED)[]) need(field, t(REQUIRED[field]));
    // The contract says these too, but only once every field parses: said here with the rest.
    if (v.term === 'fixed') need('duration', PlanMsg.durationRequired);
    if (v.payout === 'fixed') need('fixedPayout', t('plan.form.required.fixedPayout'));
    else need('interestRate', PlanMsg.rateRequired);
    for (const { path, message } of zPlanCreate.safeParse(toRequest(v)).error?.issues ?? []) {
      const field = formField(path);
      if (field && !missing.has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
