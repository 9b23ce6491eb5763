import { z } from 'zod';
import { fill } from './fill';
import { text } from './text';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route } from './route';

export const SUPPORT_MESSAGE_MAX = 2000;

export const SupportMsg = {
  bodyRequired: 'Message is required',
  bodyEmpty: 'Message cannot be empty',
  bodyTooLong: fill('Message must be at most {{max}} characters', { max: SUPPORT_MESSAGE_MAX }),
  noConversation: 'Start a chat first',
  closed: 'This chat is closed. Start a new chat to write again.',
  notFound: 'Conversation not found',
  started: 'Chat started',
  closedOk: 'Chat closed',
  reopened: 'Chat reopened',
} as const;

export const zSupportMessageBody = z.object({
  body: text({ error: SupportMsg.bodyRequired })
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

export const supportApi = {
  thread: route({
    method: 'GET',
    path: '/support/conversation',
    tag: 'support',
    summary: 'The caller’s latest chat and its messages after `after`',
    access: 'user',
    query: zAfterQuery,
    response: zSupportThread,
    errors: [],
  }),
  start: route({
    method: 'POST',
    path: '/support/conversation',
    tag: 'support',
    summary: 'Start a chat (or return the open one)',
    access: 'user',
    response: zSupportConversation,
    errors: [],
  }),
  close: route({
    method: 'POST',
    path: '/support/conversation/close',
    tag: 'support',
    summary: 'Close the caller’s open chat',
    access: 'user',
    response: zSupportConversation,
    errors: ['NO_OPEN_CONVERSATION'],
  }),
  write: route({
    method: 'POST',
    path: '/support/conversation/messages',
    tag: 'support',
    summary: 'Write in the caller’s open chat',
    access: 'user',
    body: zSupportMessageBody,
    response: zSupportMessage,
    status: [201],
    errors: ['NO_OPEN_CONVERSATION', 'CONVERSATION_CLOSED'],
  }),
  inbox: route({
    method: 'GET',
    path: '/support/conversations',
    tag: 'support',
    summary: 'Support inbox (staff)',
    access: 'staff',
    query: zPageQuery.extend(zSupportInboxQuery.shape),
    response: zSupportInbox,
    errors: [],
  }),
  staffThread: route({
    method: 'GET',
    path: '/support/conversations/:id',
    tag: 'support',
    summary: 'One chat and its messages after `after` (staff); marks it seen',
    access: 'staff',
    params: zIdParam,
    query: zAfterQuery,
    response: zSupportThread,
    errors: ['NOT_FOUND'],
  }),
  reply: route({
    method: 'POST',
    path: '/support/conversations/:id/messages',
    tag: 'support',
    summary: 'Reply (staff); the user is notified',
    access: 'staff',
    params: zIdParam,
    body: zSupportMessageBody,
    response: zSupportMessage,
    status: [201],
    errors: ['NOT_FOUND', 'CONVERSATION_CLOSED'],
  }),
  setStatus: route({
    method: 'PUT',
    path: '/support/conversations/:id/status',
    tag: 'support',
    summary: 'Close or reopen a chat (staff)',
    access: 'staff',
    params: zIdParam,
    body: zSupportStatusBody,
    response: zSupportConversation,
    errors: ['NOT_FOUND', 'CONVERSATION_OPEN'],
  }),
};
