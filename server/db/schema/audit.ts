import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff action that changes data: who, what, before/after, when. Append-only (a
 * trigger refuses UPDATE and DELETE). The actor is a snapshot, not a foreign key, so the
 * record outlives any user row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorUserName: text('actor_user_name').notNull().default(''),
    actorRole: text('actor_role').notNull().default(''),
    /** Dotted verb, e.g. `deposit.approve`, `user.update`, `settings.update`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);
