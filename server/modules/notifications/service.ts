import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  NotificationMsg,
  type Notification,
  type NotificationFilter,
  type NotificationList,
  type NotificationRecipient,
} from '../../../contract/notifications';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locales';
import { pageOf, type PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { count, idNumber, rowsOf, timestamp } from '../../db/rows';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { countedRows } from '../../lib/paging';
import { recordAudit, type AuditActor } from '../audit/service';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { textNotice, wordNotice } from './messages';
import { insertNoticesSql, notifyUser, queueDeliveriesSql, storedNoticeSql } from './notify';

/** A notice as the list and detail queries select it; only the staff queries count reads and audience. */
const noticeRow = z.object({
  id: idNumber,
  key: z.string(),
  params: z.unknown(),
  kind: z.string(),
  created_at: timestamp,
  recipient_id: idNumber.nullable(),
  recipient_user_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  is_read: z.boolean(),
  read_count: count.optional(),
  audience_count: count.optional(),
});
type Row = z.output<typeof noticeRow>;

const countRow = z.object({ n: count });
const idRow = z.object({ id: idNumber });

/** A row as the API answers it, worded in the reader's language. */
const toNotification = (r: Row, locale: Locale, staff = false): Notification => ({
  id: r.id,
  message: wordNotice(r, locale),
  kind: r.kind,
  isRead: r.is_read,
  createdAt: r.created_at.toISOString(),
  recipientId: r.recipient_id,
  recipientUserName: r.recipient_user_name,
  ...(staff
    ? {
        recipientEmail: r.recipient_email,
        readCount: r.read_count ?? 0,
        audienceCount: r.audience_count ?? 0,
      }
    : {}),
});

/**
 * The notices user `u` sees: their own, and broadcasts sent after they registered (or marked
 * for later users too). Two index ranges, (recipient_id, created_at) and the partial
 * broadcast index, so the cost follows the user's own notices, not the table.
 */
const visibleTo = (userId: number) => sql`(n.recipient_id = ${userId}
  or (n.recipient_id is null and (n.include_later_users or n.created_at >= (select created_at from users where id = ${userId}))))`;
const readBy = (userId: number) =>
  sql`exists (select 1 from notification_reads r where r.user_id = ${userId} and r.notification_id = n.id)`;

/** Unread notices of one user: one query, anti-joins on the reads' primary key. */
export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await rowsOf(
    db,
    countRow,
    sql`select (select count(*) from notifications n where n.recipient_id = ${userId} and not ${readBy(userId)})
             + (select count(*) from notifications n where n.recipient_id is null
                  and (n.include_later_users or n.created_at >= (select created_at from users where id = ${userId})) and not ${readBy(userId)}) as n`,
  );
  return row!.n;
}

const filterSql = (userId: number, filter: NotificationFilter): SQL =>
  filter === 'unread' ? sql`and not ${readBy(userId)}` : filter === 'read' ? sql`and ${readBy(userId)}` : sql``;

/** A user's notices as `listForUser`: their own, or anyone's for staff (403/404 otherwise). */
export async function listNotificationsOf(
  db: Db,
  caller: AuthContext,
  userId: number,
  q: PageQuery & { filter: NotificationFilter },
  locale: Locale = DEFAULT_LOCALE,
): Promise<NotificationList> {
  return listForUser(db, await readableUserId(db, caller, userId), q, locale);
}

/** A page of a user's notices, newest first, with their unread count (the bell and the Notifications page). */
export async function listForUser(
  db: Db,
  userId: number,
  q: PageQuery & { filter: NotificationFilter },
  locale: Locale = DEFAULT_LOCALE,
): Promise<NotificationList> {
  const where = sql`${visibleTo(userId)} ${filterSql(userId, q.filter)}`;
  // The page is cut from notifications alone, then its ten rows are joined and counted: the
  // read and audience counts were computed for every row the offset skipped (2.4 s at page 5,000).
  const [total, rows, unread] = await Promise.all([
    rowsOf(db, countRow, sql`select count(*) as n from notifications n where ${where}`),
    rowsOf(
      db,
      noticeRow,
      sql`select n.id, n.key, n.params, n.kind, n.created_at, n.recipient_id, u.user_name as recipient_user_name, null as recipient_email, ${readBy(userId)} as is_read
          from notifications n left join users u on u.id = n.recipient_id
          where ${where} order by n.created_at desc, n.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    unreadCount(db, userId),
  ]);
  return {
    ...pageOf(
      rows.map((r) => toNotification(r, locale)),
      total[0]!.n,
      q,
    ),
    unreadCount: unread,
  };
}

/**
 * Every notice (staff), or only broadcasts or only notices to one user, newest first: read state is the viewing
 * staff member's own; broadcasts say how many users read them.
 */
/**
 * The staff list's total, exact without counting every notice (500,000 took 40–90 ms of every
 * page): all of them from the row count triggers keep (migration 0030); broadcasts counted on
 * their partial index (a few per day); notices to users the difference.
 */
async function noticeTotal(db: Db, recipient: NotificationRecipient | undefined): Promise<number> {
  const broadcasts = async () =>
    (await rowsOf(db, countRow, sql`select count(*) as n from notifications n where n.recipient_id is null`))[0]!.n;
  if (recipient === 'all') return broadcasts();
  const [all, sent] = await Promise.all([countedRows(db, 'notifications'), recipient === 'user' ? broadcasts() : 0]);
  return all - sent;
}

export async function listAll(
  db: Db,
  viewerId: number,
  q: PageQuery & { recipient?: NotificationRecipient },
  locale: Locale = DEFAULT_LOCALE,
): Promise<NotificationList> {
  const where =
    q.recipient === 'all'
      ? sql`where n.recipient_id is null`
      : q.recipient === 'user'
        ? sql`where n.recipient_id is not null`
        : sql``;
  // The page is cut from notifications alone, then its ten rows are joined and counted: the
  // read and audience counts were computed for every row the offset skipped (2.4 s at page 5,000).
  const [total, rows, unread] = await Promise.all([
    noticeTotal(db, q.recipient),
    rowsOf(
      db,
      noticeRow,
      sql`select n.id, n.key, n.params, n.kind, n.created_at, n.recipient_id, u.user_name as recipient_user_name, u.email as recipient_email,
                 ${readBy(viewerId)} as is_read,
                 (select count(*) from notification_reads r where r.notification_id = n.id) as read_count,
                 case when n.recipient_id is null
                      then (select count(*) from users a where a.deleted_at is null and (n.include_later_users or a.created_at <= n.created_at))
                      else 1 end as audience_count
          from (select * from notifications n ${where} order by n.created_at desc, n.id desc
                limit ${q.limit} offset ${(q.page - 1) * q.limit}) n
          left join users u on u.id = n.recipient_id
          order by n.created_at desc, n.id desc`,
    ),
    unreadCount(db, viewerId),
  ]);
  return {
    ...pageOf(
      rows.map((r) => toNotification(r, locale, true)),
      total,
      q,
    ),
    unreadCount: unread,
  };
}

/** One notice as `viewer` sees it; a notice that is not theirs is "not found" (staff see every one). */
async function noticeFor(db: DbOrTx, viewer: AuthContext, id: number, locale: Locale): Promise<Notification> {
  const staff = viewer.role !== 'user';
  const [row] = await rowsOf(
    db,
    noticeRow,
    sql`select n.id, n.key, n.params, n.kind, n.created_at, n.recipient_id, u.user_name as recipient_user_name, u.email as recipient_email, ${readBy(viewer.userId)} as is_read,
               (select count(*) from notification_reads r where r.notification_id = n.id) as read_count
        from notifications n left join users u on u.id = n.recipient_id
        where n.id = ${id} ${staff ? sql`` : sql`and ${visibleTo(viewer.userId)}`}`,
  );
  if (!row) throw notFound(NotificationMsg.notFound);
  return toNotification(row, locale, staff);
}

/** Marks one notice read or unread for the caller only; others' read state of a broadcast is untouched. */
export async function setRead(
  db: Db,
  viewer: AuthContext,
  id: number,
  read: boolean,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ notification: Notification; unreadCount: number }> {
  await noticeFor(db, viewer, id, locale);
  if (read)
    await db.execute(
      sql`insert into notification_reads (notification_id, user_id) values (${id}, ${viewer.userId}) on conflict do nothing`,
    );
  else
    await db.execute(sql`delete from notification_reads where notification_id = ${id} and user_id = ${viewer.userId}`);
  const [notification, unread] = await Promise.all([noticeFor(db, viewer, id, locale), unreadCount(db, viewer.userId)]);
  return { notification, unreadCount: unread };
}

/** Staff message to one user, audited in the same transaction. Throws NOT_FOUND for an unknown or deleted user. */
export async function sendToUser(db: Db, actor: AuditActor, userId: number, message: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [u] = await rowsOf(tx, idRow, sql`select id from users where id = ${userId} and deleted_at is null`);
    if (!u) throw new AppError('NOT_FOUND', NotificationMsg.recipientNotFound);
    const id = await notifyUser(tx, { userId, notice: textNotice(message), kind: 'staff', senderId: actor.userId });
    await recordAudit(tx, actor, {
      action: 'notification.send',
      targetType: 'user',
      targetId: userId,
      after: { notificationId: id, message },
    });
    return id;
  });
}

/**
 * A broadcast: stored once (recipient null), read state per user. Email and Telegram copies
 * go to every existing user whose preferences ask for them, queued in one statement.
 */
export async function sendToAll(
  db: Db,
  actor: AuditActor,
  message: string,
  includeLaterUsers: boolean,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf(
      tx,
      idRow,
      insertNoticesSql({
        recipientId: sql`null`,
        notice: storedNoticeSql(textNotice(message)),
        kind: sql`'staff'`,
        senderId: sql`${actor.userId}::bigint`,
        includeLaterUsers: sql`${includeLaterUsers}`,
        createdAt: sql`${now.toISOString()}::timestamptz`,
      }),
    );
    const id = row!.id;
    await tx.execute(
      queueDeliveriesSql(
        sql`select ${id}::bigint as id, a.id as recipient_id, 'staff'::text as kind from ${users} a where a.deleted_at is null`,
      ),
    );
    await recordAudit(tx, actor, {
      action: 'notification.broadcast',
      targetType: 'notification',
      targetId: id,
      after: { message, includeLaterUsers },
    });
    return id;
  });
}
