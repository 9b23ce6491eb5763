import { z } from 'zod';
import { clean, text } from './text';
import { zPage, zPageQuery } from './pagination';
import { route } from './route';

/** A day (`2026-11-22`) or an instant (`2026-11-22T10:00:00Z`). */
const zDateOrInstant = z.union([clean(z.iso.date()), clean(z.iso.datetime({ offset: true }))], {
  message: 'Use a date like 2026-11-22 or an ISO date-time',
});

/** `GET /api/admin/audit-log` filters; `action` matches exactly or as a prefix (`deposit` finds `deposit.approve`). */
export const zAuditLogQuery = zPageQuery.extend({
  action: text()
    .trim()
    .max(60)
    .regex(/^[a-z_.]*$/, { message: 'An action looks like deposit.approve' })
    .optional()
    .transform((v) => v || undefined),
  actorId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  targetType: text()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined),
  targetId: text()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  from: zDateOrInstant.optional(),
  to: zDateOrInstant.optional(),
});
export type AuditLogQuery = z.input<typeof zAuditLogQuery>;

export const zAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorUserName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof zAuditEntry>;

export const zAuditLogPage = zPage(zAuditEntry);
export type AuditLogPage = z.infer<typeof zAuditLogPage>;

/** Target types staff actions are filed under, for the filter. */
export const AUDIT_TARGET_TYPES = [
  'deposit',
  'withdrawal',
  'transaction',
  'investment',
  'plan',
  'settings',
  'user',
  'session',
  'mail',
] as const;

export const auditApi = {
  list: route({
    method: 'GET',
    path: '/admin/audit-log',
    tag: 'audit',
    summary: 'Every staff action, newest first (staff); filter by action (or its prefix), actor, target and date range',
    access: 'staff',
    query: zAuditLogQuery,
    response: zAuditLogPage,
    errors: [],
  }),
};
