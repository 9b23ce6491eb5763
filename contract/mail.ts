import { z } from 'zod';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { text } from './text';
import { route } from './route';

/** What became of a mail: handed to SMTP, kept here because no SMTP is set up, or refused by SMTP. */
export const MAIL_STATUSES = ['sent', 'stored', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail of the outbox as its list shows it: no body, so a list reveals no link. */
export const zOutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof zOutboxMail>;
export const zOutboxPage = zPage(zOutboxMail);

/** One mail opened: its text and the links in it (a confirmation or reset link the staff member passes on). */
export const zOutboxMailBody = zOutboxMail.extend({ text: z.string(), links: z.array(z.string()) });
export type OutboxMailBody = z.infer<typeof zOutboxMailBody>;

export const zOutboxQuery = zPageQuery.extend({
  /** Part of the recipient's address. */
  to: text().trim().max(254).optional(),
  status: z.enum(MAIL_STATUSES, { message: 'Unknown mail status' }).optional(),
});
export type OutboxQuery = z.infer<typeof zOutboxQuery>;

export const mailApi = {
  outbox: route({
    method: 'GET',
    path: '/admin/mail-outbox',
    tag: 'mail',
    summary: 'Every mail the platform wrote, newest first, without bodies (staff)',
    access: 'staff',
    query: zOutboxQuery,
    response: zOutboxPage,
    errors: [],
  }),
  read: route({
    method: 'GET',
    path: '/admin/mail-outbox/:id',
    tag: 'mail',
    summary: "One mail with its text and links (staff, audited; a moderator cannot open an admin's mail)",
    access: 'staff',
    params: zIdParam,
    response: zOutboxMailBody,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
};
