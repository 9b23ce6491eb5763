import { z } from 'zod';
import { fill } from './fill';
import { text } from './text';
import { zPositiveMoneyIn } from './amounts';
import { zIdParam } from './pagination';
import { route } from './route';
import { PAYOUT_PERIODS, type PayoutPeriod } from './schedule';
import { toCents } from './money';
import { percentToBp } from './plan-terms';

export const PLAN_COLORS = ['blue', 'green', 'purple', 'gold'] as const;
/** The longest term, in payouts (ten years of days; a year and a bit of hours). */
export const MAX_TERM = 10_000;

export const PlanMsg = {
  created: 'New plan created successfully',
  updated: 'Plan updated successfully',
  deleted: 'Plan deleted successfully',
  archived:
    'This plan has running investments, so it was archived: it takes no new investments and stays in their history.',
  minMax: 'Minimum investment must not exceed maximum investment',
  notFound: 'Plan not found',
  rate: 'Interest rate must be a positive percentage with at most 2 decimals (up to 1000)',
  rateRequired: 'Interest rate is required (or set a fixed payout)',
  rateWithFixedPayout: 'A plan with a fixed payout has no interest rate: leave it empty',
  period: 'Payout period must be hourly, daily, weekly or monthly',
  duration: fill('Duration must be a whole number of payouts from 1 to {{max}}', { max: MAX_TERM }),
  durationRequired: 'Duration is required unless the plan is open-ended',
  durationOpenEnded: 'An open-ended plan has no duration: leave it empty',
  fixedPayout: 'Fixed payout must be a positive amount with at most 2 decimals',
  fixedPayoutRange: 'A fixed payout needs a fixed amount: set the minimum investment equal to the maximum',
  compounding: 'Compounding must be whole percentages from 0 to 100',
  compoundingOrder: 'Compounding minimum must not exceed the maximum',
  lock: 'Minimum lock must be a whole number of payouts (0 for none)',
  lockOpenEndedOnly: 'A minimum lock applies only to open-ended plans',
  exitFee: 'Early exit fee must be a percentage from 0 to 100 with at most 2 decimals',
  exitFeeOpenEndedOnly: 'An early exit fee applies only to open-ended plans',
  cap: 'Active investments per user must be a whole number of at least 1 (empty for no cap)',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A percent with at most 2 decimals in basis points, within [minBp, maxBp]; absent, null or blank is null. */
const zPercentBp = (message: string, minBp: number, maxBp: number) =>
  z
    .union([z.number(), text()])
    .nullish()
    .transform((v, ctx) => {
      if (blank(v)) return null;
      const bp = percentToBp(v!);
      if (bp === null || bp < minBp || bp > maxBp) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return bp;
    });

/** Percent with at most 2 decimals, e.g. 12.5 -> 1250 basis points; parsed without floats. */
export const zRatePercent = zPercentBp(PlanMsg.rate, 1, 100_000);

/** A whole number from a number or its digits; absent, null or blank is null. */
const zWhole = (message: string, min: number, max: number) =>
  z
    .union([z.number(), text()])
    .nullish()
    .transform((v, ctx) => {
      if (blank(v)) return null;
      const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(String(v).trim()) ? Number(String(v).trim()) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** Dollars (number or decimal string) to positive cents; absent, null or blank is null. */
const zCentsOrNull = (message: string) =>
  z
    .union([z.number(), text()])
    .nullish()
    .transform((v, ctx) => {
      if (blank(v)) return null;
      try {
        const cents = toCents(v!);
        if (cents > 0n) return cents;
      } catch {
        // the message below says what is wrong
      }
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

const fields = {
  name: text().trim().min(1, 'Name is required').max(80),
  description: text().trim().min(1, 'Description is required').max(2000),
  /** Omitted: daily, as every plan before the options. */
  payoutPeriod: z.enum(PAYOUT_PERIODS, { message: PlanMsg.period }).optional(),
  openEnded: z.boolean().optional(),
  /** Payouts in the term (days for a daily plan); absent or null only when open-ended. */
  duration: zWhole(PlanMsg.duration, 1, MAX_TERM),
  /** Fixed term: total return over the term; open-ended: the return of each payout. */
  interestRate: zRatePercent,
  /** Dollars paid each payout instead of a rate (fixed-amount plans only). */
  fixedPayout: zCentsOrNull(PlanMsg.fixedPayout),
  capitalReturned: z.boolean().optional(),
  compounding: z
    .object({ min: zWhole(PlanMsg.compounding, 0, 100), max: zWhole(PlanMsg.compounding, 0, 100) })
    .nullish(),
  workingDaysOnly: z.boolean().optional(),
  minLockPeriods: zWhole(PlanMsg.lock, 0, MAX_TERM),
  /** Percent of the principal charged when the investor ends an open-ended investment. */
  earlyExitFee: zPercentBp(PlanMsg.exitFee, 0, 10_000),
  maxActivePerUser: zWhole(PlanMsg.cap, 1, 1_000_000),
  minimumInvestment: zPositiveMoneyIn,
  maximumInvestment: zPositiveMoneyIn,
  benefits: z.array(text().trim().min(1).max(120)).max(10).optional(),
  bestFor: text().trim().max(120).optional(),
  color: z.enum(PLAN_COLORS).optional(),
};
type Parsed = z.output<z.ZodObject<typeof fields>>;

/** The rules between options; each issue names the field to change. */
function checkOptions(p: Parsed, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (p.minimumInvestment > p.maximumInvestment) issue(['maximumInvestment'], PlanMsg.minMax);
  if (p.openEnded && p.duration !== null) issue(['duration'], PlanMsg.durationOpenEnded);
  if (!p.openEnded && p.duration === null) issue(['duration'], PlanMsg.durationRequired);
  if (p.fixedPayout !== null) {
    if (p.minimumInvestment !== p.maximumInvestment) issue(['fixedPayout'], PlanMsg.fixedPayoutRange);
    if (p.interestRate !== null) issue(['interestRate'], PlanMsg.rateWithFixedPayout);
  } else if (p.interestRate === null) issue(['interestRate'], PlanMsg.rateRequired);
  if (p.compounding) {
    const { min, max } = p.compounding;
    if (min === null) issue(['compounding', 'min'], PlanMsg.compounding);
    if (max === null) issue(['compounding', 'max'], PlanMsg.compounding);
    if (min !== null && max !== null && min > max) issue(['compounding', 'max'], PlanMsg.compoundingOrder);
  }
  if (!p.openEnded && (p.minLockPeriods ?? 0) > 0) issue(['minLockPeriods'], PlanMsg.lockOpenEndedOnly);
  if (!p.openEnded && (p.earlyExitFee ?? 0) > 0) issue(['earlyExitFee'], PlanMsg.exitFeeOpenEndedOnly);
}

/** A plan as stored: every option explicit (the spec's six fields mean a daily, fixed, capital-back plan). */
export interface PlanValues {
  name: string;
  description: string;
  payoutPeriod: PayoutPeriod;
  termPeriods: number | null;
  interestRateBp: number;
  fixedPayout: bigint | null;
  capitalReturned: boolean;
  compoundMinPercent: number | null;
  compoundMaxPercent: number | null;
  workingDaysOnly: boolean;
  minLockPeriods: number;
  exitFeeBp: number;
  maxActivePerUser: number | null;
  minimumInvestment: bigint;
  maximumInvestment: bigint;
  benefits?: string[];
  bestFor?: string;
  color?: (typeof PLAN_COLORS)[number];
}

const toValues = (p: Parsed): PlanValues => ({
  name: p.name,
  description: p.description,
  payoutPeriod: p.payoutPeriod ?? 'daily',
  termPeriods: p.openEnded ? null : p.duration,
  interestRateBp: p.interestRate ?? 0,
  fixedPayout: p.fixedPayout,
  capitalReturned: p.capitalReturned ?? true,
  compoundMinPercent: p.compounding?.min ?? null,
  compoundMaxPercent: p.compounding?.max ?? null,
  workingDaysOnly: p.workingDaysOnly ?? false,
  minLockPeriods: p.openEnded ? (p.minLockPeriods ?? 0) : 0,
  exitFeeBp: p.openEnded ? (p.earlyExitFee ?? 0) : 0,
  maxActivePerUser: p.maxActivePerUser,
  minimumInvestment: p.minimumInvestment,
  maximumInvestment: p.maximumInvestment,
  ...(p.benefits ? { benefits: p.benefits } : {}),
  ...(p.bestFor !== undefined ? { bestFor: p.bestFor } : {}),
  ...(p.color ? { color: p.color } : {}),
});

export const zPlanCreate = z.object(fields).superRefine(checkOptions).transform(toValues);
/** An update carries the whole form too (all six fields are required in the spec's modal). */
export const zPlanUpdate = zPlanCreate;
export type PlanRequest = z.input<typeof zPlanCreate>;

export const zPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  payoutPeriod: z.enum(PAYOUT_PERIODS),
  openEnded: z.boolean(),
  /** Payouts in the term; null when open-ended. */
  duration: z.number().nullable(),
  /** Percent: the total return over the term, or of each payout when open-ended (0 with a fixed payout). */
  interestRate: z.number(),
  /** Dollars paid each payout (fixed-amount plans); null for rate plans. */
  fixedPayout: z.number().nullable(),
  capitalReturned: z.boolean(),
  /** The compounding percentages an investor may pick; null when the plan does not compound. */
  compounding: z.object({ min: z.number(), max: z.number() }).nullable(),
  workingDaysOnly: z.boolean(),
  /** Open-ended: payouts before the investor may end it. */
  minLockPeriods: z.number(),
  /** Open-ended: percent of the principal charged when the investor ends it (0 = none). */
  earlyExitFee: z.number(),
  maxActivePerUser: z.number().nullable(),
  minimumInvestment: z.number(),
  maximumInvestment: z.number(),
  benefits: z.array(z.string()),
  bestFor: z.string(),
  color: z.string(),
  activeSubscribers: z.number(),
  archived: z.boolean(),
});
export type Plan = z.infer<typeof zPlan>;

/** `GET /plans`: staff may add `?includeArchived=true`. */
export const zPlanListQuery = z.object({ includeArchived: z.enum(['true', 'false']).optional() });
/** `holidays`: the upcoming UTC dates (a year ahead) on which working-days plans pay nothing. */
export const zPlanList = z.object({ data: z.array(zPlan), holidays: z.array(z.string()) });
/** A plan created or updated, with its message. */
export const zPlanSaved = z.object({ message: z.string(), data: zPlan });
/** `DELETE /plans/:id`: `archived` when running investments kept the plan. */
export const zPlanDeleted = z.object({ archived: z.boolean(), message: z.string() });

export const plansApi = {
  list: route({
    method: 'GET',
    path: '/plans',
    tag: 'plans',
    summary: 'Plans open for investment (public); staff may add ?includeArchived=true',
    access: 'public',
    query: zPlanListQuery,
    response: zPlanList,
    errors: [],
  }),
  create: route({
    method: 'POST',
    path: '/plans',
    tag: 'plans',
    summary: 'Create a plan (admin)',
    access: 'admin',
    body: zPlanCreate,
    response: zPlanSaved,
    status: [201],
    errors: [],
  }),
  update: route({
    method: 'PUT',
    path: '/plans/:id',
    tag: 'plans',
    summary: 'Update a plan (admin)',
    access: 'admin',
    params: zIdParam,
    body: zPlanUpdate,
    response: zPlanSaved,
    errors: ['NOT_FOUND'],
  }),
  remove: route({
    method: 'DELETE',
    path: '/plans/:id',
    tag: 'plans',
    summary: 'Delete a plan (admin); one with investments is archived instead',
    access: 'admin',
    params: zIdParam,
    response: zPlanDeleted,
    errors: ['NOT_FOUND'],
  }),
};
