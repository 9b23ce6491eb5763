import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage, ContactRequest } from '../../../contract/contact';
import type { PageQuery } from '../../../contract/pagination';
import type { SiteSettings } from '../../../contract/settings';
import type { DbOrTx } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import type { Mailer } from '../../integrations/mailer';
import { countWhere, paged } from '../../lib/paging';
import { DEFAULT_LOCALE } from '../../../contract/locales';
import { renderEmail } from '../email-templates/service';

/**
 * Where contact messages go: the support address in site settings, else the address mail is
 * sent from, else the oldest active admin's; null when none is known (the message is still
 * kept for staff to read in the back office).
 */
export async function supportAddress(db: DbOrTx, settings: SiteSettings): Promise<string | null> {
  if (settings.supportEmail) return settings.supportEmail;
  if (settings.fromEmail) return settings.fromEmail;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}

/**
 * Stores a contact-form message, then mails support about it. The message is written first
 * so that a mail failure never loses it; the outcome of the mail is recorded on the row.
 */
export async function submitContactMessage(
  deps: {
    db: DbOrTx;
    mailer: Mailer;
    settings: () => Promise<SiteSettings>;
    log: FastifyBaseLogger;
  },
  input: ContactRequest & { ip: string; userAgent: string },
): Promise<{ id: number }> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      message: input.message,
      ip: input.ip.slice(0, 100),
      userAgent: input.userAgent.slice(0, 500),
      mailStatus: 'none',
    })
    .returning({ id: contactMessages.id });
  const id = row!.id;
  const settings = await deps.settings();
  const to = await supportAddress(deps.db, settings);
  if (to) {
    let mailStatus: 'sent' | 'stored' | 'failed';
    try {
      // Staff read it in the platform's first language; the operator may re-word it (contact.message).
      const mail = await renderEmail(deps.db, deps.log, {
        event: 'contact.message',
        locale: DEFAULT_LOCALE,
        to,
        vars: {
          siteName: settings.siteName,
          id,
          // One line: the subject names the sender.
          name: input.name.replace(/[\r\n]+/g, ' ').slice(0, 80),
          email: input.email,
          message: input.message,
        },
      });
      mailStatus = await deps.mailer.send(mail);
    } catch (err) {
      // The message is kept: answering 500 now would only make the visitor send it twice.
      deps.log.error({ err, contactMessageId: id }, 'contact notice could not be mailed');
      mailStatus = 'failed';
    }
    await deps.db.update(contactMessages).set({ mailStatus }).where(eq(contactMessages.id, id));
  }
  return { id };
}

/** Newest first. */
export function listContactMessages(db: DbOrTx, q: PageQuery) {
  return paged<ContactMessage>(
    q,
    () => countWhere(db, contactMessages),
    async (limit, offset) =>
      (
        await db
          .select()
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        message: r.message,
        ip: r.ip,
        userAgent: r.userAgent,
        mailStatus: r.mailStatus,
        createdAt: r.createdAt.toISOString(),
      })),
  );
}
