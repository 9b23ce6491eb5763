import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zDisconnectAllBody, zDisconnectBody, zMessage } from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import { zDeviceSessionList, zLiveSessionPage } from '../../../contract/sessions';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { requireStaff, requireUser } from '../../plugins/auth';
import { deviceSessionsOf, listLiveSessions } from './queries';
import { disconnectAllSessions, disconnectSession } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 422: zErrorBody, 429: zErrorBody };

export function sessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/device-sessions/:id',
      {
        schema: {
          tags: ['sessions'],
          summary: "A user's live device sessions (own, or any for staff)",
          params: zIdParam,
          response: { 200: zDeviceSessionList, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return deviceSessionsOf(ctx.db, caller, request.params.id, ctx.now());
      },
    );

    app.get(
      '/users/device-sessions',
      {
        schema: {
          tags: ['sessions'],
          summary: 'All live sessions (staff)',
          querystring: zPageQuery,
          response: { 200: zLiveSessionPage, ...errors },
        },
      },
      async (request) => {
        const caller = requireStaff(request);
        return listLiveSessions(ctx.db, caller, request.query, ctx.now());
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
        await disconnectSession(ctx.db, {
          auth: request.auth,
          ip: request.ip,
          sessionId: request.params.id,
          loginChallenge: request.body?.loginChallenge,
          now: ctx.now(),
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
        await disconnectAllSessions(ctx.db, {
          auth: request.auth,
          loginChallenge: request.body.loginChallenge,
          now: ctx.now(),
        });
        return { message: 'All devices disconnected successfully' };
      },
    );
  };
}
