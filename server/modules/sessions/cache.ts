import type { AuthContext } from '../../lib/auth-context';

export interface CachedSession {
  auth: AuthContext;
  expiresAt: number;
  lastActiveAt: number;
  cachedAt: number;
}

/**
 * Sessions this instance verified lately, by token hash, so a signed-in read skips its session
 * query. Kept only while invalidations are flowing (`setLive(true)`: the instance is listening for
 * 'session_changed', which the database signals on every logout, revocation, suspension, role or
 * password change, migration 0031); emptied on each one, and when the listening connection drops.
 * `ttlMs` bounds an entry's age all the same.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private generation = 0;
  private isLive = false;
  private waiting: (() => void)[] = [];

  constructor(private readonly opts: { ttlMs: number; maxEntries: number }) {}

  get live(): boolean {
    return this.isLive;
  }

  setLive(live: boolean): void {
    this.isLive = live;
    this.clear();
  }

  /** Forget every entry; a lookup already running when this is called is not kept either. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves at the next clear: tests wait on it for an invalidation another instance caused. */
  nextClear(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now >= entry.expiresAt || now - entry.cachedAt >= this.opts.ttlMs || now < entry.cachedAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Call before a lookup; pass the result to `set` with what it found. */
  mark(): number {
    return this.generation;
  }

  /**
   * Keeps a session a lookup found, unless the cache was cleared since its `mark()`: that
   * lookup may have read the row before the change that cleared it committed.
   */
  set(tokenHash: string, entry: CachedSession, mark: number): void {
    if (!this.isLive || mark !== this.generation) return;
    if (this.entries.size >= this.opts.maxEntries && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, entry);
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}
