import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import { zDeviceSession, zDisconnectAllBody, zDisconnectBody, zMessage } from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { pageOf, zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { deviceSessions, users } from '../../db/schema';
import type { ServerContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { findChallenge } from '../auth/challenges';
import { auditActor, recordAudit } from '../audit/service';
import { loadUserFor } from '../../lib/auth-context';
import { listUserSessions, toDeviceSession } from './views';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 422: zErrorBody, 429: zErrorBody };
const badChallenge = () => new AppError('INVALID_CHALLENGE', 'Your login attempt has expired. Please sign in again.');

export function sessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/device-sessions/:id',
      {
        schema: {
          tags: ['sessions'],
          summary: "A user's live device sessions (own, or any for staff)",
          params: zIdParam,
          response: { 200: z.object({ data: z.array(zDeviceSession) }), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'read');
        return { data: await listUserSessions(ctx.db, user.id, ctx.now(), caller.sessionId) };
      },
    );

    app.get(
      '/users/device-sessions',
      {
        schema: {
          tags: ['sessions'],
          summary: 'All live sessions (staff)',
          querystring: zPageQuery,
          response: { 200: zPage(zDeviceSession.extend({ userId: z.number(), userName: z.string() })), ...errors },
        },
      },
      async (request) => {
        const caller = requireStaff(request);
        const q = request.query;
        const live = gt(deviceSessions.expiresAt, ctx.now());
        const [total] = await ctx.db.select({ n: count() }).from(deviceSessions).where(live);
        const rows = await ctx.db
          .select({ s: deviceSessions, userName: users.userName })
          .from(deviceSessions)
          .innerJoin(users, eq(users.id, deviceSessions.userId))
          .where(live)
          .orderBy(desc(deviceSessions.lastActiveAt))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit);
        return pageOf(
          rows.map((r) => ({ ...toDeviceSession(r.s, caller.sessionId), userId: r.s.userId, userName: r.userName })),
          total?.n ?? 0,
          q,
        );
      },
    );

    app.delete(
      '/users/device-sessions/:id',
      {
        config: perIp(30, 15),
        schema: {
          tags: ['sessions'],
          summary: 'Disconnect one device (own other device, admin any, or during login with the loginChallenge)',
          params: zIdParam,
          body: zDisconnectBody,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const [target] = await ctx.db.select().from(deviceSessions).where(eq(deviceSessions.id, request.params.id));
        const challenge = request.body?.loginChallenge;
        if (request.auth) {
          if (!target) throw notFound('Session not found');
          if (target.id === request.auth.sessionId)
            throw new AppError('CURRENT_DEVICE', 'You cannot disconnect the current device');
          if (target.userId !== request.auth.userId && request.auth.role !== 'admin')
            throw notFound('Session not found');
        } else {
          if (!challenge) throw new AppError('UNAUTHENTICATED', 'User not logged in');
          const found = await findChallenge(ctx.db, challenge, 'device_limit', ctx.now());
          if (found.state !== 'ok') throw badChallenge();
          if (!target || target.userId !== found.userId) throw notFound('Session not found');
        }
        const auth = request.auth;
        await ctx.db.transaction(async (tx) => {
          await tx.delete(deviceSessions).where(eq(deviceSessions.id, target.id));
          // An admin ending someone else's session is a staff action.
          if (auth && target.userId !== auth.userId) {
            await recordAudit(tx, auditActor(auth, request), {
              action: 'session.disconnect',
              targetType: 'session',
              targetId: target.id,
              before: { sessionId: target.id, userId: target.userId, deviceId: target.deviceId },
            });
          }
        });
        return { message: 'Device disconnected successfully' };
      },
    );

    app.post(
      '/users/disconnect-all-devices',
      {
        config: perIp(20, 15),
        schema: {
          tags: ['sessions'],
          summary: 'Disconnect every other device (or all, during login with the loginChallenge)',
          body: zDisconnectAllBody,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        if (request.auth) {
          await ctx.db
            .delete(deviceSessions)
            .where(and(eq(deviceSessions.userId, request.auth.userId), ne(deviceSessions.id, request.auth.sessionId)));
        } else {
          const challenge = request.body.loginChallenge;
          if (!challenge) throw new AppError('UNAUTHENTICATED', 'User not logged in');
          const found = await findChallenge(ctx.db, challenge, 'device_limit', ctx.now());
          if (found.state !== 'ok') throw badChallenge();
          await ctx.db.delete(deviceSessions).where(eq(deviceSessions.userId, found.userId));
        }
        return { message: 'All devices disconnected successfully' };
      },
    );
  };
}
