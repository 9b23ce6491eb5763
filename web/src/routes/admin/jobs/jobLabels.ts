/** What each background job does, in words an operator reads (one list with the server's, in the contract). */
export { JOB_LABELS } from '@contract/jobs';

/** "every 60 minutes", "every 30 seconds", "every 24 hours". */
export function describeInterval(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `every ${s} seconds`;
  const m = Math.round(s / 60);
  if (m === 1) return 'every minute';
  if (m < 120 && m % 60 !== 0) return `every ${m} minutes`;
  if (m % 60 === 0 && m >= 120) return `every ${m / 60} hours`;
  return `every ${m} minutes`;
}

export function describeDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
