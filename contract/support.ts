import { z } from 'zod';
import { zPage } from './pagination';

export const SUPPORT_MESSAGE_MAX = 2000;

export const SupportMsg = {
  bodyRequired: 'Message is required',
  bodyEmpty: 'Message cannot be empty',
  bodyTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
  noConversation: 'Start a chat first',
  closed: 'This chat is closed. Start a new chat to write again.',
  notFound: 'Conversation not found',
  started: 'Chat started',
  closedOk: 'Chat closed',
  reopened: 'Chat reopened',
  replyNotice: 'Support replied to your message. Open Support to read it.',
} as const;

export const zSupportMessageBody = z.object({
  body: z
    .string({ error: SupportMsg.bodyRequired })
    .trim()
    .min(1, SupportMsg.bodyEmpty)
    .max(SUPPORT_MESSAGE_MAX, SupportMsg.bodyTooLong),
});

export const zSupportMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  authorRole: z.enum(['user', 'staff']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof zSupportMessage>;

export const zSupportConversation = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  status: z.enum(['open', 'closed']),
  /** Messages from the other side this viewer has not seen. */
  unreadCount: z.number().int(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type SupportConversation = z.infer<typeof zSupportConversation>;

export const zAfterQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
});

/** The user's chat: their latest conversation (or none) and its messages after `after`. */
export const zSupportThread = z.object({
  conversation: zSupportConversation.nullable(),
  messages: z.array(zSupportMessage),
});
export type SupportThread = z.infer<typeof zSupportThread>;

export const zSupportInbox = zPage(zSupportConversation).extend({ unreadTotal: z.number().int() });
export const zSupportInboxQuery = z.object({ status: z.enum(['open', 'closed']).optional() });
export const zSupportStatusBody = z.object({
  status: z.enum(['open', 'closed'], { error: 'Status must be open or closed' }),
});
