import { sql } from 'drizzle-orm';
import { refreshStatistics } from '../db/statistics';
import { deleteExpiredSessions } from '../modules/sessions/service';
import { deleteExpiredChallenges } from '../modules/passkeys/challenges';
import type { Job } from './scheduler';
import { accrueDueReturns } from '../modules/investments/accrual';
import { holidaysOf } from '../modules/investments/terms';
import { btcpayReconcileJob } from '../modules/deposits/job';
import { priceRefreshJob } from '../modules/prices/job';
import { payoutReconcileJob } from '../modules/withdrawals/job';
import { notificationJobs } from '../modules/notifications/jobs';
import { proofOfLiabilitiesJob } from '../modules/proof-of-liabilities/job';
import type { NotificationDelivery } from '../modules/notifications/delivery';
import type { TelegramDeps } from '../modules/notifications/telegram-link';
import type { SiteSettings } from '../../contract/settings';

/** Expired device sessions, and the passkey challenges nobody answered in time. */
export const sessionExpiryJob: Job = {
  name: 'session-expiry',
  intervalMs: 15 * 60_000,
  run: async (db, now) => (await deleteExpiredSessions(db, now)) + (await deleteExpiredChallenges(db, now)),
};

/**
 * Folds the deltas that triggers append to transaction_totals and row_counts (migration 0026) into
 * one row per group, so reading a total stays a sum over a few rows however busy the platform is.
 */
export const totalsCompactionJob: Job = {
  name: 'totals-compaction',
  intervalMs: 10 * 60_000,
  run: async (db) => {
    await db.execute(sql`select compact_totals()`);
    return 0;
  },
};

/** The planner's statistics of tables with many changed rows: PGlite's only autovacuum (db/statistics.ts). */
export const tableStatisticsJob: Job = {
  name: 'table-statistics',
  intervalMs: 10 * 60_000,
  run: (db) => refreshStatistics(db),
};

/** Pays due returns; hourly, so a payout lands within an hour of its time and downtime is caught up. */
export const accrualJob = (settings: JobDeps['settings']): Job => ({
  name: 'accrual',
  intervalMs: 60 * 60_000,
  run: async (db, now) => (await accrueDueReturns(db, now, { holidays: holidaysOf(await settings.get()) })).payouts,
});

export interface JobDeps {
  settings: { get(): Promise<SiteSettings> };
  delivery: NotificationDelivery;
  telegram: TelegramDeps;
}

/** Every background job of the platform: the one list the app's scheduler is filled from. */
export const platformJobs = (deps: JobDeps): Job[] => [
  sessionExpiryJob,
  totalsCompactionJob,
  tableStatisticsJob,
  accrualJob(deps.settings),
  btcpayReconcileJob(deps.settings),
  payoutReconcileJob(deps.settings),
  priceRefreshJob(deps.settings),
  proofOfLiabilitiesJob,
  ...notificationJobs(deps.delivery, deps.telegram),
];
