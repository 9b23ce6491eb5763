import { z } from 'zod';
import { text } from './text';
import { zPage, zPageQuery } from './pagination';
import { route } from './route';

/** Contact form (spec §3 Contact form, §5 Contact, §8 Contact). */
export const ContactMsg = {
  success: "Thank you for your message! We'll get back to you soon.",
  failed: 'Failed to submit contact form. Please try again.',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',
} as const;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

/** A missing field reads as empty, so it gets the same "required" message as a blank one. */
const filled = (required: string) => text(required).trim().min(1, required);

/** `POST /api/utils/contact` */
export const zContactRequest = z.object({
  name: filled(ContactMsg.nameRequired).max(CONTACT_NAME_MAX, ContactMsg.nameTooLong),
  email: filled(ContactMsg.emailRequired).max(254, ContactMsg.emailInvalid).pipe(z.email(ContactMsg.emailInvalid)),
  message: filled(ContactMsg.messageRequired).max(CONTACT_MESSAGE_MAX, ContactMsg.messageTooLong),
});
export type ContactRequest = z.infer<typeof zContactRequest>;

export const zContactResponse = z.object({ message: z.string(), id: z.number().int() });
export type ContactResponse = z.infer<typeof zContactResponse>;

/** A stored message as staff see it. */
export const zContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /**
   * The notice to the support address: sent, stored (no SMTP: in the mail outbox), failed, or none (no address
   * configured).
   */
  mailStatus: z.enum(['sent', 'stored', 'failed', 'none']),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof zContactMessage>;

/** `GET /api/utils/contact-messages?page&limit` (staff), newest first. */
export const zContactMessageList = zPage(zContactMessage);
export type ContactMessageList = z.infer<typeof zContactMessageList>;

export const contactApi = {
  send: route({
    method: 'POST',
    path: '/utils/contact',
    tag: 'contact',
    summary: 'Send a message through the contact form (public); support is mailed',
    access: 'public',
    body: zContactRequest,
    response: zContactResponse,
    status: [201],
    errors: [],
  }),
  list: route({
    method: 'GET',
    path: '/utils/contact-messages',
    tag: 'contact',
    summary: 'Contact-form messages, newest first (staff)',
    access: 'staff',
    query: zPageQuery,
    response: zContactMessageList,
    errors: [],
  }),
};
