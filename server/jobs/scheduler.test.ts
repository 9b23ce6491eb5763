import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, type TestContext } from '../test/app';
import { Scheduler, type Job } from './scheduler';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logs: string[] = [];
const log = { info: (_o: object, m: string) => logs.push(m), error: (_o: object, m: string) => logs.push(m), warn() {} } as unknown as FastifyBaseLogger;

describe('scheduler', () => {
  it('runs each job soon after start, never overlapping itself, and survives a failing job', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const slow: Job = { name: 'slow', intervalMs: 60_000, run: () => new Promise((r) => { runs += 1; release = () => r(1); }) };
    const failing: Job = { name: 'failing', intervalMs: 60_000, run: async () => { throw new Error('boom'); } };
    const s = new Scheduler(t.database.db, log);
    s.start([slow, failing], 10);
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    expect(await s.runOnce(slow)).toBeNull(); // still running: skipped
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(await s.runOnce(failing)).toBeNull();
    expect(logs).toContain('job failed');
    s.stop();
  });
});
