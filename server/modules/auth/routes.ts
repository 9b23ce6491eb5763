import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthMsg,
  zLoginRequest,
  zLoginResponse,
  zRequestReset,
  zResetPassword,
  zResetTokenParam,
  zVerify2faRequest,
  zVerifyAuthTokenResponse,
} from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { zMessage } from '../../../contract/route';
import type { ServerContext } from '../../context';
import { bodyField, perAccount, perIp } from '../../plugins/limits';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth';
import { login, loginWithSecondFactor, logout, type LoginResult } from './service';
import { clientInfo } from '../../lib/client-info';
import { requestPasswordReset, resetPassword } from '../users/password';

export function authRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 408: zErrorBody, 429: zErrorBody };

    const finish = (result: LoginResult, request: Parameters<typeof requireUser>[0], reply: FastifyReply) => {
      if (result.kind === 'session')
        setSessionCookie(reply, request, result.token, result.rememberMe, result.ttlMs, ctx.publicUrl);
      return result.response;
    };

    app.post(
      '/auth/login',
      {
        config: perIp(20, 1),
        preHandler: perAccount(app, 'login', 10, 15, bodyField('usernameOrEmail')),
        schema: {
          tags: ['auth'],
          summary: 'Log in with user name or email',
          body: zLoginRequest,
          response: { 200: zLoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const settings = await ctx.settings.get();
        const result = await login(
          { db: ctx.db, box: ctx.box, requireVerifiedEmail: settings.requireVerifiedEmailToLogin },
          request.body,
          { ...clientInfo(request), now: ctx.now() },
        );
        return finish(result, request, reply);
      },
    );

    app.post(
      '/auth/verify2fa',
      {
        config: perIp(20, 1),
        preHandler: perAccount(app, 'verify2fa', 5, 5, bodyField('tempToken')),
        schema: {
          tags: ['auth'],
          summary: 'Second login step with a TOTP or recovery code',
          body: zVerify2faRequest,
          response: { 200: zLoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const settings = await ctx.settings.get();
        const result = await loginWithSecondFactor(
          { db: ctx.db, box: ctx.box, requireVerifiedEmail: settings.requireVerifiedEmailToLogin },
          request.body,
          { ...clientInfo(request), now: ctx.now() },
        );
        return finish(result, request, reply);
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this device session', response: { 200: zMessage } } },
      async (request, reply) => {
        await logout(ctx.db, request.auth);
        clearSessionCookie(reply);
        return { message: AuthMsg.loggedOut };
      },
    );

    app.get(
      '/verify-auth-token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who the session belongs to',
          response: { 200: zVerifyAuthTokenResponse, 401: zErrorBody },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        return {
          token: { id: auth.userId, role: auth.role, deviceId: auth.deviceId },
          user: { id: auth.userId, userName: auth.userName, role: auth.role },
        };
      },
    );

    app.post(
      '/auth/request-reset',
      {
        config: perIp(10, 15),
        preHandler: perAccount(app, 'reset', 5, 60, bodyField('userName')),
        schema: {
          tags: ['auth'],
          summary: 'Email a password-reset link (same answer whether or not the account exists)',
          body: zRequestReset,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await requestPasswordReset(ctx, request.body.userName);
        return { message: AuthMsg.resetSent };
      },
    );

    app.post(
      '/auth/reset-password/:token',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link',
          params: zResetTokenParam,
          body: zResetPassword,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await resetPassword(ctx, request.params.token, request.body.newPassword);
        return { message: AuthMsg.resetOk };
      },
    );
  };
}
