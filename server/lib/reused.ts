import type { Db } from '../db/client';

/**
 * A figure computed per database and key, reused for `ttlMs`: concurrent callers share one
 * computation, and a failed one is not kept (the next caller computes again). For figures that
 * read many rows and may be a little old where they are shown: a plan card's investor count,
 * the total under a long list's pager.
 */
export function reusedPerDatabase<V>(ttlMs: number, compute: (db: Db, key: string) => Promise<V>) {
  const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<V> }>>();
  return {
    get(db: Db, key = ''): Promise<V> {
      let ofDb = cache.get(db);
      if (!ofDb) cache.set(db, (ofDb = new Map()));
      const now = performance.now();
      const kept = ofDb.get(key);
      if (kept && now - kept.at < ttlMs) return kept.value;
      const entry = { at: now, value: compute(db, key) };
      ofDb.set(key, entry);
      const forgetFailed = () => {
        if (ofDb.get(key) === entry) ofDb.delete(key);
      };
      entry.value.catch(forgetFailed);
      return entry.value;
    },
    /** Drops what `db` keeps: its next figures are computed afresh. */
    forget(db: Db): void {
      cache.delete(db);
    },
  };
}
