import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SecurityHoldMsg, UsersMsg, securityHoldApi, usersApi } from '../../../contract/users';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { createUserByAdmin, deleteUser, listManagedUsers, listUserSummaries, setUserStatus } from './manage';
import { changeSecurityHold } from './security-hold';

/** Manage users (spec §2): the staff lists; create, status toggle and delete for admins. */
export function manageUserRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, usersApi.managed, ({ query }) => listManagedUsers(ctx.db, query));
    serve(app, usersApi.summaries, ({ query }) => listUserSummaries(ctx.db, query));
    serve(app, usersApi.create, async ({ body, caller }, request) => ({
      message: UsersMsg.created,
      user: await createUserByAdmin(ctx.db, auditActor(caller, request), body),
    }));
    serve(app, usersApi.setStatus, async ({ params, body, caller }, request) => ({
      message: UsersMsg.statusUpdated,
      user: await setUserStatus(ctx.db, auditActor(caller, request), params.id, body),
    }));
    serve(app, usersApi.remove, async ({ params, caller }, request) => {
      const { soft } = await deleteUser(ctx.db, auditActor(caller, request), params.id, ctx.now());
      return { userId: params.id, message: UsersMsg.deleted, soft };
    });
    serve(app, securityHoldApi.change, async ({ params, body, caller }, request) => {
      const actor = auditActor(caller, request);
      const { securityHoldUntil } = await changeSecurityHold(
        ctx.db,
        actor,
        params.id,
        body,
        ctx.now(),
        clientInfo(request),
      );
      return {
        message: securityHoldUntil ? SecurityHoldMsg.shortened : SecurityHoldMsg.ended,
        securityHoldUntil: securityHoldUntil?.toISOString() ?? null,
      };
    });
  };
}
