import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { OutboxMail, OutboxMailBody, OutboxQuery } from '../../../contract/mail';
import type { Page } from '../../../contract/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secrets';
import { linksIn } from '../../integrations/mailer';
import { countWhere, paged } from '../../lib/paging';
import { recordAudit, type AuditActor } from '../audit/service';

type Row = typeof mailOutbox.$inferSelect;

const toOutboxMail = (r: Row): OutboxMail => ({
  id: r.id,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The outbox, newest first: who, what and how it went; never a body (staff). */
export function listOutbox(db: DbOrTx, q: OutboxQuery): Promise<Page<OutboxMail>> {
  const where: SQL | undefined = and(
    q.to ? ilike(mailOutbox.toAddress, `%${escapeLike(q.to)}%`) : undefined,
    q.status ? eq(mailOutbox.status, q.status) : undefined,
  );
  return paged(
    q,
    () => countWhere(db, mailOutbox, where),
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toOutboxMail);
    },
  );
}

/**
 * Opens one mail: its text and links, decrypted for this staff member and audited, since a body
 * can hold a live confirmation or password-reset link. A moderator may not open mail to an
 * admin's address (its reset link would hand them the admin's account). Throws NOT_FOUND, FORBIDDEN.
 */
export async function readOutboxMail(
  db: Db,
  box: SecretBox,
  caller: AuthContext,
  actor: AuditActor,
  id: number,
): Promise<OutboxMailBody> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw notFound('Mail not found');
    if (caller.role !== 'admin') {
      const [admin] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, row.toAddress.toLowerCase()), eq(users.role, 'admin')))
        .limit(1);
      if (admin) throw new AppError('FORBIDDEN', "Only an admin can open mail sent to an admin's address");
    }
    await recordAudit(tx, actor, {
      action: 'mail.read',
      targetType: 'mail',
      targetId: row.id,
      after: { to: row.toAddress, subject: row.subject },
    });
    const text = box.decrypt(row.textBody);
    return { ...toOutboxMail(row), text, links: linksIn(text) };
  });
}
