import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SupportMsg, type SupportConversation, type SupportMessage } from '../../../contract/support';
import { pageOf, type Page, type PageQuery } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { count, idNumber, rowsOf, timestamp } from '../../db/rows';
import { AppError, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';

type Side = 'user' | 'staff';

const side = z.enum(['user', 'staff']);
const conversationStatus = z.enum(['open', 'closed']);

const convRow = z.object({
  id: idNumber,
  user_id: idNumber,
  user_name: z.string(),
  email: z.string(),
  status: conversationStatus,
  unread: count,
  last_message: z.string().nullable(),
  last_message_at: timestamp,
  created_at: timestamp,
});

const msgRow = z.object({
  id: idNumber,
  conversation_id: idNumber,
  author_role: side,
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: timestamp,
});

const idRow = z.object({ id: idNumber });
const countRow = z.object({ n: count });
const lockedRow = z.object({ id: idNumber, status: conversationStatus });
const lockedWithUserRow = z.object({ id: idNumber, user_id: idNumber, status: conversationStatus });

const toConversation = (r: z.output<typeof convRow>): SupportConversation => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  email: r.email,
  status: r.status,
  unreadCount: r.unread,
  lastMessage: r.last_message,
  lastMessageAt: r.last_message_at.toISOString(),
  createdAt: r.created_at.toISOString(),
});

const toMessage = (r: z.output<typeof msgRow>): SupportMessage => ({
  id: r.id,
  conversationId: r.conversation_id,
  authorRole: r.author_role,
  // Staff answer as "Support": the user sees the platform, not which person.
  authorName: r.author_role === 'staff' ? 'Support' : (r.author_name ?? 'User'),
  body: r.body,
  createdAt: r.created_at.toISOString(),
});

/** Conversations as `viewer` sees them: unread counts the other side's messages past this side's read marker. */
const conversationSql = (viewer: Side) => sql`
  select c.id, c.user_id, u.user_name, u.email, c.status, c.last_message_at, c.created_at,
         (select count(*) from support_messages m where m.conversation_id = c.id and m.author_role <> ${viewer}
            and m.id > ${viewer === 'user' ? sql`c.user_read_up_to` : sql`c.staff_read_up_to`}) as unread,
         (select left(m.body, 140) from support_messages m where m.conversation_id = c.id order by m.id desc limit 1) as last_message
  from support_conversations c join users u on u.id = c.user_id`;

async function messagesAfter(db: DbOrTx, conversationId: number, after: number): Promise<SupportMessage[]> {
  const rows = await rowsOf(
    db,
    msgRow,
    sql`select m.id, m.conversation_id, m.author_role, a.user_name as author_name, m.body, m.created_at
        from support_messages m left join users a on a.id = m.author_id
        where m.conversation_id = ${conversationId} and m.id > ${after} order by m.id limit 500`,
  );
  return rows.map(toMessage);
}

/** Moves this side's read marker to the newest message (never backwards). */
async function markSeen(db: DbOrTx, conversationId: number, side: Side): Promise<void> {
  const col = side === 'user' ? sql`user_read_up_to` : sql`staff_read_up_to`;
  await db.execute(
    sql`update support_conversations set ${col} = greatest(${col}, coalesce((select max(id) from support_messages where conversation_id = ${conversationId}), 0)) where id = ${conversationId}`,
  );
}

async function conversationOf(
  db: DbOrTx,
  viewer: Side,
  where: ReturnType<typeof sql>,
): Promise<SupportConversation | null> {
  const [row] = await rowsOf(db, convRow, sql`${conversationSql(viewer)} where ${where} order by c.id desc limit 1`);
  return row ? toConversation(row) : null;
}

/** The user's latest conversation and its messages after `after`; reading marks them seen. */
export async function userThread(
  db: Db,
  userId: number,
  after: number,
): Promise<{ conversation: SupportConversation | null; messages: SupportMessage[] }> {
  const latest = await conversationOf(db, 'user', sql`c.user_id = ${userId}`);
  if (!latest) return { conversation: null, messages: [] };
  const messages = await messagesAfter(db, latest.id, after);
  if (latest.unreadCount > 0) await markSeen(db, latest.id, 'user');
  return { conversation: { ...latest, unreadCount: 0 }, messages };
}

/** Opens a conversation for the user, or returns the open one (one open per user, by a unique index). */
export async function startConversation(db: Db, userId: number, now: Date): Promise<SupportConversation> {
  await db.execute(sql`insert into support_conversations (user_id, last_message_at, created_at) values (${userId}, ${now.toISOString()}, ${now.toISOString()})
    on conflict (user_id) where status = 'open' do nothing`);
  return (await conversationOf(db, 'user', sql`c.user_id = ${userId} and c.status = 'open'`))!;
}

/** The user closes their own open conversation. */
export async function closeOwnConversation(db: Db, userId: number, now: Date): Promise<SupportConversation> {
  const rows = await rowsOf(
    db,
    idRow,
    sql`update support_conversations set status = 'closed', closed_at = ${now.toISOString()} where user_id = ${userId} and status = 'open' returning id`,
  );
  if (!rows.length) throw new AppError('NO_OPEN_CONVERSATION', SupportMsg.noConversation);
  return (await conversationOf(db, 'user', sql`c.id = ${rows[0]!.id}`))!;
}

/** A user's message in their open conversation. Throws 409 when they have none open. */
export async function postUserMessage(db: Db, userId: number, body: string, now: Date): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const [conv] = await rowsOf(
      tx,
      lockedRow,
      sql`select id, status from support_conversations where user_id = ${userId} order by id desc limit 1 for update`,
    );
    if (!conv) throw new AppError('NO_OPEN_CONVERSATION', SupportMsg.noConversation);
    if (conv.status !== 'open') throw new AppError('CONVERSATION_CLOSED', SupportMsg.closed);
    return insertMessage(tx, conv.id, userId, 'user', body, now);
  });
}

async function insertMessage(
  tx: DbOrTx,
  conversationId: number,
  authorId: number,
  role: Side,
  body: string,
  now: Date,
): Promise<SupportMessage> {
  const [row] = await rowsOf(
    tx,
    idRow,
    sql`insert into support_messages (conversation_id, author_id, author_role, body, created_at) values (${conversationId}, ${authorId}, ${role}, ${body}, ${now.toISOString()}) returning id`,
  );
  // The author has seen everything up to their own message.
  const marker = role === 'user' ? sql`user_read_up_to` : sql`staff_read_up_to`;
  await tx.execute(
    sql`update support_conversations set last_message_at = ${now.toISOString()}, ${marker} = ${row!.id} where id = ${conversationId}`,
  );
  const [m] = await messagesAfter(tx, conversationId, row!.id - 1);
  return m!;
}

/** Staff inbox: conversations with the newest activity first, open ones before closed. */
export async function inbox(
  db: Db,
  q: PageQuery & { status?: 'open' | 'closed' },
): Promise<Page<SupportConversation> & { unreadTotal: number }> {
  const where = q.status ? sql`where c.status = ${q.status}` : sql``;
  const [total, rows, unread] = await Promise.all([
    rowsOf(db, countRow, sql`select count(*) as n from support_conversations c ${where}`),
    rowsOf(
      db,
      convRow,
      sql`${conversationSql('staff')} ${where} order by (c.status = 'open') desc, c.last_message_at desc, c.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rowsOf(
      db,
      countRow,
      sql`select count(*) as n from support_messages m join support_conversations c on c.id = m.conversation_id where m.author_role = 'user' and m.id > c.staff_read_up_to`,
    ),
  ]);
  return { ...pageOf(rows.map(toConversation), total[0]!.n, q), unreadTotal: unread[0]!.n };
}

async function requireConversation(db: DbOrTx, id: number): Promise<SupportConversation> {
  const c = await conversationOf(db, 'staff', sql`c.id = ${id}`);
  if (!c) throw notFound(SupportMsg.notFound);
  return c;
}

/** Staff read a conversation: its messages after `after`, and it counts as seen by staff. */
export async function staffThread(
  db: Db,
  id: number,
  after: number,
): Promise<{ conversation: SupportConversation; messages: SupportMessage[] }> {
  const conversation = await requireConversation(db, id);
  const messages = await messagesAfter(db, id, after);
  if (conversation.unreadCount > 0) await markSeen(db, id, 'staff');
  return { conversation: { ...conversation, unreadCount: 0 }, messages };
}

/** A staff reply: reopens nothing by itself (a closed chat is reopened explicitly), notifies the user, audited. */
export async function postStaffReply(
  db: Db,
  actor: AuditActor,
  id: number,
  body: string,
  now: Date,
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const [conv] = await rowsOf(
      tx,
      lockedWithUserRow,
      sql`select id, user_id, status from support_conversations where id = ${id} for update`,
    );
    if (!conv) throw notFound(SupportMsg.notFound);
    if (conv.status !== 'open') throw new AppError('CONVERSATION_CLOSED', 'This chat is closed. Reopen it to reply.');
    const m = await insertMessage(tx, id, actor.userId!, 'staff', body, now);
    await notifyUser(tx, {
      userId: conv.user_id,
      notice: noticeOf('support.reply', {}),
      kind: 'support',
      senderId: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: 'support.reply',
      targetType: 'support_conversation',
      targetId: id,
      after: { messageId: m.id },
    });
    return m;
  });
}

/** Staff close or reopen a conversation; reopening refuses when the user already has another one open. */
export async function setConversationStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  status: 'open' | 'closed',
  now: Date,
): Promise<SupportConversation> {
  return db.transaction(async (tx) => {
    const before = await requireConversation(tx, id);
    if (before.status !== status) {
      const [other] =
        status === 'open'
          ? await rowsOf(
              tx,
              idRow,
              sql`select id from support_conversations where user_id = ${before.userId} and status = 'open'`,
            )
          : [];
      if (other) throw new AppError('CONVERSATION_OPEN', 'This user already has another open chat');
      await tx.execute(
        sql`update support_conversations set status = ${status}, closed_at = ${status === 'closed' ? now.toISOString() : null} where id = ${id}`,
      );
      await recordAudit(tx, actor, {
        action: status === 'closed' ? 'support.close' : 'support.reopen',
        targetType: 'support_conversation',
        targetId: id,
        before: { status: before.status },
        after: { status },
      });
    }
    return requireConversation(tx, id);
  });
}
