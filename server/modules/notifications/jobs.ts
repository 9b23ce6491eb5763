import type { Job } from '../../jobs/scheduler';
import type { NotificationDelivery } from './delivery';
import { pollTelegramUpdates, type TelegramDeps } from './telegram-link';

/** Sends queued email/Telegram copies (also kicked after every write request) and links Telegram chats. */
export const notificationJobs = (delivery: NotificationDelivery, telegram: TelegramDeps): Job[] => [
  { name: 'notification-delivery', intervalMs: 60_000, run: () => delivery.drain() },
  { name: 'telegram-link', intervalMs: 15_000, run: (_db, now) => pollTelegramUpdates(telegram, now) },
];
