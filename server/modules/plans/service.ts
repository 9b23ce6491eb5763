import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { fromCents } from '../../../contract/money';
import { PLAN_COLORS, PlanMsg, type Plan, type PlanValues } from '../../../contract/plans';
import { defaultBenefits } from '../../../contract/plan-terms';
import { upcomingHolidays } from '../../../contract/holidays';
import type { SiteSettings } from '../../../contract/settings';
import { perDatabase, type Db } from '../../db/client';
import { investments, plans } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';

type PlanRow = typeof plans.$inferSelect;

/** Every option of a plan as the API and the audit log show it. */
const options = (p: PlanRow) => ({
  payoutPeriod: p.payoutPeriod,
  openEnded: p.termPeriods === null,
  duration: p.termPeriods,
  interestRate: p.interestRateBp / 100,
  fixedPayout: p.fixedPayout === null ? null : fromCents(p.fixedPayout),
  capitalReturned: p.capitalReturned,
  compounding:
    p.compoundMinPercent === null || p.compoundMaxPercent === null
      ? null
      : { min: p.compoundMinPercent, max: p.compoundMaxPercent },
  workingDaysOnly: p.workingDaysOnly,
  minLockPeriods: p.minLockPeriods,
  earlyExitFee: p.exitFeeBp / 100,
  maxActivePerUser: p.maxActivePerUser,
});

export function toPlan(p: PlanRow, activeSubscribers: number, index = 0): Plan {
  const cycle = ['blue', 'purple', 'green'];
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    ...options(p),
    minimumInvestment: fromCents(p.minimumInvestment),
    maximumInvestment: fromCents(p.maximumInvestment),
    benefits: p.benefits.length > 0 ? p.benefits : defaultBenefits({ ...p, openEnded: p.termPeriods === null }),
    bestFor: p.bestFor,
    color: (PLAN_COLORS as readonly string[]).includes(p.color) ? p.color : cycle[index % 3]!,
    activeSubscribers,
    archived: p.archivedAt !== null,
  };
}

/** Running investments per plan (distinct investors), in one query. */
async function countSubscribers(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: investments.planId, n: sql<number>`count(distinct ${investments.userId})::int` })
    .from(investments)
    .where(eq(investments.status, 'running'))
    .groupBy(investments.planId);
  return new Map(rows.map((r) => [r.planId, r.n]));
}

/**
 * How long a plan card's investor count is reused. Counting reads every running investment
 * (~30 ms at 300,000), and every visitor's plans list asked for it; a count a minute old is
 * as true on a card, and the list then costs one small read.
 */
export const SUBSCRIBER_COUNT_TTL_MS = 60_000;
const subscriberCache = new WeakMap<Db, { at: number; counts: Promise<Map<number, number>> }>();

/** Drops the reused counts of `db`: the next list counts again. */
export function forgetSubscriberCounts(db: Db): void {
  subscriberCache.delete(db);
}

/** countSubscribers, shared for SUBSCRIBER_COUNT_TTL_MS per database (concurrent callers share one query). */
function subscriberCounts(db: Db): Promise<Map<number, number>> {
  const now = performance.now();
  const cached = subscriberCache.get(db);
  if (cached && now - cached.at < SUBSCRIBER_COUNT_TTL_MS) return cached.counts;
  const counts = countSubscribers(db);
  subscriberCache.set(db, { at: now, counts });
  // A failed count is not kept: the next list asks again.
  counts.catch(() => {
    if (subscriberCache.get(db)?.counts === counts) subscriberCache.delete(db);
  });
  return counts;
}

/** The plans list's two queries, prepared: every visitor's plans page and card reads one. */
const planLists = perDatabase((db) => {
  const order = [asc(plans.sortOrder), asc(plans.minimumInvestment), asc(plans.id)];
  return {
    open: db
      .select()
      .from(plans)
      .where(isNull(plans.archivedAt))
      .orderBy(...order)
      .prepare('plans_open'),
    all: db
      .select()
      .from(plans)
      .orderBy(...order)
      .prepare('plans_all'),
  };
});

/** Plans open for new investments (archived ones only when `includeArchived`). */
export async function listPlans(db: Db, includeArchived = false): Promise<Plan[]> {
  const lists = planLists(db);
  const rows = await (includeArchived ? lists.all : lists.open).execute();
  const subs = await subscriberCounts(db);
  return rows.map((p, i) => toPlan(p, subs.get(p.id) ?? 0, i));
}

/**
 * `GET /plans`: the plans and the upcoming holidays, so a screen's estimate for a working-days plan skips
 * the same days the accrual skips.
 */
export async function listPlanOffer(
  db: Db,
  settings: Pick<SiteSettings, 'holidays'>,
  includeArchived: boolean,
  now: Date,
): Promise<{ data: Plan[]; holidays: string[] }> {
  return { data: await listPlans(db, includeArchived), holidays: upcomingHolidays(settings.holidays, now) };
}

/** What the audit log keeps of a plan: its terms as an admin reads them. */
const planFacts = (p: PlanRow) => ({
  name: p.name,
  description: p.description,
  ...options(p),
  minimumInvestment: fromCents(p.minimumInvestment),
  maximumInvestment: fromCents(p.maximumInvestment),
  benefits: p.benefits,
  bestFor: p.bestFor,
  color: p.color,
  archived: p.archivedAt !== null,
});

export async function createPlan(db: Db, input: PlanValues, actor: AuditActor): Promise<Plan> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(input).returning();
    await recordAudit(tx, actor, {
      action: 'plan.create',
      targetType: 'plan',
      targetId: row!.id,
      after: planFacts(row!),
    });
    return toPlan(row!, 0);
  });
}

/** Edits a plan. Running investments keep the terms they started with. Throws NOT_FOUND. */
export async function updatePlan(db: Db, id: number, input: PlanValues, now: Date, actor: AuditActor): Promise<Plan> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!before) throw notFound(PlanMsg.notFound);
    const [after] = await tx
      .update(plans)
      .set({ ...input, updatedAt: now })
      .where(eq(plans.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'plan.update',
      targetType: 'plan',
      targetId: id,
      before: planFacts(before),
      after: planFacts(after!),
    });
    return after!;
  });
  return toPlan(row, (await subscriberCounts(db)).get(id) ?? 0);
}

/**
 * Deletes a plan nobody ever invested in; a plan with investments is archived instead (hidden
 * from new investments, kept for their history). Throws NOT_FOUND.
 */
export async function deletePlan(
  db: Db,
  id: number,
  now: Date,
  actor: AuditActor,
): Promise<{ archived: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!plan) throw notFound(PlanMsg.notFound);
    const [used] = await tx.select({ n: count() }).from(investments).where(eq(investments.planId, id));
    if ((used?.n ?? 0) > 0) {
      const [archived] = await tx
        .update(plans)
        .set({ archivedAt: now, updatedAt: now })
        .where(and(eq(plans.id, id), isNull(plans.archivedAt)))
        .returning();
      // Archiving an already archived plan changes nothing, so it leaves no record.
      if (archived)
        await recordAudit(tx, actor, {
          action: 'plan.archive',
          targetType: 'plan',
          targetId: id,
          before: planFacts(plan),
          after: planFacts(archived),
        });
      return { archived: true, message: PlanMsg.archived };
    }
    await tx.delete(plans).where(eq(plans.id, id));
    await recordAudit(tx, actor, { action: 'plan.delete', targetType: 'plan', targetId: id, before: planFacts(plan) });
    return { archived: false, message: PlanMsg.deleted };
  });
}
