import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Notification,
  NotificationFilter,
  NotificationList,
  NotificationRecipient,
  TelegramLink,
} from '@contract/notifications';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const notificationsApi = apiOf('notificationsApi');

export type { Notification, NotificationFilter, NotificationList, NotificationRecipient, TelegramLink };

/** The bell and the lists refresh this often, so a new notice shows without a reload. */
export const NOTIFICATION_POLL_MS = 30_000;

/** Every notification list and badge. */
const refreshNotices = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(notificationsApi.ofUser) }),
    qc.invalidateQueries({ queryKey: keyOf(notificationsApi.all) }),
  ]);

/** A page of a user's notices, as the bell and the page ask for it. */
export const userNotificationsInput = (
  userId: number,
  page: number,
  limit: number,
  filter: NotificationFilter = 'all',
) => ({ params: { id: userId }, query: { page, limit, filter } });

/** A user's notices (bell: limit 5; page: 10 with a filter); carries the unread count. */
export function useUserNotifications(
  userId: number | undefined,
  page: number,
  limit: number,
  filter: NotificationFilter = 'all',
) {
  const input = userNotificationsInput(userId ?? 0, page, limit, filter);
  return useQuery({
    queryKey: keyOf(notificationsApi.ofUser, input),
    queryFn: ({ signal }) => call(notificationsApi.ofUser, input, { signal }),
    enabled: userId !== undefined,
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

/** Every notice (staff table), or only broadcasts or only notices to one user. */
export function useAllNotifications(page: number, recipient: NotificationRecipient | undefined) {
  const input = { query: { page, limit: 10, recipient } };
  return useQuery({
    queryKey: keyOf(notificationsApi.all, input),
    queryFn: ({ signal }) => call(notificationsApi.all, input, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** Read/unread for the caller; every notification list and badge is refetched after. */
export function useMarkNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      call(read ? notificationsApi.markRead : notificationsApi.markUnread, { params: { id } }),
    onSettled: () => refreshNotices(qc),
  });
}

export function useSendNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { to: 'all'; message: string; includeLaterUsers: boolean }
        | { to: 'user'; userId: number | null; message: string },
    ) =>
      input.to === 'all'
        ? call(notificationsApi.sendToAll, {
            body: { message: input.message, includeLaterUsers: input.includeLaterUsers },
          })
        : // A missing user id is sent as is: the server answers with the form's own message.
          call(notificationsApi.sendToUser, { body: { userId: input.userId, message: input.message } }),
    onSuccess: () => refreshNotices(qc),
  });
}

export function useTelegramLink(enabled: boolean) {
  return useQuery({
    queryKey: keyOf(notificationsApi.telegram),
    queryFn: ({ signal }) => call(notificationsApi.telegram, {}, { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data && !q.state.data.linked && q.state.data.code ? 10_000 : false),
  });
}

export function useTelegramAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'renew' | 'unlink') =>
      call(action === 'renew' ? notificationsApi.renewTelegram : notificationsApi.unlinkTelegram),
    onSettled: () => qc.invalidateQueries({ queryKey: keyOf(notificationsApi.telegram) }),
  });
}
