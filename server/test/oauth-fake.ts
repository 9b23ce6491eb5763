import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocialProvider } from '../../contract/settings';
import type { OAuthEndpoints } from '../integrations/oauth';

interface Grant {
  challenge: string;
  clientId: string;
  redirectUri: string;
  email: string;
  verified: boolean;
}

/**
 * A small OAuth 2 provider on loopback that speaks like Google, Facebook or X: the test plays
 * the user at the consent screen with `approve`, then the app's callback trades the code
 * (client secret and PKCE verifier checked) and reads the user's email.
 */
export async function startOAuthFake(provider: SocialProvider, client: { id: string; secret: string }) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const calls = { token: 0, userinfo: 0 };
  /** When set, GET /authorize consents at once as this user (browser tests drive it with POST /control/approve-as). */
  let autoApprove: { email: string; verified: boolean } | null = null;
  const grantCode = (u: URL, email: string, verified: boolean): string => {
    const code = randomBytes(12).toString('hex');
    grants.set(code, {
      challenge: u.searchParams.get('code_challenge') ?? '',
      clientId: u.searchParams.get('client_id') ?? '',
      redirectUri: u.searchParams.get('redirect_uri') ?? '',
      email,
      verified,
    });
    const back = new URL(u.searchParams.get('redirect_uri')!);
    back.search = new URLSearchParams({ code, state: u.searchParams.get('state') ?? '' }).toString();
    return back.toString();
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/control/approve-as') {
        autoApprove = JSON.parse(raw) as { email: string; verified: boolean };
        return json(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/authorize') {
        if (!autoApprove || url.searchParams.get('client_id') !== client.id)
          return json(400, { error: 'unauthorized_client' });
        res.writeHead(302, { location: grantCode(url, autoApprove.email, autoApprove.verified) });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        calls.token++;
        const form = new URLSearchParams(raw);
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
          : null;
        const [id, secret] =
          provider === 'twitter' ? (basic ?? []) : [form.get('client_id'), form.get('client_secret')];
        const grant = grants.get(form.get('code') ?? '');
        if (id !== client.id || secret !== client.secret) return json(401, { error: 'invalid_client' });
        const verifier = form.get('code_verifier') ?? '';
        if (
          !grant ||
          grant.redirectUri !== form.get('redirect_uri') ||
          createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
        )
          return json(400, { error: 'invalid_grant' });
        grants.delete(form.get('code')!);
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant);
        return json(200, { access_token: token, token_type: 'bearer' });
      }
      if (req.method === 'GET' && url.pathname === '/userinfo') {
        calls.userinfo++;
        const grant = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
        if (!grant) return json(401, { error: 'invalid_token' });
        if (provider === 'google') return json(200, { sub: '1', email: grant.email, email_verified: grant.verified });
        if (provider === 'facebook') return json(200, grant.verified ? { id: '1', email: grant.email } : { id: '1' });
        return json(200, {
          data: { id: '1', username: 'x', ...(grant.verified ? { confirmed_email: grant.email } : {}) },
        });
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoints: OAuthEndpoints = {
    authorize: `${base}/authorize`,
    token: `${base}/token`,
    userinfo: `${base}/userinfo`,
  };
  return {
    endpoints,
    calls,
    /** The user consents at the provider: answers the callback URL (path and query) the browser would be sent to. */
    approve(authorizeUrl: string, email: string, verified = true): string {
      const back = new URL(grantCode(new URL(authorizeUrl), email, verified));
      return back.pathname + back.search;
    },
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
