import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AuthMsg } from '../../../contract/auth';
import { AppError } from '../../lib/errors';
import type { FailureCounters, WindowCount } from '../../plugins/limits';

/**
 * Wrong passwords are counted per (account, client), per client over every account, and per
 * account. The first two refuse a client that guesses; the account's count never refuses a
 * client that has not failed on that account, so nobody can lock the owner out by guessing
 * from elsewhere: an account under attack only makes its guessing clients wait between tries,
 * then refuses them. A wait is a 429 with Retry-After, never a held request.
 */
export interface LockoutLimits {
  windowMs: number;
  /** Failures one client may make on one account in a window. */
  perClient: number;
  /** Failures one client may make over all accounts in a window. */
  perIp: number;
  /**
   * Failures on an account from other clients from which a client that failed on it too waits
   * 1 s, 2 s, 4 s… after each of its failures.
   */
  accountSlow: number;
  /** Failures on an account from other clients from which a client that failed on it too is refused. */
  accountMax: number;
  /** The failure on an account that emails its owner (once per window). */
  notifyAt: number;
  maxDelayMs: number;
}

export const LOCKOUT: LockoutLimits = {
  windowMs: 15 * 60_000,
  perClient: 10,
  perIp: 20,
  accountSlow: 10,
  accountMax: 50,
  notifyAt: 10,
  maxDelayMs: 5 * 60_000,
};

/** The limits with every budget multiplied (the browser tests' rateLimitFactor); the email stays at its failure. */
export const scaledLockout = (factor: number): LockoutLimits => ({
  ...LOCKOUT,
  perClient: LOCKOUT.perClient * factor,
  perIp: LOCKOUT.perIp * factor,
  accountSlow: LOCKOUT.accountSlow * factor,
  accountMax: LOCKOUT.accountMax * factor,
});

/** The wait a client with `failures` on an account under attack owes after its last failure. */
export const delayAfter = (failures: number, limits: LockoutLimits) =>
  Math.min(1000 * 2 ** (failures - 1), limits.maxDelayMs);

/** What one attempt saw when it was counted: each key's window, this attempt included. */
export interface AttemptCounts {
  client: WindowCount;
  ip: WindowCount;
  account: WindowCount;
}

/** How long the attempt must wait (ms), or null when its password is checked now. */
export function waitFor(c: AttemptCounts, now: number, limits: LockoutLimits): number | null {
  const windowLeft = (w: WindowCount) => w.start + limits.windowMs - now;
  // Counts before this attempt (attempts still in flight count, so parallel guesses do too).
  if (c.ip.count - 1 >= limits.perIp) return windowLeft(c.ip);
  if (c.client.count - 1 >= limits.perClient) return windowLeft(c.client);
  // A client that has not failed on this account is always checked, whatever the account's count.
  if (c.client.failures === 0) return null;
  // Its own failures are the per-client limit's business; the account's ceiling is about the others'.
  const others = c.account.failures - c.client.failures;
  if (others >= limits.accountMax) return windowLeft(c.account);
  if (others >= limits.accountSlow) {
    const wait = c.client.last + delayAfter(c.client.failures, limits) - now;
    if (wait > 0) return wait;
  }
  return null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The 429 of the lockout; the auth routes add its Retry-After header. */
export class TooManyFailures extends AppError {
  readonly retryAfterSeconds: number;

  constructor(waitMs: number) {
    const s = seconds(waitMs);
    super('RATE_LIMITED', AuthMsg.tooManyFailures(s));
    this.retryAfterSeconds = s;
  }
}

/** An IPv6 client owns its whole /64, so it counts as one client; an IPv4-mapped address is its IPv4. */
export function clientNet(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** One login attempt let through to the password check. */
export interface LoginAttempt {
  /** A wrong password; returns the account's failures in its window (this one included) and when it opened. */
  failed(now: Date): Promise<{ failures: number; since: Date }>;
  /** The right password: the attempt is given back and this client's record on the account cleared. */
  succeeded(): Promise<void>;
}

const unguarded: LoginAttempt = {
  failed: (now) => Promise.resolve({ failures: 0, since: now }),
  succeeded: () => Promise.resolve(),
};

/**
 * Counts login attempts in the rate-limit store. When the store fails the password is still
 * checked, unlimited, as the rate limits do (`skipOnError`): an outage must not lock everyone out.
 */
export class LoginGuard {
  constructor(
    private readonly counters: FailureCounters,
    private readonly limits: LockoutLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The account failure (in a window) that tells its owner. */
  get notifyAt(): number {
    return this.limits.notifyAt;
  }

  /**
   * Counts an attempt on `account` (a stable name of the account, or what was typed when no
   * account matches) from `ip`. Throws TooManyFailures (429) when this client must wait.
   */
  async begin(account: string, ip: string, now: Date): Promise<LoginAttempt> {
    const net = clientNet(ip);
    const acct = digest(account);
    const keys = [`c:${acct}:${net}`, `i:${net}`, `a:${acct}`];
    let counts: WindowCount[];
    try {
      counts = await this.counters.hit(keys, now.getTime(), this.limits.windowMs);
    } catch (err) {
      this.log.warn({ err }, 'login lockout store failed: password checked without limits');
      return unguarded;
    }
    const [client, ipCount, accountCount] = counts as [WindowCount, WindowCount, WindowCount];
    const wait = waitFor({ client, ip: ipCount, account: accountCount }, now.getTime(), this.limits);
    if (wait !== null) {
      await this.settle(() => this.counters.undo(keys));
      throw new TooManyFailures(wait);
    }
    return {
      failed: async (at) => {
        const failures = await this.settle(() => this.counters.fail(keys, at.getTime()));
        return { failures: failures?.[2] ?? 0, since: new Date(accountCount.start) };
      },
      succeeded: async () => {
        await this.settle(() => Promise.all([this.counters.clear([keys[0]!]), this.counters.undo(keys.slice(1))]));
      },
    };
  }

  private async settle<T>(step: () => Promise<T>): Promise<T | null> {
    try {
      return await step();
    } catch (err) {
      this.log.warn({ err }, 'login lockout store failed');
      return null;
    }
  }
}
