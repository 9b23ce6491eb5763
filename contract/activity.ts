import { z } from 'zod';
import { zPage } from './pagination';

/** One activity row: a page visit or a security event, with the client's parsed device. */
export const zActivityLog = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  action: z.string(),
  deviceInfo: z.object({
    method: z.string(),
    path: z.string(),
    browser: z.string(),
    os: z.string(),
    device: z.string(),
  }),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type ActivityLog = z.infer<typeof zActivityLog>;

export const zActivityLogPage = zPage(zActivityLog);
export type ActivityLogPage = z.infer<typeof zActivityLogPage>;

/** `POST /api/activity/logs`: a page visit of the caller. */
export const zRecordActivityBody = z.object({
  action: z.string().trim().min(1).max(200),
  path: z.string().max(500).optional(),
});
export type RecordActivityBody = z.infer<typeof zRecordActivityBody>;
