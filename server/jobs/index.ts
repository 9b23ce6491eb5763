import { deleteExpiredSessions } from '../modules/sessions/service';
import type { Job } from './scheduler';
import { accrueDueReturns } from '../modules/investments/accrual';
import { btcpayReconcileJob } from '../modules/deposits/job';
import { priceRefreshJob } from '../modules/prices/job';
import type { SiteSettings } from '../../contract/settings';

export const sessionExpiryJob: Job = {
  name: 'session-expiry',
  intervalMs: 15 * 60_000,
  run: (db, now) => deleteExpiredSessions(db, now),
};

/** Pays due daily returns; hourly, so a payout lands within an hour of its day and downtime is caught up. */
export const accrualJob: Job = {
  name: 'accrual',
  intervalMs: 60 * 60_000,
  run: async (db, now) => (await accrueDueReturns(db, now)).payouts,
};

export const allJobs: Job[] = [sessionExpiryJob, accrualJob];

/** Jobs that read site settings, so they are added once the app's settings store exists. */
export const settingsJobs = (settings: { get(): Promise<SiteSettings> }): Job[] => [
  btcpayReconcileJob(settings),
  priceRefreshJob(settings),
];
