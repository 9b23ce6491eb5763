import { desc, eq, gt } from 'drizzle-orm';
import type { DeviceSessionList, LiveSession } from '../../../contract/sessions';
import type { Page, PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { deviceSessions, users } from '../../db/schema';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { countWhere, paged } from '../../lib/paging';
import { listUserSessions, toDeviceSession } from './views';

/** A user's live device sessions: their own, or anyone's for staff (403/404 otherwise). */
export async function deviceSessionsOf(
  db: Db,
  caller: AuthContext,
  userId: number,
  now: Date,
): Promise<DeviceSessionList> {
  const id = await readableUserId(db, caller, userId);
  return { data: await listUserSessions(db, id, now, caller.sessionId) };
}

/** Every live session, most recently active first (the caller is staff). */
export function listLiveSessions(db: DbOrTx, caller: AuthContext, q: PageQuery, now: Date): Promise<Page<LiveSession>> {
  const live = gt(deviceSessions.expiresAt, now);
  return paged(
    q,
    () => countWhere(db, deviceSessions, live),
    async (limit, offset) => {
      const rows = await db
        .select({ s: deviceSessions, userName: users.userName })
        .from(deviceSessions)
        .innerJoin(users, eq(users.id, deviceSessions.userId))
        .where(live)
        .orderBy(desc(deviceSessions.lastActiveAt))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...toDeviceSession(r.s, caller.sessionId),
        userId: r.s.userId,
        userName: r.userName,
      }));
    },
  );
}
