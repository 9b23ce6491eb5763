import { deleteExpiredSessions } from '../modules/sessions/service';
import type { Job } from './scheduler';

export const sessionExpiryJob: Job = {
  name: 'session-expiry',
  lockKey: 7_331_101,
  intervalMs: 15 * 60_000,
  run: (db, now) => deleteExpiredSessions(db, now),
};

export const allJobs: Job[] = [sessionExpiryJob];
