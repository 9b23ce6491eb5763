import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthMsg, authApi } from '../../../contract/auth';
import type { ServerContext } from '../../context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { bodyField, factorOf, perAccount, perIp } from '../../plugins/limits';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { requestPasswordReset, resetPassword } from '../users/password';
import { LoginGuard, scaledLockout, TooManyFailures } from './lockout';
import { login, loginWithSecondFactor, logout, type LoginResult } from './service';

export function authRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const loginDeps = async () => {
      const settings = await ctx.settings.get();
      return {
        db: ctx.db,
        box: ctx.box,
        requireVerifiedEmail: settings.requireVerifiedEmailToLogin,
        requireStaffSecondFactor: settings.requireStaffSecondFactor,
      };
    };
    const finish = (result: LoginResult, request: FastifyRequest, reply: FastifyReply) => {
      if (result.kind === 'session')
        setSessionCookie(reply, request, result.token, result.rememberMe, result.ttlMs, ctx.publicUrl);
      return result.response;
    };

    const guard = new LoginGuard(app.failureCounters, scaledLockout(factorOf(app)), ctx.log);
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof TooManyFailures) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    // Wrong passwords are limited by the guard (lockout.ts); the per-IP limit only stops floods.
    serve(
      app,
      authApi.login,
      async ({ body }, request, reply) => {
        const deps = { ...(await loginDeps()), guard };
        return finish(await login(deps, body, { ...clientInfo(request), now: ctx.now() }), request, reply);
      },
      { config: perIp(30, 1) },
    );
    serve(
      app,
      authApi.verify2fa,
      async ({ body }, request, reply) => {
        const result = await loginWithSecondFactor(await loginDeps(), body, { ...clientInfo(request), now: ctx.now() });
        return finish(result, request, reply);
      },
      { config: perIp(20, 1), preHandler: perAccount(app, 'verify2fa', 5, 5, bodyField('tempToken')) },
    );
    serve(app, authApi.logout, async ({ caller }, _request, reply) => {
      await logout(ctx.db, caller);
      clearSessionCookie(reply);
      return { message: AuthMsg.loggedOut };
    });
    serve(app, authApi.whoAmI, async ({ caller }) => ({
      token: { id: caller.userId, role: caller.role, deviceId: caller.deviceId },
      user: {
        id: caller.userId,
        userName: caller.userName,
        role: caller.role,
        locale: caller.locale,
        secondFactorRequired: caller.secondFactorMissing ?? false,
      },
    }));
    serve(
      app,
      authApi.requestReset,
      async ({ body }) => {
        requestPasswordReset(ctx, body.userName);
        return { message: AuthMsg.resetSent };
      },
      { config: perIp(10, 15), preHandler: perAccount(app, 'reset', 5, 60, bodyField('userName')) },
    );
    serve(
      app,
      authApi.resetPassword,
      async ({ params, body }) => {
        await resetPassword(ctx, params.token, body.newPassword);
        return { message: AuthMsg.resetOk };
      },
      { config: perIp(10, 15) },
    );
  };
}
