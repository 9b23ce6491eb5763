import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportApi } from '../../../contract/support';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import {
  closeOwnConversation,
  inbox,
  postStaffReply,
  postUserMessage,
  setConversationStatus,
  staffThread,
  startConversation,
  userThread,
} from './service';

/** A person types; a script floods. */
const writeLimit = { config: perIp(30, 1) };

/**
 * The user's chat with staff (their own conversation only) and the staff inbox. Clients poll with `?after=<last
 * id>`.
 */
export function supportRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, supportApi.thread, ({ query, caller }) => userThread(ctx.db, caller.userId, query.after));
    serve(app, supportApi.start, ({ caller }) => startConversation(ctx.db, caller.userId, ctx.now()));
    serve(app, supportApi.close, ({ caller }) => closeOwnConversation(ctx.db, caller.userId, ctx.now()));
    serve(
      app,
      supportApi.write,
      ({ body, caller }) => postUserMessage(ctx.db, caller.userId, body.body, ctx.now()),
      writeLimit,
    );
    serve(app, supportApi.inbox, ({ query }) => inbox(ctx.db, query));
    serve(app, supportApi.staffThread, ({ params, query }) => staffThread(ctx.db, params.id, query.after));
    serve(
      app,
      supportApi.reply,
      ({ params, body, caller }, request) =>
        postStaffReply(ctx.db, auditActor(caller, request), params.id, body.body, ctx.now()),
      writeLimit,
    );
    serve(app, supportApi.setStatus, ({ params, body, caller }, request) =>
      setConversationStatus(ctx.db, auditActor(caller, request), params.id, body.status, ctx.now()),
    );
  };
}
