import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { RateLimitMsg } from '../../contract/errors';
import { AppError } from '../lib/errors';

/** The app's `rateLimitFactor` (1 but in browser tests, see AppDeps). */
export const factorOf = (app: FastifyInstance) =>
  (app as FastifyInstance & { rateLimitFactor?: number }).rateLimitFactor ?? 1;

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
      throw new AppError('RATE_LIMITED', RateLimitMsg.accountRetryInMinutes(Math.ceil(result.ttlInSeconds / 60)));
    }
  };
}

export const bodyField = (field: string) => (req: FastifyRequest) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof v === 'string' ? v.trim().toLowerCase().slice(0, 254) : null;
};

/** One key's window in the failure counters; times in ms. */
export interface WindowCount {
  /** Attempts counted in the window and not given back (a refused try, a right password). */
  count: number;
  /** Failures recorded in the window. */
  failures: number;
  /** When the window opened. */
  start: number;
  /** When the last failure was recorded; 0 for none. */
  last: number;
}

/**
 * Counters for the login lockout. Every instance shares them through Redis when it is
 * configured, else they live in this process. A key's window is fixed from its first hit and
 * measured by the caller's clock (the app's `now`), so both stores behave alike in tests.
 */
export interface FailureCounters {
  /** Counts one attempt on each key (a new window where the last one ended) and returns each key after. */
  hit(keys: readonly string[], now: number, windowMs: number): Promise<WindowCount[]>;
  /** Gives one attempt back on each key. */
  undo(keys: readonly string[]): Promise<void>;
  /** Records a failure at `now` on each key; returns each key's failures in its window. */
  fail(keys: readonly string[], now: number): Promise<number[]>;
  clear(keys: readonly string[]): Promise<void>;
}

interface Slot extends WindowCount {
  windowMs: number;
}

/** The counters of one process; the least recently hit keys go first past `maxKeys`. */
export class MemoryFailureCounters implements FailureCounters {
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly maxKeys = 100_000) {}

  hit(keys: readonly string[], now: number, windowMs: number): Promise<WindowCount[]> {
    return Promise.resolve(
      keys.map((key) => {
        const old = this.slots.get(key);
        const slot =
          old && now - old.start < old.windowMs ? old : { count: 0, failures: 0, start: now, last: 0, windowMs };
        slot.count += 1;
        // Re-inserted, so the Map's order is the order of last use.
        this.slots.delete(key);
        this.slots.set(key, slot);
        for (const oldest of this.slots.keys()) {
          if (this.slots.size <= this.maxKeys) break;
          this.slots.delete(oldest);
        }
        return { count: slot.count, failures: slot.failures, start: slot.start, last: slot.last };
      }),
    );
  }

  undo(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const slot = this.slots.get(key);
      if (slot && slot.count > 0) slot.count -= 1;
    }
    return Promise.resolve();
  }

  fail(keys: readonly string[], now: number): Promise<number[]> {
    return Promise.resolve(
      keys.map((key) => {
        const slot = this.slots.get(key);
        if (!slot) return 0;
        slot.last = now;
        return (slot.failures += 1);
      }),
    );
  }

  clear(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.slots.delete(key);
    return Promise.resolve();
  }
}

// Each script handles all its keys atomically, so instances never interleave inside one step.
// The expiry only collects keys: windows are decided by the caller's clock.
const HIT_LUA = `
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local out = {}
for _, key in ipairs(KEYS) do
  local start = tonumber(redis.call('HGET', key, 's'))
  if not start or now - start >= window then
    redis.call('DEL', key)
    redis.call('HSET', key, 's', ARGV[1], 'n', 0, 'f', 0, 'l', 0)
  end
  redis.call('HINCRBY', key, 'n', 1)
  redis.call('PEXPIRE', key, window)
  local v = redis.call('HMGET', key, 'n', 'f', 's', 'l')
  for i = 1, 4 do out[#out + 1] = tonumber(v[i]) end
end
return out`;
const UNDO_LUA = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('HGET', key, 'n') or '0') > 0 then redis.call('HINCRBY', key, 'n', -1) end
end
return 0`;
const FAIL_LUA = `
local out = {}
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then
    redis.call('HSET', key, 'l', ARGV[1])
    out[#out + 1] = redis.call('HINCRBY', key, 'f', 1)
  else
    out[#out + 1] = 0
  end
end
return out`;

const zNumbers = z.array(z.number());

/** The counters in Redis, shared by every instance on it. */
export class RedisFailureCounters implements FailureCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'minevest-lock:',
  ) {}

  private keys = (keys: readonly string[]) => keys.map((k) => this.prefix + k);

  async hit(keys: readonly string[], now: number, windowMs: number): Promise<WindowCount[]> {
    const flat = zNumbers.parse(await this.redis.eval(HIT_LUA, keys.length, ...this.keys(keys), now, windowMs));
    return keys.map((_, i) => {
      const [count = 0, failures = 0, start = now, last = 0] = flat.slice(i * 4, i * 4 + 4);
      return { count, failures, start, last };
    });
  }

  async undo(keys: readonly string[]): Promise<void> {
    await this.redis.eval(UNDO_LUA, keys.length, ...this.keys(keys));
  }

  async fail(keys: readonly string[], now: number): Promise<number[]> {
    return zNumbers.parse(await this.redis.eval(FAIL_LUA, keys.length, ...this.keys(keys), now));
  }

  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...this.keys(keys));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The login lockout's counters (server/modules/auth/lockout.ts). */
    failureCounters: FailureCounters;
  }
}

/** Redis-backed counters when the app has a Redis, else this process's own. */
export const failureCounters = (redis: Redis | undefined): FailureCounters =>
  redis ? new RedisFailureCounters(redis) : new MemoryFailureCounters();
