import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Db } from '../../db/client';

/** How far back the average response time looks, and how many timings it keeps at most. */
export const RESPONSE_WINDOW_MS = 5 * 60_000;
const RING = 1024;
/** One database reachability sample a minute feeds uptimePercentage. */
export const SAMPLE_INTERVAL_MS = 60_000;

/**
 * What the Site Health panel measures about this process: API response times (a fixed ring
 * in memory, so the hook costs two array writes per request), database health samples since
 * start, and the warnings other modules report.
 */
export class SiteMonitor {
  private readonly times = new Float64Array(RING);
  private readonly at = new Float64Array(RING);
  private next = 0;
  private filled = 0;
  private samplesOk = 0;
  private samplesTotal = 0;
  private readonly warningSources: (() => Promise<string[]> | string[])[] = [];

  constructor(readonly startedAt: number) {}

  recordResponse(ms: number, nowMs: number): void {
    this.times[this.next] = ms;
    this.at[this.next] = nowMs;
    this.next = (this.next + 1) % RING;
    if (this.filled < RING) this.filled++;
  }

  /** Mean of the timings within the window, 2 decimals; null when none. */
  averageResponseMs(nowMs: number): number | null {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < this.filled; i++) {
      if (nowMs - this.at[i]! <= RESPONSE_WINDOW_MS) {
        sum += this.times[i]!;
        n++;
      }
    }
    return n === 0 ? null : Math.round((sum / n) * 100) / 100;
  }

  recordSample(ok: boolean): void {
    this.samplesTotal++;
    if (ok) this.samplesOk++;
  }

  /** Percent of health samples since start that found the database answering, 2 decimals. */
  uptimePercentage(): number {
    return this.samplesTotal === 0 ? 100 : Math.round((this.samplesOk / this.samplesTotal) * 10_000) / 100;
  }

  /** Where other modules (the job monitor...) feed the panel's warnings. */
  addWarningSource(source: () => Promise<string[]> | string[]): void {
    this.warningSources.push(source);
  }

  async warnings(): Promise<string[]> {
    const lists = await Promise.all(this.warningSources.map(async (source) => source()));
    return lists.flat();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    siteMonitor: SiteMonitor;
  }
}

/** Times every API response and samples the database once a minute (timer stopped on close). */
export function installSiteMonitor(app: FastifyInstance, db: Db, startedAt: number): SiteMonitor {
  const monitor = new SiteMonitor(startedAt);
  app.decorate('siteMonitor', monitor);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/api/')) monitor.recordResponse(reply.elapsedTime, Date.now());
    done();
  });
  const sample = () => {
    pingDatabase(db).then(
      (latency) => monitor.recordSample(latency !== null),
      () => monitor.recordSample(false),
    );
  };
  const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
  return monitor;
}
