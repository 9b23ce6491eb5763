import { z } from 'zod';
import { text } from './text';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route, zMessage } from './route';

/** Spec §8 (Notifications) and §5 (Notification send). */
export const NotificationMsg = {
  sent: 'Notification sent successfully!',
  sendFailed: 'Failed to send notification',
  fetchFailed: 'Failed to fetch notifications',
  updateFailed: 'Failed to update notification status',
  markedRead: 'Notification marked as read',
  markedUnread: 'Notification marked as unread',
  messageRequired: 'Message is required',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: 'Message must be at most 2000 characters',
  userIdRequired: 'User ID is required for specific recipient',
  notFound: 'Notification not found',
  recipientNotFound: 'User not found',
} as const;

export const NOTIFICATION_MAX_LENGTH = 2000;
export { BELL_SIZE, badgeText } from './notification-badge';

const zNoticeText = text({ error: NotificationMsg.messageRequired })
  .trim()
  .min(1, NotificationMsg.messageEmpty)
  .max(NOTIFICATION_MAX_LENGTH, NotificationMsg.messageTooLong);

const zUserId = z.coerce
  .number({ error: NotificationMsg.userIdRequired })
  .int(NotificationMsg.userIdRequired)
  .positive(NotificationMsg.userIdRequired)
  .max(Number.MAX_SAFE_INTEGER, NotificationMsg.userIdRequired);

export const zSendToUser = z.object({
  userId: zUserId,
  message: zNoticeText,
});
export type SendToUser = z.infer<typeof zSendToUser>;

export const zSendToAll = z.object({
  message: zNoticeText,
  /** Also show it to users who register later (default: only to users who exist now). */
  includeLaterUsers: z.boolean().optional().default(false),
});
export type SendToAll = z.infer<typeof zSendToAll>;

export const zSendResult = z.object({
  success: z.literal(true),
  message: z.string(),
  notificationId: z.number().int(),
});

export const zNotification = z.object({
  id: z.number().int(),
  message: z.string(),
  kind: z.string(),
  /** The caller's own read state (for a broadcast: whether this user has read it). */
  isRead: z.boolean(),
  createdAt: z.string(),
  /** null: all users. */
  recipientId: z.number().int().nullable(),
  recipientUserName: z.string().nullable(),
  recipientEmail: z.string().nullable().optional(),
  /** Staff list only: how many users read it, out of how many it reaches. */
  readCount: z.number().int().optional(),
  audienceCount: z.number().int().optional(),
});
export type Notification = z.infer<typeof zNotification>;

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export const zNotificationFilterQuery = z.object({ filter: z.enum(NOTIFICATION_FILTERS).optional().default('all') });

/** Staff list: broadcasts to all users, or notices to one user; absent for both. */
export const NOTIFICATION_RECIPIENTS = ['all', 'user'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];
export const zNotificationRecipientQuery = z.object({ recipient: z.enum(NOTIFICATION_RECIPIENTS).optional() });

export const zNotificationList = zPage(zNotification).extend({ unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof zNotificationList>;

export const zNotificationMarked = z.object({
  message: z.string(),
  notification: zNotification,
  unreadCount: z.number().int(),
});

/** Telegram link state on the notification preferences. */
export const zTelegramLink = z.object({
  linked: z.boolean(),
  botConfigured: z.boolean(),
  botUserName: z.string().nullable(),
  /** While not linked: send `/start <code>` to the bot before it expires. */
  code: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
});
export type TelegramLink = z.infer<typeof zTelegramLink>;

const zNotificationsQuery = zPageQuery.extend(zNotificationFilterQuery.shape);
const zAllNotificationsQuery = zPageQuery.extend(zNotificationRecipientQuery.shape);

/** Marks a notification read or unread for the caller only. */
const markRoute = <V extends 'read' | 'unread'>(verb: V) =>
  route({
    method: 'PUT',
    path: `/notifications/:id/${verb}` as `/notifications/:id/${V}`,
    tag: 'notifications',
    summary: `Mark a notification ${verb} for the caller only`,
    access: 'user',
    params: zIdParam,
    response: zNotificationMarked,
    errors: ['NOT_FOUND'],
  });

export const notificationsApi = {
  sendToUser: route({
    method: 'POST',
    path: '/notifications/send-user',
    tag: 'notifications',
    summary: 'Send a notification to one user (staff)',
    access: 'staff',
    body: zSendToUser,
    response: zSendResult,
    status: [201],
    errors: ['NOT_FOUND'],
  }),
  sendToAll: route({
    method: 'POST',
    path: '/notifications/send-all',
    tag: 'notifications',
    summary: 'Send a notification to all users, stored once (staff)',
    access: 'staff',
    body: zSendToAll,
    response: zSendResult,
    status: [201],
    errors: [],
  }),
  ofUser: route({
    method: 'GET',
    path: '/notifications/user/:id',
    tag: 'notifications',
    summary: "A user's notifications, newest first, with the unread count (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zNotificationsQuery,
    response: zNotificationList,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  all: route({
    method: 'GET',
    path: '/notifications/all-notifications',
    tag: 'notifications',
    summary:
      'Every notification (staff), or only broadcasts (recipient=all) or only those to one user (recipient=user); read state is the viewer’s own',
    access: 'staff',
    query: zAllNotificationsQuery,
    response: zNotificationList,
    errors: [],
  }),
  markRead: markRoute('read'),
  markUnread: markRoute('unread'),
  telegram: route({
    method: 'GET',
    path: '/notifications/telegram',
    tag: 'notifications',
    summary: 'The caller’s Telegram link: linked, or a one-time code to send to the bot as /start <code>',
    access: 'user',
    response: zTelegramLink,
    errors: [],
  }),
  renewTelegram: route({
    method: 'POST',
    path: '/notifications/telegram',
    tag: 'notifications',
    summary: 'Issue a fresh one-time link code',
    access: 'user',
    response: zTelegramLink,
    errors: [],
  }),
  unlinkTelegram: route({
    method: 'DELETE',
    path: '/notifications/telegram',
    tag: 'notifications',
    summary: 'Unlink Telegram',
    access: 'user',
    response: zMessage,
    errors: [],
  }),
};
