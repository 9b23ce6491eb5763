import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityApi } from '../../../contract/activity';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { listActivity, listUserActivity } from './queries';
import { recordActivity } from './service';

export function activityRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      activityApi.record,
      async ({ body, caller }, request) => {
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: body.action,
          client: clientInfo(request),
          path: body.path,
          // What a browser reports is a page view, so it can never pose as a sign-in.
          kind: 'page_view',
        });
        return { message: 'Activity logged' };
      },
      { config: perIp(120, 1) },
    );
    serve(app, activityApi.all, ({ query }) => listActivity(ctx.db, query));
    serve(app, activityApi.ofUser, ({ params, query, caller }) => listUserActivity(ctx.db, caller, params.id, query));
  };
}
