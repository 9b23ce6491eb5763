import { createHash, randomBytes } from 'node:crypto';
import type { SocialProvider } from '../../contract/settings';

/** Where a provider's OAuth 2 authorization, token and user endpoints are (tests point them at a loopback fake). */
export interface OAuthEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

export const OAUTH_ENDPOINTS: Record<SocialProvider, OAuthEndpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
    token: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/v19.0/me?fields=id,email',
  },
  twitter: {
    authorize: 'https://twitter.com/i/oauth2/authorize',
    token: 'https://api.twitter.com/2/oauth2/token',
    userinfo: 'https://api.twitter.com/2/users/me?user.fields=confirmed_email',
  },
};

const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email',
  facebook: 'email',
  twitter: 'users.read tweet.read users.email',
};

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export class OAuthError extends Error {}

/** A PKCE verifier and its S256 challenge (RFC 7636), and an unguessable state. */
export function newAuthorization(): { state: string; verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return {
    state: randomBytes(24).toString('base64url'),
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
  };
}

export function authorizeUrl(
  provider: SocialProvider,
  endpoints: OAuthEndpoints,
  client: OAuthClient,
  auth: { state: string; challenge: string },
): string {
  const url = new URL(endpoints.authorize);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: SCOPES[provider],
    state: auth.state,
    code_challenge: auth.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

async function fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new OAuthError(`provider unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new OAuthError(`provider answered ${res.status}`);
  return body;
}

/**
 * Trades the authorization code for an access token. X (Twitter) wants the client in HTTP
 * basic auth; Google and Facebook take it in the form.
 */
export async function exchangeCode(
  provider: SocialProvider,
  endpoints: OAuthEndpoints,
  client: OAuthClient,
  code: string,
  verifier: string,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: verifier,
    client_id: client.clientId,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (provider === 'twitter')
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
  else form.set('client_secret', client.clientSecret);
  const body = await fetchJson(endpoints.token, { method: 'POST', headers, body: form.toString() });
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new OAuthError('no access token in the answer');
  return body.access_token;
}

/** The account's email address when the provider vouches that it is verified, else null. */
export async function fetchVerifiedEmail(
  provider: SocialProvider,
  endpoints: OAuthEndpoints,
  accessToken: string,
): Promise<string | null> {
  const body = await fetchJson(endpoints.userinfo, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const email = (value: unknown) => (typeof value === 'string' && value.includes('@') ? value.toLowerCase() : null);
  switch (provider) {
    case 'google':
      return body.email_verified === true ? email(body.email) : null;
    case 'facebook':
      // Facebook only returns an address its owner has confirmed.
      return email(body.email);
    case 'twitter':
      return email((body.data as Record<string, unknown> | undefined)?.confirmed_email);
  }
}
