import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors';

/** The app's `rateLimitFactor` (1 but in browser tests, see AppDeps). */
const factorOf = (app: FastifyInstance) => (app as FastifyInstance & { rateLimitFactor?: number }).rateLimitFactor ?? 1;

/** Per-IP limit for a route's `config.rateLimit`. */
export const perIp = (max: number, minutes: number) => ({
  rateLimit: { max: (request: FastifyRequest) => max * factorOf(request.server), timeWindow: minutes * 60_000 },
});

/**
 * A second limit keyed by the account a request names (user name, email, challenge), so an
 * attacker spreading guesses over many IPs still meets a limit per account.
 */
export function perAccount(
  app: FastifyInstance,
  name: string,
  max: number,
  minutes: number,
  key: (req: FastifyRequest) => string | null | undefined,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: max * factorOf(app),
    timeWindow: minutes * 60_000,
    keyGenerator: (req) => `${name}:${key(req) ?? ''}`,
  });
  return async (request) => {
    if (!key(request)) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts for this account, please try again in ${Math.ceil(result.ttlInSeconds / 60)} minutes.`,
      );
    }
  };
}

export const bodyField = (field: string) => (req: FastifyRequest) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof v === 'string' ? v.trim().toLowerCase().slice(0, 254) : null;
};
