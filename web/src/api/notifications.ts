import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Notification,
  NotificationFilter,
  NotificationList,
  NotificationRecipient,
  TelegramLink,
} from '@contract/notifications';
import { apiFetch } from './client';

export type { Notification, NotificationFilter, NotificationList, NotificationRecipient, TelegramLink };

/** The bell and the lists refresh this often, so a new notice shows without a reload. */
export const NOTIFICATION_POLL_MS = 30_000;
const KEY = 'notifications';

/** A user's notices (bell: limit 5; page: 10 with a filter); carries the unread count. */
export function useUserNotifications(
  userId: number | undefined,
  page: number,
  limit: number,
  filter: NotificationFilter = 'all',
) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit), filter });
  return useQuery({
    queryKey: [KEY, 'user', userId, params.toString()],
    queryFn: ({ signal }) =>
      apiFetch<NotificationList>(`/notifications/user/${userId}?${params.toString()}`, { signal }),
    enabled: userId !== undefined,
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

/** Every notice (staff table), or only broadcasts or only notices to one user. */
export function useAllNotifications(page: number, recipient: NotificationRecipient | undefined) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  if (recipient) params.set('recipient', recipient);
  return useQuery({
    queryKey: [KEY, 'all', params.toString()],
    queryFn: ({ signal }) =>
      apiFetch<NotificationList>(`/notifications/all-notifications?${params.toString()}`, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** Read/unread for the caller; every notification list and badge is refetched after. */
export function useMarkNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      apiFetch<{ message: string; notification: Notification; unreadCount: number }>(
        `/notifications/${id}/${read ? 'read' : 'unread'}`,
        { method: 'PUT' },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: [KEY] }),
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
        ? apiFetch<{ message: string }>('/notifications/send-all', {
            method: 'POST',
            body: { message: input.message, includeLaterUsers: input.includeLaterUsers },
          })
        : apiFetch<{ message: string }>('/notifications/send-user', {
            method: 'POST',
            body: { userId: input.userId, message: input.message },
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useTelegramLink(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'telegram'],
    queryFn: ({ signal }) => apiFetch<TelegramLink>('/notifications/telegram', { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data && !q.state.data.linked && q.state.data.code ? 10_000 : false),
  });
}

export function useTelegramAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'renew' | 'unlink') =>
      apiFetch<unknown>('/notifications/telegram', { method: action === 'renew' ? 'POST' : 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: [KEY, 'telegram'] }),
  });
}
