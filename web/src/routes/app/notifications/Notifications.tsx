import { Bell, Check, Mail, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { NOTIFICATION_FILTERS } from '@contract/notifications';
import { errorMessage } from '../../../api/client';
import {
  useMarkNotification,
  useUserNotifications,
  type Notification,
  type NotificationFilter,
} from '../../../api/notifications';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { Modal } from '../../../components/ui/Modal';
import { LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { NotificationText } from '../../../components/notifications/NotificationText';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { zNotificationFilterQuery } from '@contract/notifications';
import { useListState } from '../../../lib/useListState';

const PAGE_SIZE = 10;
const FILTER_LABEL = {
  all: 'notifications.filter.all',
  unread: 'notifications.filter.unread',
  read: 'notifications.filter.read',
} as const satisfies Record<NotificationFilter, string>;
const EMPTY = {
  all: 'notifications.empty.all',
  unread: 'notifications.empty.unread',
  read: 'notifications.empty.read',
} as const satisfies Record<NotificationFilter, string>;

/** /app/:userName/notifications: filters all / unread / read, 10 per page (pager only above 10), open marks read. */
export function Component() {
  const { t } = useTranslation(['account', 'common']);
  usePageTitle(t('notifications.title'));
  const session = useSession().data;
  const { page, filters, setPage, setFilters } = useListState(zNotificationFilterQuery);
  const filter = filters.filter ?? 'all';
  const [opened, setOpened] = useState<Notification | null>(null);
  const list = useUserNotifications(session?.id, page, PAGE_SIZE, filter);
  const mark = useMarkNotification();

  const toggle = (n: Notification, read: boolean) =>
    mark.mutate(
      { id: n.id, read },
      {
        onSuccess: ({ message }) => toast.success(translateMessage(message)),
        onError: (err) => toast.error(errorMessage(err, t('notifications.updateFailed'))),
      },
    );
  const open = (n: Notification) => {
    setOpened(n);
    if (!n.isRead) mark.mutate({ id: n.id, read: true });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="notifications-page"
    >
      <PageHeader
        title={t('notifications.title')}
        description={
          list.data ? t('notifications.unread', { count: list.data.unreadCount }) : t('notifications.description')
        }
      />
      <div role="group" aria-label={t('notifications.filterLabel')} className="flex flex-wrap gap-2">
        {NOTIFICATION_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            className={filter === f ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setFilters({ filter: f === 'all' ? undefined : f })}
          >
            {t(FILTER_LABEL[f])}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t('notifications.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="card flex flex-col items-center gap-2 px-4 py-12 text-center text-muted">
          <Bell className="size-8" aria-hidden="true" />
          {t(EMPTY[filter])}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="card divide-y divide-line" data-testid="notification-list">
            {list.data.data.map((n) => (
              <li
                key={n.id}
                className="flex items-start gap-3 px-4 py-3"
                data-testid="notification-item"
                data-read={n.isRead}
              >
                <span
                  className={`mt-2 size-2 shrink-0 rounded-full ${n.isRead ? 'bg-transparent' : 'bg-accent'}`}
                  aria-hidden="true"
                />
                <button type="button" className="min-w-0 flex-1 text-left" onClick={() => open(n)}>
                  <NotificationText notification={n} compact />
                </button>
                <button
                  type="button"
                  className="btn-ghost shrink-0 px-2 text-xs"
                  onClick={() => toggle(n, !n.isRead)}
                  disabled={mark.isPending}
                  aria-label={n.isRead ? t('notifications.markUnread') : t('notifications.markRead')}
                >
                  {n.isRead ? (
                    <Mail className="size-4" aria-hidden="true" />
                  ) : (
                    <MailOpen className="size-4" aria-hidden="true" />
                  )}
                  <span className="max-sm:sr-only">
                    {n.isRead ? t('notifications.markUnread') : t('notifications.markRead')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.data.totalItems > PAGE_SIZE ? (
            <Pagination page={list.data.currentPage} totalPages={list.data.totalPages} onPageChange={setPage} />
          ) : null}
        </div>
      )}
      <Modal
        open={opened !== null}
        onOpenChange={(o) => (o ? null : setOpened(null))}
        title={t('notifications.detail')}
        description={opened ? formatDateTime(opened.createdAt) : undefined}
        footer={
          <button type="button" className="btn-primary" onClick={() => setOpened(null)}>
            <Check className="size-4" aria-hidden="true" /> {t('common:action.close')}
          </button>
        }
      >
        <p className="break-words whitespace-pre-wrap" data-testid="notification-detail">
          {opened?.message}
        </p>
      </Modal>
    </div>
  );
}
