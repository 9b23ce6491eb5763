import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationMsg, notificationsApi } from '../../../contract/notifications';
import type { ServerContext } from '../../context';
import { requestLocale } from '../../lib/locale';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { listAll, listNotificationsOf, sendToAll, sendToUser, setRead } from './service';
import { telegramLinkState, unlinkTelegram, type TelegramDeps } from './telegram-link';

/** Spec §7 "Activity and notifications", plus the Telegram link of the notification preferences. */
export function notificationRoutes(ctx: ServerContext, telegram: TelegramDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const sent = (notificationId: number) => ({
      success: true as const,
      message: NotificationMsg.sent,
      notificationId,
    });

    serve(app, notificationsApi.sendToUser, async ({ body, caller }, request) =>
      sent(await sendToUser(ctx.db, auditActor(caller, request), body.userId, body.message)),
    );
    serve(app, notificationsApi.sendToAll, async ({ body, caller }, request) =>
      sent(await sendToAll(ctx.db, auditActor(caller, request), body.message, body.includeLaterUsers, ctx.now())),
    );
    // Worded in the language the reader reads the site in now (the web keeps the `lang` cookie).
    serve(app, notificationsApi.ofUser, ({ params, query, caller }, request) =>
      listNotificationsOf(ctx.db, caller, params.id, query, requestLocale(request)),
    );
    serve(app, notificationsApi.all, ({ query, caller }, request) =>
      listAll(ctx.db, caller.userId, query, requestLocale(request)),
    );
    serve(app, notificationsApi.markRead, async ({ params, caller }, request) => ({
      message: NotificationMsg.markedRead,
      ...(await setRead(ctx.db, caller, params.id, true, requestLocale(request))),
    }));
    serve(app, notificationsApi.markUnread, async ({ params, caller }, request) => ({
      message: NotificationMsg.markedUnread,
      ...(await setRead(ctx.db, caller, params.id, false, requestLocale(request))),
    }));
    serve(app, notificationsApi.telegram, ({ caller }) => telegramLinkState(telegram, caller.userId, ctx.now()));
    serve(app, notificationsApi.renewTelegram, ({ caller }) =>
      telegramLinkState(telegram, caller.userId, ctx.now(), true),
    );
    serve(app, notificationsApi.unlinkTelegram, async ({ caller }) => {
      await unlinkTelegram(ctx.db, caller.userId);
      return { message: 'Telegram unlinked' };
    });
  };
}
