import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionsApi } from '../../../contract/sessions';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { deviceSessionsOf, listLiveSessions } from './queries';
import { disconnectAllSessions, disconnectSession } from './service';

export function sessionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, sessionsApi.ofUser, ({ params, caller }) => deviceSessionsOf(ctx.db, caller, params.id, ctx.now()));
    serve(app, sessionsApi.all, ({ query, caller }) => listLiveSessions(ctx.db, caller, query, ctx.now()));
    serve(
      app,
      sessionsApi.disconnect,
      async ({ params, body, caller }, request) => {
        await disconnectSession(ctx.db, {
          auth: caller,
          client: clientInfo(request),
          sessionId: params.id,
          loginChallenge: body?.loginChallenge,
          now: ctx.now(),
        });
        return { message: 'Device disconnected successfully' };
      },
      { config: perIp(30, 15) },
    );
    serve(
      app,
      sessionsApi.disconnectAll,
      async ({ body, caller }, request) => {
        await disconnectAllSessions(ctx.db, {
          auth: caller,
          client: clientInfo(request),
          loginChallenge: body.loginChallenge,
          now: ctx.now(),
        });
        return { message: 'All devices disconnected successfully' };
      },
      { config: perIp(20, 15) },
    );
  };
}
