import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { recordAudit, systemActor } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('audit log', () => {
  it('records who did what with before and after, bigint cents as text', async () => {
    await recordAudit(
      database.db,
      { userId: 7, userName: 'boss', role: 'admin', ip: '10.0.0.1' },
      {
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: 42,
        before: { status: 'pending' },
        after: { status: 'settled', amountCents: 1234n },
      },
    );
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, '42'));
    expect(row).toMatchObject({
      actorId: 7,
      actorUserName: 'boss',
      actorRole: 'admin',
      action: 'deposit.approve',
      targetType: 'deposit',
      ip: '10.0.0.1',
      before: { status: 'pending' },
      after: { status: 'settled', amountCents: '1234' },
    });
  });

  it('refuses any update or delete of a recorded row', async () => {
    await recordAudit(database.db, systemActor, { action: 'job.run', targetType: 'job', targetId: 'accrual' });
    await expect(database.db.update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
    const rows = await database.db.select().from(auditLog);
    expect(rows.map((r) => r.action).sort()).toEqual(['deposit.approve', 'job.run']);
  });
});
