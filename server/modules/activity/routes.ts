import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { zErrorBody } from '../../../contract/errors';
import { pageOf, zIdParam, zPage, zPageQuery } from '../../../contract/pagination';
import { activityLogs } from '../../db/schema';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { loadUserFor } from '../../lib/auth-context';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from './service';

export const zActivityLog = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  action: z.string(),
  deviceInfo: z.object({
    method: z.string(),
    path: z.string(),
    browser: z.string(),
    os: z.string(),
    device: z.string(),
  }),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 429: zErrorBody };

export function activityRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const page = async (where: SQL | undefined, q: { page: number; limit: number }) => {
    const [total] = await ctx.db.select({ n: count() }).from(activityLogs).where(where);
    const rows = await ctx.db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const data = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      action: r.action,
      deviceInfo: { method: r.method, path: r.path, browser: r.browser, os: r.os, device: r.device },
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    }));
    return pageOf(data, total?.n ?? 0, q);
  };

  return async (app) => {
    app.post(
      '/activity/logs',
      {
        config: perIp(120, 1),
        schema: {
          tags: ['activity'],
          summary: 'Record a page visit of the caller',
          body: z.object({ action: z.string().trim().min(1).max(200), path: z.string().max(500).optional() }),
          response: { 201: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: request.body.action,
          client: clientInfo(request),
          path: request.body.path,
        });
        return reply.status(201).send({ message: 'Activity logged' });
      },
    );
    app.get(
      '/activity/logs',
      {
        schema: {
          tags: ['activity'],
          summary: 'Every activity log (staff)',
          querystring: zPageQuery,
          response: { 200: zPage(zActivityLog), ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return page(undefined, request.query);
      },
    );
    app.get(
      '/users/logs/:id',
      {
        schema: {
          tags: ['activity'],
          summary: "A user's activity (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery,
          response: { 200: zPage(zActivityLog), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'read');
        return page(eq(activityLogs.userId, user.id), request.query);
      },
    );
  };
}
