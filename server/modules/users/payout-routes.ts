import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { zErrorBody } from '../../../contract/errors';
import { PayoutMsg, zPayoutDetailsUpdate } from '../../../contract/funds';
import { zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { zProfile, zUserListQuery, zUserSummary } from '../../../contract/users';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { verifyPassword } from '../../lib/passwords';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { verifySecondFactor } from '../twofactor/service';
import { toProfile } from './profile';
import { loadUserFor } from '../../lib/auth-context';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 422: zErrorBody, 429: zErrorBody };

/** Payout details (where withdrawals go) and the staff user list. */
export function payoutRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/users/:id/payout-details',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['users'],
          summary:
            'Change own wallets and bank details: needs the password, and the 2FA code when 2FA is on; starts the security hold',
          params: zIdParam,
          body: zPayoutDetailsUpdate,
          response: { 200: z.object({ message: z.string(), profile: zProfile }), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        // Only the owner: nobody else (staff included) redirects someone's withdrawals.
        if (caller.userId !== request.params.id)
          throw new AppError('FORBIDDEN', 'You can only change your own payout details');
        const user = await loadUserFor(ctx.db, caller, caller.userId, 'write');
        const b = request.body;
        if (!b.currentPassword)
          throw new AppError('VALIDATION_FAILED', PayoutMsg.passwordRequired, [
            { field: 'currentPassword', message: PayoutMsg.passwordRequired },
          ]);
        if (!(await verifyPassword(user.passwordHash, b.currentPassword)))
          throw new AppError('WRONG_PASSWORD', PayoutMsg.wrongPassword);
        const now = ctx.now();
        if (user.twoFactorEnabled) {
          if (!b.totpCode)
            throw new AppError('VALIDATION_FAILED', PayoutMsg.totpRequired, [
              { field: 'totpCode', message: PayoutMsg.totpRequired },
            ]);
          if (!(await verifySecondFactor(ctx.db, ctx.box, user, b.totpCode, now)))
            throw new AppError('INVALID_OTP', PayoutMsg.wrongTotp);
        }
        const set: Partial<typeof users.$inferInsert> = {};
        if (b.btcWallet !== undefined) set.btcWalletAddress = b.btcWallet;
        if (b.ethWallet !== undefined) set.ethWalletAddress = b.ethWallet;
        if (b.bank)
          Object.assign(set, {
            bankAccountHolder: b.bank.accountHolder,
            bankName: b.bank.bankName,
            bankAccountNumber: b.bank.accountNumber,
            bankSwift: b.bank.swift.toUpperCase(),
          });
        const changed =
          (set.btcWalletAddress !== undefined && set.btcWalletAddress !== user.btcWalletAddress) ||
          (set.ethWalletAddress !== undefined && set.ethWalletAddress !== user.ethWalletAddress) ||
          (b.bank !== undefined &&
            [user.bankAccountHolder, user.bankName, user.bankAccountNumber, user.bankSwift].join('\n') !==
              [set.bankAccountHolder, set.bankName, set.bankAccountNumber, set.bankSwift].join('\n'));
        let row = user;
        if (changed) {
          // A new destination pauses withdrawals for the hold: a stolen session cannot redirect money at once.
          const holdUntil = new Date(now.getTime() + (await ctx.settings.get()).securityHoldHours * 3_600_000);
          [row] = (await ctx.db
            .update(users)
            .set({ ...set, securityHoldUntil: holdUntil, updatedAt: now })
            .where(eq(users.id, user.id))
            .returning()) as [typeof user];
          await recordActivity(ctx.db, {
            userId: caller.userId,
            action: 'Changed payout details',
            client: clientInfo(request),
          });
        }
        return { message: PayoutMsg.updated, profile: toProfile(row) };
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Users for staff lists and selects, searchable by name, user name or email',
          querystring: zPageQuery.extend(zUserListQuery.shape),
          response: { 200: zPage(zUserSummary), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const q = request.query;
        const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        const where: SQL | undefined = and(
          isNull(users.deletedAt),
          term
            ? or(
                ilike(users.userName, term),
                ilike(users.email, term),
                ilike(users.firstName, term),
                ilike(users.lastName, term),
              )
            : undefined,
        );
        return paged(
          q,
          async () => (await ctx.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
          async (limit, offset) =>
            (await ctx.db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset)).map(
              (u) => ({
                id: u.id,
                userName: u.userName,
                firstName: u.firstName,
                lastName: u.lastName,
                email: u.email,
                role: u.role,
                status: u.status,
                createdAt: u.createdAt.toISOString(),
              }),
            ),
        );
      },
    );
  };
}
