import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { zMessage } from '../../../contract/auth';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import {
  ProfileMsg,
  UsersMsg,
  zPasswordChange,
  zProfile,
  zProfileUpdate,
  zRegistration,
} from '../../../contract/users';
import { users } from '../../db/schema';
import { siteLinkBase, type ServerContext } from '../../context';
import { AppError } from '../../lib/errors';
import { bodyField, perAccount, perIp } from '../../plugins/limits';
import { requireUser } from '../../plugins/auth';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import { auditActor } from '../audit/service';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { confirmEmailMail } from './emails';
import { changePassword } from './password';
import { toProfile, updateProfile } from './profile';
import { loadUserFor } from '../../lib/auth-context';
import { RegisterMsg, confirmEmail, invalidLink, registerUser } from './register';

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
          response: {
            201: z.object({
              message: z.string(),
              user: z.object({ id: z.number(), userName: z.string(), email: z.string() }),
            }),
            ...errors,
          },
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
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const userId = await consumeEmailToken(ctx.db, request.params.token, 'confirm_email', ctx.now());
        if (!userId) throw invalidLink();
        await confirmEmail(ctx.db, userId);
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
          body: z.object({ email: z.string().trim().min(1).max(254) }),
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        const email = request.body.email.toLowerCase();
        setImmediate(() => {
          (async () => {
            const [user] = await ctx.db
              .select()
              .from(users)
              .where(eq(sql`lower(${users.email})`, email));
            if (!user || user.isEmailVerified || user.deletedAt) return;
            await sendConfirmation(user, await issueEmailToken(ctx.db, user.id, 'confirm_email', ctx.now()));
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
          response: { 200: z.object({ message: z.string(), user: zProfile }), ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const target = await loadUserFor(ctx.db, caller, request.params.id, 'write');
        const s = await ctx.settings.get();
        const user = await updateProfile(
          ctx.db,
          caller,
          target,
          request.body,
          ctx.now(),
          s.securityHoldHours * 3_600_000,
          auditActor(caller, request),
        );
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: caller.userId === target.id ? 'Updated profile' : `Updated profile of user ${target.id}`,
          client: clientInfo(request),
        });
        return { message: caller.userId === target.id ? ProfileMsg.updated : UsersMsg.updated, user };
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
        if (caller.userId !== request.params.id)
          throw new AppError('FORBIDDEN', 'You can only change your own password');
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'write');
        await changePassword(ctx, user, request.body.currentPassword, request.body.newPassword, caller.sessionId);
        await recordActivity(ctx.db, {
          userId: caller.userId,
          action: 'Changed password',
          client: clientInfo(request),
        });
        return { message: ProfileMsg.passwordUpdated };
      },
    );
  };
}
