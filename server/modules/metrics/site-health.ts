import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, countDistinct, eq, gt, isNull, ne } from 'drizzle-orm';
import { metricsApi } from '../../../contract/metrics';
import { timeAgo, type SiteHealth } from '../../../contract/site-health';
import { pingDatabase } from '../../db/client';
import { deviceSessions, users } from '../../db/schema';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import type { SiteMonitor } from './site-monitor';
import { stuckPayouts, stuckPayoutsWarning } from '../withdrawals/payouts';

/** "Currently online": a session used within this span. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

/** Site health (spec §3): user counts, who is online, and what this server measured. */
export async function siteHealth(ctx: ServerContext, monitor: SiteMonitor): Promise<SiteHealth> {
  const now = ctx.now();
  const latency = await pingDatabase(ctx.db);
  monitor.recordSample(latency !== null);
  const live = isNull(users.deletedAt);
  const [[totals], [active], [online], view, warnings] = await Promise.all([
    ctx.db.select({ n: count() }).from(users).where(live),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(live, eq(users.status, 'active'), eq(users.isEmailVerified, true))),
    ctx.db
      .select({ n: countDistinct(deviceSessions.userId) })
      .from(deviceSessions)
      .innerJoin(users, eq(users.id, deviceSessions.userId))
      .where(
        and(
          live,
          ne(users.status, 'suspended'),
          gt(deviceSessions.expiresAt, now),
          gt(deviceSessions.lastActiveAt, new Date(now.getTime() - ONLINE_WINDOW_MS)),
        ),
      ),
    ctx.settings.view(),
    monitor.warnings(),
  ]);
  const settings = await ctx.settings.get();
  const stuck = await stuckPayouts(ctx.db, settings, now);
  if (stuck > 0) warnings.push(stuckPayoutsWarning(stuck, settings.payoutStuckHours));
  return {
    activeUsers: active?.n ?? 0,
    totalUsers: totals?.n ?? 0,
    currentlyOnline: online?.n ?? 0,
    serverStatus: {
      status: latency === null ? 'degraded' : 'online',
      uptime: Math.floor((Date.now() - monitor.startedAt) / 1000),
      uptimePercentage: monitor.uptimePercentage(),
      responseTime: monitor.averageResponseMs(Date.now()),
    },
    lastUpdated: { timestamp: view.updatedAt, timeAgo: timeAgo(view.updatedAt, now) },
    warnings,
  };
}

export function siteHealthRoutes(ctx: ServerContext, monitor: SiteMonitor): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, metricsApi.siteHealth, () => siteHealth(ctx, monitor));
  };
}
