import type { Job } from '../../jobs/scheduler';
import { publishLiabilities } from './service';

/**
 * Publishes a proof of liabilities once a day (a timed run claims its UTC day, so one instance
 * publishes it however many run); its rows are the balances the tree holds.
 */
export const proofOfLiabilitiesJob: Job = {
  name: 'proof-of-liabilities',
  intervalMs: 24 * 60 * 60_000,
  run: async (db, now) => (await publishLiabilities(db, now, null)).leafCount,
};
