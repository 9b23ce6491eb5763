import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zMessage } from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import {
  ProfileMsg,
  UsersMsg,
  zEmailTokenParams,
  zPasswordChange,
  zProfile,
  zProfileUpdate,
  zProfileUpdated,
  zRegistered,
  zRegistration,
  zResendConfirmation,
} from '../../../contract/users';
import { siteLinkBase, type ServerContext } from '../../context';
import { bodyField, perAccount, perIp } from '../../plugins/limits';
import { requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { auditActor } from '../audit/service';
import { confirmEmailMail } from './emails';
import { changePassword } from './password';
import { toProfile, updateProfile } from './profile';
import { loadUserFor } from '../../lib/auth-context';
import { RegisterMsg, confirmEmailLink, registerUser, reissueConfirmation } from './register';

const errors = {
  400: zErrorBody,
  401: zErrorBody,
  403: zErrorBody,
  404: zErrorBody,
  409: zErrorBody,
  422: zErrorBody,
  429: zErrorBody,
};

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const sendConfirmation = async (user: { email: string; firstName: string }, token: string) => {
    const s = await ctx.settings.get();
    await ctx.mailer.send(
      confirmEmailMail(
        s.siteName,
        user.email,
        user.firstName,
        `${await siteLinkBase(ctx)}/verify/confirm-email/${token}`,
      ),
    );
  };

  return async (app) => {
    app.post(
      '/users/register',
      {
        config: perIp(30, 60),
        schema: {
          tags: ['users'],
          summary: 'Register (starts inactive; a confirmation link is emailed)',
          body: zRegistration,
          response: { 201: zRegistered, ...errors },
        },
      },
      async (request, reply) => {
        const { userId, token } = await registerUser(ctx.db, request.body, request.ip, ctx.now());
        await sendConfirmation(request.body, token);
        return reply.status(201).send({
          message: RegisterMsg.ok,
          user: { id: userId, userName: request.body.userName, email: request.body.email },
        });
      },
    );

    app.get(
      '/users/confirm-email/:token',
      {
        config: perIp(30, 15),
        schema: {
          tags: ['users'],
          summary: 'Confirm an email address',
          params: zEmailTokenParams,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await confirmEmailLink(ctx.db, request.params.token, ctx.now());
        return { message: 'Email confirmed successfully' };
      },
    );

    app.post(
      '/users/resend-confirmation',
      {
        config: perIp(10, 15),
        preHandler: perAccount(app, 'resend', 5, 60, bodyField('email')),
        schema: {
          tags: ['users'],
          summary: 'Send the confirmation link again (same answer for any address)',
          body: zResendConfirmation,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const { email } = request.body;
        setImmediate(() => {
          (async () => {
            const found = await reissueConfirmation(ctx.db, email, ctx.now());
            if (found) await sendConfirmation(found.user, found.token);
          })().catch((err: unknown) => ctx.log.error({ err }, 'resend confirmation failed'));
        });
        return { message: 'Verification email has been resent. Please check your inbox.' };
      },
    );

    app.get(
      '/users/profile/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'A profile (own, or any for staff)',
          params: zIdParam,
          response: { 200: zProfile, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return toProfile(await loadUserFor(ctx.db, caller, request.params.id, 'read'));
      },
    );

    app.put(
      '/users/profile/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Edit a profile (own, or any for admins; role/status/verification/devices/2FA-off admin only)',
          params: zIdParam,
          body: zProfileUpdate,
          response: { 200: zProfileUpdated, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await updateProfile(ctx.db, caller, request.params.id, request.body, {
          now: ctx.now(),
          holdMs: (await ctx.settings.get()).securityHoldHours * 3_600_000,
          actor: auditActor(caller, request),
          client: clientInfo(request),
        });
        return { message: caller.userId === request.params.id ? ProfileMsg.updated : UsersMsg.updated, user };
      },
    );

    app.put(
      '/users/:id/password',
      {
        config: perIp(10, 15),
        schema: {
          tags: ['users'],
          summary: 'Change own password (ends other sessions)',
          params: zIdParam,
          body: zPasswordChange,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        await changePassword(
          ctx,
          caller,
          request.params.id,
          { current: request.body.currentPassword, next: request.body.newPassword },
          clientInfo(request),
        );
        return { message: ProfileMsg.passwordUpdated };
      },
    );
  };
}
