import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { zErrorBody } from '../../../contract/errors';
import { fromCents } from '../../../contract/money';
import { pageOf, zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { referralBonuses, users } from '../../db/schema';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { loadUserFor } from '../../lib/auth-context';

const zReferral = z.object({
  id: z.number(),
  userName: z.string(),
  registrationDate: z.string(),
  totalTransactions: z.number(),
  referrerId: z.number().nullable(),
  referrerUserName: z.string().nullable(),
});
const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

export function referralRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const referrer = alias(users, 'referrer');
  /** Referees with the bonus income each brought their referrer. */
  const page = async (where: SQL, q: { page: number; limit: number }) => {
    const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
    const income = sql<string>`coalesce((select sum(b.amount) from ${referralBonuses} b where b.referee_id = ${users.id} and b.referrer_id = ${users.referrerId}), 0)`;
    const rows = await ctx.db
      .select({
        id: users.id,
        userName: users.userName,
        createdAt: users.createdAt,
        income,
        referrerId: users.referrerId,
        referrerUserName: referrer.userName,
      })
      .from(users)
      .leftJoin(referrer, eq(referrer.id, users.referrerId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const data = rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      registrationDate: r.createdAt.toISOString(),
      totalTransactions: fromCents(BigInt(r.income)),
      referrerId: r.referrerId,
      referrerUserName: r.referrerUserName,
    }));
    return pageOf(data, total?.n ?? 0, q);
  };

  return async (app) => {
    app.get(
      '/users/:id/referrals',
      {
        schema: {
          tags: ['referrals'],
          summary: "A user's direct referrals with the income each brought (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zPage(zReferral), ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return page(and(eq(users.referrerId, user.id), isNull(users.deletedAt))!, request.query);
      },
    );

    app.get(
      '/users/:id/referral-balance',
      {
        schema: {
          tags: ['referrals'],
          summary: 'Total referral income of a user',
          params: zIdParam,
          response: { 200: z.object({ userId: z.number(), totalReferralBonus: z.number() }), ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        const [row] = await ctx.db
          .select({ total: sql<string>`coalesce(sum(${referralBonuses.amount}), 0)` })
          .from(referralBonuses)
          .where(eq(referralBonuses.referrerId, user.id));
        return { userId: user.id, totalReferralBonus: fromCents(BigInt(row?.total ?? '0')) };
      },
    );

    app.get(
      '/referrals',
      {
        schema: {
          tags: ['referrals'],
          summary: 'Every referred user (staff)',
          querystring: zPageQuery,
          response: { 200: zPage(zReferral), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return page(and(isNotNull(users.referrerId), isNull(users.deletedAt))!, request.query);
      },
    );
  };
}
