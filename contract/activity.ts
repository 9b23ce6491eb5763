import { z } from 'zod';
import { text } from './text';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route, zMessage } from './route';

/** A sign-in or security change, another account action (a request, a staff decision), or a page opened. */
export const ACTIVITY_KINDS = ['security', 'action', 'page_view'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What a list shows: one kind, or `events` (everything but page views); every row without it. */
export const ACTIVITY_FILTERS = ['security', 'events', 'page_view'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export const zActivityQuery = zPageQuery.extend({
  kind: z.enum(ACTIVITY_FILTERS, { message: 'Unknown activity filter' }).optional(),
});
export type ActivityQuery = z.infer<typeof zActivityQuery>;

/** One activity row: a page visit or a security event, with the client's parsed device. */
export const zActivityLog = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  action: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
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
  action: text().trim().min(1).max(200),
  path: text().max(500).optional(),
});
export type RecordActivityBody = z.infer<typeof zRecordActivityBody>;

export const activityApi = {
  record: route({
    method: 'POST',
    path: '/activity/logs',
    tag: 'activity',
    summary: 'Record a page visit of the caller (always a page view, whatever its words)',
    access: 'user',
    body: zRecordActivityBody,
    response: zMessage,
    status: [201],
    errors: [],
  }),
  all: route({
    method: 'GET',
    path: '/activity/logs',
    tag: 'activity',
    summary: 'Every activity log (staff)',
    access: 'staff',
    query: zActivityQuery,
    response: zActivityLogPage,
    errors: [],
  }),
  ofUser: route({
    method: 'GET',
    path: '/users/logs/:id',
    tag: 'activity',
    summary: "A user's activity (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zActivityQuery,
    response: zActivityLogPage,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
};
