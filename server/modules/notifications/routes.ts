import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zMessage } from '../../../contract/route';
import { zErrorBody } from '../../../contract/errors';
import {
  NotificationMsg,
  zNotificationFilterQuery,
  zNotificationList,
  zNotificationMarked,
  zNotificationRecipientQuery,
  zSendResult,
  zSendToAll,
  zSendToUser,
  zTelegramLink,
} from '../../../contract/notifications';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import { loadUserFor } from '../../lib/auth-context';
import { listAll, listForUser, sendToAll, sendToUser, setRead } from './service';
import { telegramLinkState, unlinkTelegram, type TelegramDeps } from './telegram-link';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

/** Spec §7 "Activity and notifications", plus the Telegram link of the notification preferences. */
export function notificationRoutes(ctx: ServerContext, telegram: TelegramDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/notifications/send-user',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Send a notification to one user (staff)',
          body: zSendToUser,
          response: { 201: zSendResult, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request);
        const notificationId = await sendToUser(
          ctx.db,
          auditActor(staff, request),
          request.body.userId,
          request.body.message,
        );
        return reply.status(201).send({ success: true as const, message: NotificationMsg.sent, notificationId });
      },
    );

    app.post(
      '/notifications/send-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Send a notification to all users, stored once (staff)',
          body: zSendToAll,
          response: { 201: zSendResult, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request);
        const notificationId = await sendToAll(
          ctx.db,
          auditActor(staff, request),
          request.body.message,
          request.body.includeLaterUsers,
          ctx.now(),
        );
        return reply.status(201).send({ success: true as const, message: NotificationMsg.sent, notificationId });
      },
    );

    app.get(
      '/notifications/user/:id',
      {
        schema: {
          tags: ['notifications'],
          summary: "A user's notifications, newest first, with the unread count (own, or any for staff)",
          params: zIdParam,
          querystring: zPageQuery.extend(zNotificationFilterQuery.shape),
          response: { 200: zNotificationList, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return listForUser(ctx.db, user.id, request.query);
      },
    );

    app.get(
      '/notifications/all-notifications',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Every notification (staff), or only broadcasts (recipient=all) or only those to one user (recipient=user); read state is the viewer’s own',
          querystring: zPageQuery.extend(zNotificationRecipientQuery.shape),
          response: { 200: zNotificationList, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        return listAll(ctx.db, staff.userId, request.query);
      },
    );

    for (const [verb, read] of [
      ['read', true],
      ['unread', false],
    ] as const) {
      app.put(
        `/notifications/:id/${verb}`,
        {
          schema: {
            tags: ['notifications'],
            summary: `Mark a notification ${verb} for the caller only`,
            params: zIdParam,
            response: { 200: zNotificationMarked, ...errors },
          },
        },
        async (request) => {
          const r = await setRead(ctx.db, requireUser(request), request.params.id, read);
          return { message: read ? NotificationMsg.markedRead : NotificationMsg.markedUnread, ...r };
        },
      );
    }

    app.get(
      '/notifications/telegram',
      {
        schema: {
          tags: ['notifications'],
          summary: 'The caller’s Telegram link: linked, or a one-time code to send to the bot as /start <code>',
          response: { 200: zTelegramLink, ...errors },
        },
      },
      async (request) => telegramLinkState(telegram, requireUser(request).userId, ctx.now()),
    );

    app.post(
      '/notifications/telegram',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Issue a fresh one-time link code',
          response: { 200: zTelegramLink, ...errors },
        },
      },
      async (request) => telegramLinkState(telegram, requireUser(request).userId, ctx.now(), true),
    );

    app.delete(
      '/notifications/telegram',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Unlink Telegram',
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await unlinkTelegram(ctx.db, requireUser(request).userId);
        return { message: 'Telegram unlinked' };
      },
    );
  };
}
