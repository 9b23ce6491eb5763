import type { SiteSettings } from '../../../contract/settings';
import type { Job } from '../../jobs/scheduler';
import { refreshPrices } from './refresh';

const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

/**
 * Reads the price feed every `priceRefreshSeconds` (60 s by default). The scheduler asks for
 * `intervalMs` after each run, so the next run follows the setting and any back-off the
 * feed imposed (a 429's Retry-After, doubling waits while it is down). A failed read is
 * thrown after it is recorded, so the job monitor shows why prices are stale.
 */
export function priceRefreshJob(settings: { get(): Promise<SiteSettings> }): Job {
  let delayMs = 60_000;
  return {
    name: 'price-refresh',
    get intervalMs() {
      return delayMs;
    },
    run: async (db, now) => {
      const outcome = await refreshPrices(db, await settings.get(), now);
      delayMs = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, outcome.nextAttemptAt.getTime() - now.getTime()));
      if (outcome.status === 'failed') throw new Error(outcome.error);
      return outcome.updated;
    },
  };
}
