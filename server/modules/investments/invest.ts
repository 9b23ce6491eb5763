import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { InvestMsg } from '../../../contract/investments';
import { formatCents } from '../../../contract/money';
import { totalReturnCents } from '../../../contract/returns';
import type { SiteSettings } from '../../../contract/settings';
import type { Db } from '../../db/client';
import { investments, plans, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { userAccounts } from '../ledger/accounts';
import { post } from '../ledger/service';
import { kycGate } from '../kyc/gate';
import { creditReferralBonuses, levelsToBp } from '../referrals/service';
import { notifyUser } from '../notifications/notify';
import { InvestmentNotice } from '../notifications/messages';
import { recordTransaction } from '../transactions/service';

export const DAY_MS = 86_400_000;
const rule = (message: string, code = 'BUSINESS_RULE') => new AppError(422, code, message);

/**
 * Moves `amount` from the user's available balance to invested principal and starts the
 * investment, all in one transaction (with referral bonuses). Throws NOT_FOUND (plan),
 * 422 PLAN_CLOSED / AMOUNT_OUT_OF_RANGE / EMAIL_NOT_VERIFIED / KYC_REQUIRED / INSUFFICIENT_FUNDS, 503 MAINTENANCE.
 */
export async function invest(db: Db, settings: SiteSettings, input: { userId: number; planId: number; amount: bigint; idempotencyKey?: string }, now: Date) {
  if (settings.maintenanceMode) throw new AppError(503, 'MAINTENANCE', InvestMsg.maintenance);
  const [[user], [plan]] = await Promise.all([db.select().from(users).where(eq(users.id, input.userId)), db.select().from(plans).where(eq(plans.id, input.planId))]);
  if (!user || user.deletedAt) throw notFound('User not found');
  if (!user.isEmailVerified) throw rule(InvestMsg.verifyEmail, 'EMAIL_NOT_VERIFIED');
  if (user.status !== 'active') throw rule(InvestMsg.notActive, 'ACCOUNT_NOT_ACTIVE');
  if (!plan) throw notFound('Plan not found');
  if (plan.archivedAt) throw rule(InvestMsg.planClosed, 'PLAN_CLOSED');
  if (input.amount < plan.minimumInvestment) throw rule(InvestMsg.belowMin(formatCents(plan.minimumInvestment)), 'AMOUNT_OUT_OF_RANGE');
  if (input.amount > plan.maximumInvestment) throw rule(InvestMsg.aboveMax(formatCents(plan.maximumInvestment)), 'AMOUNT_OUT_OF_RANGE');
  const kyc = await kycGate(db, settings, user.id, { kind: 'invest', amount: input.amount });
  if (kyc) throw rule(kyc.message, kyc.code);

  try {
    return await openInvestment(db, settings, user, plan, input, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') throw rule(InvestMsg.insufficient, 'INSUFFICIENT_FUNDS');
    throw err;
  }
}

type UserRow = typeof users.$inferSelect;

async function openInvestment(db: Db, settings: SiteSettings, user: UserRow, plan: typeof plans.$inferSelect, input: { amount: bigint; idempotencyKey?: string }, now: Date) {
  return db.transaction(async (tx) => {
    const accounts = await userAccounts(tx, user.id);
    const entry = await post(tx, {
      idempotencyKey: `invest:${input.idempotencyKey ? `${user.id}:${input.idempotencyKey}` : randomUUID()}`,
      kind: 'investment',
      description: `Investment in ${plan.name}`,
      createdBy: user.id,
      postings: [
        { accountId: accounts.available, amount: -input.amount },
        { accountId: accounts.invested, amount: input.amount },
      ],
    });
    if (entry.replayed) throw new AppError(409, 'DUPLICATE_REQUEST', 'This investment was already made');
    const [inv] = await tx
      .insert(investments)
      .values({
        userId: user.id,
        planId: plan.id,
        principal: input.amount,
        interestRateBp: plan.interestRateBp,
        durationDays: plan.durationDays,
        totalReturn: totalReturnCents(input.amount, plan.interestRateBp),
        startDate: now,
        endDate: new Date(now.getTime() + plan.durationDays * DAY_MS),
        journalEntryId: entry.entryId,
        createdAt: now,
      })
      .returning();
    await recordTransaction(tx, { userId: user.id, type: 'investment', amount: input.amount, status: 'completed', paymentMethod: 'Balance', description: `Investment in ${plan.name}`, journalEntryId: entry.entryId, now });
    await notifyUser(tx, { userId: user.id, message: InvestmentNotice.started(input.amount, plan.name, plan.durationDays), kind: 'investment' });
    if (user.referrerId) await creditReferralBonuses(tx, { id: inv!.id, userId: user.id, principal: input.amount }, levelsToBp(settings.referralLevels), now);
    return { ...inv!, planName: plan.name };
  });
}
