import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailApi } from '../../../contract/mail';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { listOutbox, readOutboxMail } from './service';

export function mailRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, mailApi.outbox, ({ query }) => listOutbox(ctx.db, query));
    serve(app, mailApi.read, ({ params, caller }, request) =>
      readOutboxMail(ctx.db, ctx.box, caller, auditActor(caller, request), params.id),
    );
  };
}
