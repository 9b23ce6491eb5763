import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMsg, contactApi } from '../../../contract/contact';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { listContactMessages, submitContactMessage } from './service';

export function contactRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(
      app,
      contactApi.send,
      async ({ body }, request) => {
        const { ip, userAgent } = clientInfo(request);
        const { id } = await submitContactMessage(
          { db: ctx.db, mailer: ctx.mailer, settings: () => ctx.settings.get(), log: request.log },
          { ...body, ip, userAgent },
        );
        return { message: ContactMsg.success, id };
      },
      // A person writes a few messages at most; more from one address is a flood.
      { config: perIp(5, 15) },
    );
    serve(app, contactApi.list, ({ query }) => listContactMessages(ctx.db, query));
  };
}
