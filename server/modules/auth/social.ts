import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SiteSettings, SocialProvider } from '../../../contract/settings';
import { SocialMsg, type SocialOutcome } from '../../../contract/social';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secrets';
import {
  authorizeUrl,
  exchangeCode,
  fetchVerifiedEmail,
  newAuthorization,
  OAuthError,
  type OAuthClient,
  type OAuthEndpoints,
} from '../../integrations/oauth';
import { signInUser, type LoginClient, type LoginDeps, type LoginResult } from './service';

/** The state and PKCE verifier travel in this cookie, sealed with the app secret, for 10 minutes. */
export const SOCIAL_STATE_COOKIE = 'oauth_state';
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;

interface SealedState {
  provider: SocialProvider;
  state: string;
  verifier: string;
  expiresAt: number;
}

/** The provider's OAuth client when an admin enabled it and gave its id and secret; else null. */
export function providerClient(settings: SiteSettings, provider: SocialProvider, siteBase: string): OAuthClient | null {
  if (!settings.socialProviders.includes(provider)) return null;
  const clientId = settings[`${provider}ClientId`];
  const clientSecret = settings[`${provider}ClientSecret`];
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, redirectUri: `${siteBase}/api/auth/${provider}/callback` };
}

/** Where to send the browser to sign in with `provider`, and the sealed state cookie to set. */
export function startSocialLogin(
  box: SecretBox,
  provider: SocialProvider,
  client: OAuthClient,
  endpoints: OAuthEndpoints,
  now: Date,
): { url: string; cookie: string } {
  const auth = newAuthorization();
  const sealed: SealedState = {
    provider,
    state: auth.state,
    verifier: auth.verifier,
    expiresAt: now.getTime() + SOCIAL_STATE_TTL_MS,
  };
  return { url: authorizeUrl(provider, endpoints, client, auth), cookie: box.encrypt(JSON.stringify(sealed)) };
}

function openState(box: SecretBox, cookie: string | undefined): SealedState | null {
  if (!cookie) return null;
  try {
    return JSON.parse(box.decrypt(cookie)) as SealedState;
  } catch {
    return null;
  }
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X' };

export type SocialResult = { kind: 'signed_in'; result: LoginResult } | { kind: 'refused'; outcome: SocialOutcome };

/**
 * The provider's callback: the state must be the one this browser was given (no login CSRF),
 * the code is traded for a token, and the provider's verified email must belong to an account
 * here. The account then signs in exactly as after a password: suspended refused, second
 * factor when enabled, device limit. Social sign-in never creates an account: registration
 * needs what a provider does not vouch for (age, agreement, disclaimer).
 */
export async function finishSocialLogin(
  deps: LoginDeps,
  input: {
    provider: SocialProvider;
    client: OAuthClient;
    endpoints: OAuthEndpoints;
    code?: string;
    state?: string;
    cookie?: string;
    rememberMe: boolean;
  },
  client: LoginClient,
): Promise<SocialResult> {
  const refused = (outcome: SocialOutcome): SocialResult => ({ kind: 'refused', outcome });
  const sealed = openState(deps.box, input.cookie);
  if (
    !sealed ||
    sealed.provider !== input.provider ||
    sealed.expiresAt < client.now.getTime() ||
    !input.state ||
    !sameText(sealed.state, input.state)
  )
    return refused('expired');
  if (!input.code) return refused('cancelled');

  let email: string | null;
  try {
    const token = await exchangeCode(input.provider, input.endpoints, input.client, input.code, sealed.verifier);
    email = await fetchVerifiedEmail(input.provider, input.endpoints, token);
  } catch (err) {
    if (err instanceof OAuthError) return refused('provider_failed');
    throw err;
  }
  if (!email) return refused('no_verified_email');

  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return refused('no_account');
  try {
    return {
      kind: 'signed_in',
      result: await signInUser(deps, user, input.rememberMe, client, {
        action: `Logged in with ${providerNames[input.provider]}`,
      }),
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'ACCOUNT_SUSPENDED') return refused('suspended');
    if (err instanceof AppError && err.code === 'EMAIL_NOT_VERIFIED') return refused('email_not_verified');
    if (err instanceof AppError && err.code === 'DEVICE_LIMIT_REACHED') return refused('device_limit');
    throw err;
  }
}

export { SocialMsg };
