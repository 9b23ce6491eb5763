import { and, desc, eq, gt } from 'drizzle-orm';
import type { DeviceSession } from '../../../contract/auth';
import type { DbOrTx } from '../../db/client';
import { deviceSessions } from '../../db/schema';

type Row = typeof deviceSessions.$inferSelect;

export function toDeviceSession(row: Row, currentSessionId: number | null): DeviceSession {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceInfo: { device: row.device, browser: row.browser, os: row.os },
    ip: row.ip,
    location: row.location,
    countryCode: row.countryCode,
    lastActive: row.lastActiveAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/** A user's live sessions, most recently active first. */
export async function listUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  currentSessionId: number | null,
): Promise<DeviceSession[]> {
  const rows = await db
    .select()
    .from(deviceSessions)
    .where(and(eq(deviceSessions.userId, userId), gt(deviceSessions.expiresAt, now)))
    .orderBy(desc(deviceSessions.lastActiveAt));
  return rows.map((r) => toDeviceSession(r, currentSessionId));
}
