import { describe, expect, it } from 'vitest';
import { JOB_LABELS } from '../../contract/jobs';
import { platformJobs } from './index';

describe('job labels', () => {
  it('name and describe every job the platform runs in words, never as its bare id (issue 18 item 15)', () => {
    const deps = {} as Parameters<typeof platformJobs>[0];
    const names = platformJobs(deps).map((j) => j.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const label = JOB_LABELS[name];
      expect(label, name).toBeDefined();
      expect(label!.title, name).not.toBe(name);
      expect(label!.what.length, name).toBeGreaterThan(name.length);
    }
  });
});
