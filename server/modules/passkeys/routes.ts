import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PasskeyMsg, passkeysApi } from '../../../contract/passkeys';
import type { ServerContext } from '../../context';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { setSessionCookie } from '../../plugins/auth';
import { perAccount, perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import { relyingPartyOf, requireRelyingParty } from './relying-party';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removalOptions,
  removePasskey,
  type PasskeyChange,
} from './service';
import { signInOptions, signInWithPasskey } from './sign-in';

/** The credential a sign-in answers with, as the per-account limit's key. */
const credentialOf = (request: FastifyRequest) => {
  const id = (request.body as { response?: { id?: unknown } } | null | undefined)?.response?.id;
  return typeof id === 'string' ? id.slice(0, 200) : null;
};

/** Passkeys: the caller's own (list, add, remove) and signing in with one. */
export function passkeyRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const rp = relyingPartyOf(ctx.publicUrl);
  // As two-factor setup: a person adds or removes a passkey now and then, never in bulk.
  const limited = { config: perIp(10, 15) };

  return async (app) => {
    const change = async (caller: AuthContext, request: FastifyRequest): Promise<PasskeyChange> => {
      const now = ctx.now();
      const { securityHoldHours } = await ctx.settings.get();
      return {
        now,
        holdUntil: new Date(now.getTime() + securityHoldHours * 3_600_000),
        client: clientInfo(request),
        actor: auditActor(caller, request),
      };
    };

    serve(app, passkeysApi.list, async ({ caller }) => ({ data: await listPasskeys(ctx.db, caller.userId) }));

    serve(
      app,
      passkeysApi.registrationOptions,
      async ({ caller }) => {
        const user = await loadUserFor(ctx.db, caller, caller.userId, 'write');
        const { siteName } = await ctx.settings.get();
        return registrationOptions(ctx.db, requireRelyingParty(rp), user, siteName, ctx.now());
      },
      limited,
    );

    serve(
      app,
      passkeysApi.add,
      async ({ body, caller }, request) => {
        const passkey = await addPasskey(ctx.db, requireRelyingParty(rp), caller, body, await change(caller, request));
        return { message: PasskeyMsg.added, passkey };
      },
      limited,
    );

    serve(
      app,
      passkeysApi.removalOptions,
      async ({ params, caller }) =>
        removalOptions(ctx.db, requireRelyingParty(rp), caller.userId, params.id, ctx.now()),
      limited,
    );

    serve(
      app,
      passkeysApi.remove,
      async ({ params, body, caller }, request) => {
        await removePasskey(ctx.db, rp, caller, params.id, body, await change(caller, request));
        return { message: PasskeyMsg.removed };
      },
      limited,
    );

    // Limited as the password sign-in's floods are: per address, and per passkey answered with.
    serve(app, passkeysApi.signInOptions, async () => signInOptions(ctx.db, requireRelyingParty(rp), ctx.now()), {
      config: perIp(30, 1),
    });

    serve(
      app,
      passkeysApi.signIn,
      async ({ body }, request, reply) => {
        const settings = await ctx.settings.get();
        const result = await signInWithPasskey(
          {
            db: ctx.db,
            box: ctx.box,
            rp: requireRelyingParty(rp),
            requireVerifiedEmail: settings.requireVerifiedEmailToLogin,
            requireStaffSecondFactor: settings.requireStaffSecondFactor,
          },
          body,
          { ...clientInfo(request), now: ctx.now() },
        );
        if (result.kind === 'session')
          setSessionCookie(reply, request, result.token, result.rememberMe, result.ttlMs, ctx.publicUrl);
        return result.response;
      },
      {
        config: perIp(30, 1),
        preHandler: perAccount(app, 'passkey', 10, 5, credentialOf),
      },
    );
  };
}
