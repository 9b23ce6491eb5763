import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zActivityLogPage, zRecordActivityBody } from '../../../contract/activity';
import { zMessage } from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { listActivity, listUserActivity } from './queries';
import { recordActivity } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 429: zErrorBody };

export function activityRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/activity/logs',
      {
        config: perIp(120, 1),
        schema: {
          tags: ['activity'],
          summary: 'Record a page visit of the caller',
          body: zRecordActivityBody,
          response: { 201: zMessage, ...errors },
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
          response: { 200: zActivityLogPage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listActivity(ctx.db, request.query);
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
          response: { 200: zActivityLogPage, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return listUserActivity(ctx.db, caller, request.params.id, request.query);
      },
    );
  };
}
