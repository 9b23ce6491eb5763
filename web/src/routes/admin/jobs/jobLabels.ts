import type { TFunction } from 'i18next';
import { JOB_LABELS } from '@contract/jobs';
import { formatNumber } from '../../../lib/format';

type AdminT = TFunction<'admin'>;

/**
 * What each background job does, in words an operator reads: keys per job (the server's list is
 * JOB_LABELS in the contract); a job this list does not know yet shows the contract's words, else its name.
 */
const JOBS = {
  accrual: { title: 'jobs.job.accrual.title', what: 'jobs.job.accrual.what' },
  'price-refresh': { title: 'jobs.job.priceRefresh.title', what: 'jobs.job.priceRefresh.what' },
  'btcpay-reconcile': { title: 'jobs.job.btcpayReconcile.title', what: 'jobs.job.btcpayReconcile.what' },
  'totals-compaction': { title: 'jobs.job.totalsCompaction.title', what: 'jobs.job.totalsCompaction.what' },
  'table-statistics': { title: 'jobs.job.tableStatistics.title', what: 'jobs.job.tableStatistics.what' },
  'btcpay-payouts': { title: 'jobs.job.btcpayPayouts.title', what: 'jobs.job.btcpayPayouts.what' },
  'session-expiry': { title: 'jobs.job.sessionExpiry.title', what: 'jobs.job.sessionExpiry.what' },
  'proof-of-liabilities': { title: 'jobs.job.proofOfLiabilities.title', what: 'jobs.job.proofOfLiabilities.what' },
  'notification-delivery': {
    title: 'jobs.job.notificationDelivery.title',
    what: 'jobs.job.notificationDelivery.what',
  },
  'telegram-link': { title: 'jobs.job.telegramLink.title', what: 'jobs.job.telegramLink.what' },
} as const satisfies Record<keyof typeof JOB_LABELS, { title: string; what: string }>;

const known = (name: string): name is keyof typeof JOBS => Object.hasOwn(JOBS, name);

/** A job's title: "Daily returns (accrual)". */
export function jobTitle(name: string, t: AdminT): string {
  if (known(name)) return t(JOBS[name].title);
  return JOB_LABELS[name]?.title ?? name;
}

/** What a job does, in one sentence. */
export function jobWhat(name: string, t: AdminT): string {
  if (known(name)) return t(JOBS[name].what);
  return JOB_LABELS[name]?.what ?? name;
}

/** "every 60 minutes", "every 30 seconds", "every 24 hours". */
export function describeInterval(ms: number, t: AdminT): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('jobs.interval.seconds', { count: s, n: formatNumber(s) });
  const m = Math.round(s / 60);
  if (m === 1) return t('jobs.interval.minute');
  if (m < 120 && m % 60 !== 0) return t('jobs.interval.minutes', { count: m, n: formatNumber(m) });
  if (m % 60 === 0 && m >= 120) return t('jobs.interval.hours', { count: m / 60, n: formatNumber(m / 60) });
  return t('jobs.interval.minutes', { count: m, n: formatNumber(m) });
}

/** "12 ms" below a second, else "1.5 s". */
export function describeDuration(ms: number | null, t: AdminT): string {
  if (ms === null) return '—';
  return ms < 1000
    ? t('jobs.duration.ms', { n: formatNumber(ms) })
    : t('jobs.duration.seconds', {
        n: formatNumber(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      });
}
