import { z } from 'zod';
import { text } from './text';
import { zPositiveMoneyIn } from './money';
import { zIdParam } from './pagination';
import { route } from './route';

export const PLAN_COLORS = ['blue', 'green', 'purple', 'gold'] as const;

export const PlanMsg = {
  created: 'New plan created successfully',
  updated: 'Plan updated successfully',
  deleted: 'Plan deleted successfully',
  archived:
    'This plan has running investments, so it was archived: it takes no new investments and stays in their history.',
  minMax: 'Minimum investment must not exceed maximum investment',
  notFound: 'Plan not found',
} as const;

/** Percent with at most 2 decimals, e.g. 12.5 -> 1250 basis points; parsed without floats. */
export const zRatePercent = z.union([z.number(), text()]).transform((v, ctx) => {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(String(v).trim());
  const bp = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!m || bp <= 0 || bp > 100_000) {
    ctx.addIssue({
      code: 'custom',
      message: 'Interest rate must be a positive percentage with at most 2 decimals (up to 1000)',
    });
    return z.NEVER;
  }
  return bp;
});

const fields = {
  name: text().trim().min(1, 'Name is required').max(80),
  description: text().trim().min(1, 'Description is required').max(2000),
  duration: z.coerce
    .number({ message: 'Duration (days) is required' })
    .int('Duration must be a whole number of days')
    .positive('Duration must be positive')
    .max(3650),
  interestRate: zRatePercent,
  minimumInvestment: zPositiveMoneyIn,
  maximumInvestment: zPositiveMoneyIn,
  benefits: z.array(text().trim().min(1).max(120)).max(10).optional(),
  bestFor: text().trim().max(120).optional(),
  color: z.enum(PLAN_COLORS).optional(),
};

export const zPlanCreate = z
  .object(fields)
  .refine((p) => p.minimumInvestment <= p.maximumInvestment, { message: PlanMsg.minMax, path: ['maximumInvestment'] });
/** An update carries the whole form too (all six fields are required in the spec's modal). */
export const zPlanUpdate = zPlanCreate;

export const zPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  duration: z.number(),
  interestRate: z.number(),
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
export const zPlanList = z.object({ data: z.array(zPlan) });
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
