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
  /** The staff member's user name, or part of it (case-insensitive). */
  actor: text()
    .trim()
    .max(60)
    .optional()
    .transform((v) => v || undefined),
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
  'kyc_submission',
  'notification',
  'support_conversation',
  'job',
  'mail',
  'email_template',
  'liability_snapshot',
] as const;

/** Every action staff (or the platform) are recorded doing, as a person reads it. */
export const AUDIT_ACTIONS = {
  'deposit.approve': 'Deposit approved',
  'deposit.reject': 'Deposit rejected',
  'deposit.manual': 'Manual deposit credited',
  'withdrawal.approve': 'Withdrawal approved (paid)',
  'withdrawal.reject': 'Withdrawal rejected',
  'transaction.update': 'Transaction status changed',
  'investment.cancel': 'Investment cancelled',
  'plan.create': 'Plan created',
  'plan.update': 'Plan updated',
  'plan.archive': 'Plan archived',
  'plan.delete': 'Plan deleted',
  'settings.update': 'Site settings changed',
  'user.create': 'User created',
  'user.update': 'User profile changed',
  'user.status': 'User activated or suspended',
  'user.delete': 'User deleted',
  'user.soft_delete': 'User deleted (records kept)',
  'user.avatar': 'User picture changed',
  'user.security_hold_end': 'Security hold ended',
  'user.security_hold_shorten': 'Security hold shortened',
  'user.passkey_add': 'Passkey added (staff account)',
  'user.passkey_remove': 'Passkey removed (staff account)',
  'session.disconnect': 'Device signed out',
  'kyc.approve': 'Verification approved',
  'kyc.reject': 'Verification rejected',
  'notification.send': 'Notification sent to a user',
  'notification.broadcast': 'Notification sent to everyone',
  'support.reply': 'Support reply sent',
  'support.close': 'Support chat closed',
  'support.reopen': 'Support chat reopened',
  'job.run': 'Job run by hand',
  'mail.read': 'Outbox mail opened',
  'email_template.update': 'Email template edited',
  'email_template.reset': 'Email template reset to default',
  'email_template.test': 'Test email sent from a template',
  'liabilities.publish': 'Proof of liabilities published',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What each kind of action is about, for "any action on …" in the filter. */
export const AUDIT_ACTION_KINDS = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  transaction: 'Transactions',
  investment: 'Investments',
  plan: 'Plans',
  settings: 'Site settings',
  user: 'Users',
  session: 'Sessions',
  kyc: 'Verification',
  notification: 'Notifications',
  support: 'Support',
  job: 'Jobs',
  mail: 'Mail outbox',
  email_template: 'Email templates',
  liabilities: 'Proof of liabilities',
} as const satisfies Record<string, string>;

/** "deposit.approve" -> "Deposit approved"; a code this list does not know reads as its words ("Foo bar"). */
export function auditActionLabel(action: string): string {
  if (Object.hasOwn(AUDIT_ACTIONS, action)) return AUDIT_ACTIONS[action as AuditAction];
  const words = action.replace(/[._]/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown action';
}

export const auditApi = {
  list: route({
    method: 'GET',
    path: '/admin/audit-log',
    tag: 'audit',
    summary:
      'Every staff action, newest first (staff); filter by action (or its prefix), actor (id or user name), target and date range',
    access: 'staff',
    query: zAuditLogQuery,
    response: zAuditLogPage,
    errors: [],
  }),
};
