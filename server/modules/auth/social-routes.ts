import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../contract/settings';
import { siteLinkBase, type ServerContext } from '../../context';
import type { OAuthEndpoints } from '../../integrations/oauth';
import { setSessionCookie } from '../../plugins/auth';
import { perIp } from '../../plugins/limits';
import { clientInfo } from '../../lib/client-info';
import { recordActivity } from '../activity/service';
import {
  finishSocialLogin,
  providerClient,
  SOCIAL_STATE_COOKIE,
  SOCIAL_STATE_TTL_MS,
  startSocialLogin,
} from './social';

const zProvider = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
const zCallback = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});
const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X' };

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

    app.get(
      '/auth/:provider',
      {
        config: perIp(30, 15),
        schema: {
          tags: ['auth'],
          summary: 'Start signing in with a social provider (redirects to it)',
          params: zProvider,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const client = providerClient(await ctx.settings.get(), provider, await siteLinkBase(ctx));
        if (!client) return reply.redirect('/login?social=unavailable');
        const { url, cookie } = startSocialLogin(ctx.box, provider, client, endpoints[provider], ctx.now());
        reply.setCookie(SOCIAL_STATE_COOKIE, cookie, {
          ...cookieOptions(isSecure(request.protocol)),
          maxAge: SOCIAL_STATE_TTL_MS / 1000,
        });
        return reply.redirect(url);
      },
    );

    app.get(
      '/auth/:provider/callback',
      {
        config: perIp(30, 15),
        schema: {
          tags: ['auth'],
          summary: "The social provider's return: signs in the account with that verified email",
          params: zProvider,
          querystring: zCallback,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const settings = await ctx.settings.get();
        const client = providerClient(settings, provider, await siteLinkBase(ctx));
        const cookie = request.cookies[SOCIAL_STATE_COOKIE];
        reply.clearCookie(SOCIAL_STATE_COOKIE, cookieOptions(isSecure(request.protocol)));
        if (!client) return reply.redirect('/login?social=unavailable');
        const outcome = await finishSocialLogin(
          { db: ctx.db, box: ctx.box, requireVerifiedEmail: settings.requireVerifiedEmailToLogin },
          {
            provider,
            client,
            endpoints: endpoints[provider],
            code: request.query.error ? undefined : request.query.code,
            state: request.query.state,
            cookie,
            rememberMe: false,
          },
          { ip: request.ip, userAgent: request.headers['user-agent'], now: ctx.now() },
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
        await recordActivity(ctx.db, {
          userId: result.userId,
          action: `Logged in with ${providerNames[provider]}`,
          client: clientInfo(request),
        });
        const user = result.response.user;
        return reply.redirect(
          user.role === 'user' ? `/app/${encodeURIComponent(user.userName)}/dashboard` : '/app/admin/dashboard',
        );
      },
    );
  };
}
