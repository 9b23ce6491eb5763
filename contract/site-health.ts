import { z } from 'zod';

/**
 * GET /metrics/site-health (spec §3 Site health). Every figure is measured by the running
 * server; nothing is a constant.
 */
export const zSiteHealth = z.object({
  activeUsers: z.number().int(),
  totalUsers: z.number().int(),
  /** Distinct users with a session active in the last 5 minutes. */
  currentlyOnline: z.number().int(),
  serverStatus: z.object({
    /** 'online' when the database answered this request's ping, else 'degraded'. */
    status: z.enum(['online', 'degraded']),
    /** Seconds since this process started. */
    uptime: z.number().int(),
    /** Share (percent, 2 decimals) of the database health samples since start that succeeded. */
    uptimePercentage: z.number(),
    /** Average API response time in ms over the recent window, null before any request was timed. */
    responseTime: z.number().nullable(),
  }),
  /** The last change of the site settings. */
  lastUpdated: z.object({ timestamp: z.string().nullable(), timeAgo: z.string() }),
  /**
   * Problems worth an operator's eye; empty when all is well. Includes the job monitor's warnings, read from
   * every instance's run history: a stalled accrual, a job that failed its last runs, a job that stopped running.
   */
  warnings: z.array(z.string()),
});
export type SiteHealth = z.infer<typeof zSiteHealth>;

/** "just now", "5 minutes ago", "3 days ago"; "never" without a time. */
export function timeAgo(iso: string | null, now: Date): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (s < 60) return 'just now';
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(s / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
