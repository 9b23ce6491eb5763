import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { AppError, adminRequired, unauthenticated } from '../lib/errors';
import type { AuthContext, Role } from '../lib/auth-context';
import { findSessionByToken, findSessionCached } from '../modules/sessions/service';
import type { SessionCache } from '../modules/sessions/cache';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const SESSION_COOKIE = 'LoginToken';

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] || null;
}

/** Routes that never read the caller: answered without the database, so also while it is down. */
const NO_CALLER = /^\/api\/(health\/live|utils\/coin-logos\/[^/?]+)(\?|$)/;

const READS = new Set(['GET', 'HEAD']);

/**
 * Looks up the caller's session once per API request. No token means no query at all, so
 * public routes pay nothing for it. A read takes the session from `cache` when this instance
 * verified it lately; a write always asks the database, so a revoked session never changes
 * anything, and empties this instance's cache before it answers, so the next read sees what it
 * did (a logout, a suspension). Other instances hear of it through 'session_changed'.
 */
export function installSessionLookup(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; cache: SessionCache },
): void {
  app.decorateRequest('auth', null);
  // Callback style: the common anonymous case finishes without allocating a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.url.startsWith('/api/') && !NO_CALLER.test(request.url) ? tokenOf(request) : null;
    if (!token || token.length > 200) return done();
    const found = READS.has(request.method)
      ? findSessionCached(opts.db, opts.cache, token, opts.now())
      : findSessionByToken(opts.db, token, opts.now());
    found.then(
      (auth) => {
        request.auth = auth;
        done();
      },
      (err: Error) => done(err),
    );
  });
  const forget: onSendHookHandler = (_request, _reply, payload, done) => {
    opts.cache.clear();
    done(null, payload);
  };
  // On the write routes only: reads pay no hook for it.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READS.has(m))) return;
    const own = route.onSend;
    route.onSend = own ? [...(Array.isArray(own) ? own : [own]), forget] : [forget];
  });
}

const PASSWORD_CHANGE_ALLOWED = /^\/api\/(users\/\d+\/password|auth\/logout|activity\/logs)$/;

/** Until a generated first-login password is replaced, the account can read but change nothing else. */
export function installPasswordChangeGate(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const auth = request.auth;
    if (
      !auth?.mustChangePassword ||
      request.method === 'GET' ||
      PASSWORD_CHANGE_ALLOWED.test(request.url.split('?')[0] ?? '')
    )
      return done();
    done(new AppError('PASSWORD_CHANGE_REQUIRED', 'Please change your password before continuing'));
  });
}

/** The caller, or 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The caller if they hold one of `roles`; 401 when anonymous, 403 otherwise. */
export function requireRole(request: FastifyRequest, roles: readonly Role[], message?: string): AuthContext {
  const auth = requireUser(request);
  if (!roles.includes(auth.role)) {
    throw message ? new AppError('FORBIDDEN', message) : adminRequired();
  }
  return auth;
}

export const requireAdmin = (request: FastifyRequest, message?: string) => requireRole(request, ['admin'], message);
/** Staff read the admin area; only admins change things (DESIGN.md §6). */
export const requireStaff = (request: FastifyRequest) => requireRole(request, ['admin', 'moderator']);

/** HttpOnly, SameSite=Lax, Secure over https; without "remember me" it lasts as long as the browser session. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  rememberMe: boolean,
  ttlMs: number,
  publicUrl: string | undefined,
): void {
  const secure = request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(rememberMe ? { maxAge: Math.floor(ttlMs / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export { tokenOf };
