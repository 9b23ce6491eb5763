import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileMsg, UsersMsg, usersApi } from '../../../contract/users';
import { siteLinkBase, type ServerContext } from '../../context';
import { loadUserFor } from '../../lib/auth-context';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import { bodyField, perAccount, perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import { sendAccountMail, type MailRecipient } from './emails';
import { setUserLocale } from './locale';
import { changePassword } from './password';
import { toProfile, updateProfile } from './profile';
import { RegisterMsg, confirmEmailLink, registerUser, reissueConfirmation } from './register';

export function userRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const sendConfirmation = async (user: MailRecipient, token: string) => {
    const link = `${await siteLinkBase(ctx)}/verify/confirm-email/${token}`;
    await sendAccountMail(ctx, 'account.confirmEmail', user, link);
  };

  return async (app) => {
    serve(
      app,
      usersApi.register,
      async ({ body }, request) => {
        const { userId, token } = await registerUser(ctx.db, body, request.ip, ctx.now());
        await sendConfirmation(body, token);
        return { message: RegisterMsg.ok, user: { id: userId, userName: body.userName, email: body.email } };
      },
      { config: perIp(30, 60) },
    );

    serve(
      app,
      usersApi.confirmEmail,
      async ({ params }) => {
        await confirmEmailLink(ctx.db, params.token, ctx.now());
        return { message: 'Email confirmed successfully' };
      },
      { config: perIp(30, 15) },
    );

    serve(
      app,
      usersApi.resendConfirmation,
      async ({ body }) => {
        // The answer is the same for any address, so it does not wait for the lookup.
        setImmediate(() => {
          (async () => {
            const found = await reissueConfirmation(ctx.db, body.email, ctx.now());
            if (found) await sendConfirmation(found.user, found.token);
          })().catch((err: unknown) => ctx.log.error({ err }, 'resend confirmation failed'));
        });
        return { message: 'Verification email has been resent. Please check your inbox.' };
      },
      { config: perIp(10, 15), preHandler: perAccount(app, 'resend', 5, 60, bodyField('email')) },
    );

    serve(app, usersApi.setLocale, async ({ body, caller }) => {
      await setUserLocale(ctx.db, caller.userId, body.locale);
      return { locale: body.locale };
    });

    serve(app, usersApi.profile, async ({ params, caller }) =>
      toProfile(await loadUserFor(ctx.db, caller, params.id, 'read')),
    );

    serve(app, usersApi.updateProfile, async ({ params, body, caller }, request) => {
      const user = await updateProfile(ctx.db, caller, params.id, body, {
        now: ctx.now(),
        holdMs: (await ctx.settings.get()).securityHoldHours * 3_600_000,
        actor: auditActor(caller, request),
        client: clientInfo(request),
      });
      return { message: caller.userId === params.id ? ProfileMsg.updated : UsersMsg.updated, user };
    });

    serve(
      app,
      usersApi.changePassword,
      async ({ params, body, caller }, request) => {
        const change = { current: body.currentPassword, next: body.newPassword };
        await changePassword(ctx, caller, params.id, change, clientInfo(request));
        return { message: ProfileMsg.passwordUpdated };
      },
      { config: perIp(10, 15) },
    );
  };
}
