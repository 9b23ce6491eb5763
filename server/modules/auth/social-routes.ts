import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '../../../contract/auth';
import type { SocialProvider } from '../../../contract/settings';
import { siteLinkBase, type ServerContext } from '../../context';
import type { OAuthEndpoints } from '../../integrations/oauth';
import { setSessionCookie } from '../../plugins/auth';
import { perIp } from '../../plugins/limits';
import { clientInfo } from '../../lib/client-info';
import { serve } from '../../lib/route';
import {
  finishSocialLogin,
  providerClient,
  SOCIAL_STATE_COOKIE,
  SOCIAL_STATE_TTL_MS,
  startSocialLogin,
} from './social';

/**
 * Sign-in with Google, Facebook or X (OAuth 2 authorization code with PKCE). These are
 * browser navigations, so every answer is a redirect: to the provider, then back into the
 * app signed in, to the second-factor screen, or to /login?social=<reason>.
 */
export function socialAuthRoutes(
  ctx: ServerContext,
  endpoints: Record<SocialProvider, OAuthEndpoints>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const cookieOptions = (secure: boolean) => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      path: '/api/auth',
    });
    const isSecure = (protocol: string) => protocol === 'https' || (ctx.publicUrl?.startsWith('https://') ?? false);

    serve(
      app,
      authApi.socialStart,
      async ({ params: { provider } }, request, reply) => {
        const client = providerClient(await ctx.settings.get(), provider, await siteLinkBase(ctx));
        if (!client) return reply.redirect('/login?social=unavailable');
        const { url, cookie } = startSocialLogin(ctx.box, provider, client, endpoints[provider], ctx.now());
        reply.setCookie(SOCIAL_STATE_COOKIE, cookie, {
          ...cookieOptions(isSecure(request.protocol)),
          maxAge: SOCIAL_STATE_TTL_MS / 1000,
        });
        return reply.redirect(url);
      },
      { config: perIp(30, 15) },
    );

    serve(
      app,
      authApi.socialCallback,
      async ({ params: { provider }, query }, request, reply) => {
        const settings = await ctx.settings.get();
        const client = providerClient(settings, provider, await siteLinkBase(ctx));
        const cookie = request.cookies[SOCIAL_STATE_COOKIE];
        reply.clearCookie(SOCIAL_STATE_COOKIE, cookieOptions(isSecure(request.protocol)));
        if (!client) return reply.redirect('/login?social=unavailable');
        const outcome = await finishSocialLogin(
          {
            db: ctx.db,
            box: ctx.box,
            requireVerifiedEmail: settings.requireVerifiedEmailToLogin,
            requireStaffSecondFactor: settings.requireStaffSecondFactor,
          },
          {
            provider,
            client,
            endpoints: endpoints[provider],
            code: query.error ? undefined : query.code,
            state: query.state,
            cookie,
            rememberMe: false,
          },
          { ...clientInfo(request), now: ctx.now() },
        );
        if (outcome.kind === 'refused') return reply.redirect(`/login?social=${outcome.outcome}`);
        const { result } = outcome;
        if (result.kind === 'two_factor') {
          // The fragment never reaches a server log; the OTP screen picks the pending step up from it.
          const pending = Buffer.from(
            JSON.stringify({ tempToken: result.response.tempToken, user: result.response.user }),
          ).toString('base64url');
          return reply.redirect(`/auth/otp-verify#social=${pending}`);
        }
        setSessionCookie(reply, request, result.token, result.rememberMe, result.ttlMs, ctx.publicUrl);
        const user = result.response.user;
        return reply.redirect(
          user.role === 'user' ? `/app/${encodeURIComponent(user.userName)}/dashboard` : '/app/admin/dashboard',
        );
      },
      { config: perIp(30, 15) },
    );
  };
}
