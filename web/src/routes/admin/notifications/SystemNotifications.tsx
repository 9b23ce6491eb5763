import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { NotificationMsg, zNotificationRecipientQuery } from '@contract/notifications';
import { errorMessage } from '../../../api/client';
import {
  useAllNotifications,
  useMarkNotification,
  type Notification,
  type NotificationRecipient,
} from '../../../api/notifications';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Modal } from '../../../components/ui/Modal';
import { Badge } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { DateTimeCell } from '../../../components/TableCells';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { FilterSelect } from '../funds/FilterSelect';
import { SendNotificationModal } from './SendNotificationModal';

const RECIPIENT_OPTIONS = [
  { value: 'all', label: 'notifications.recipient.all' },
  { value: 'user', label: 'notifications.recipient.one' },
] as const satisfies readonly { value: NotificationRecipient; label: string }[];

/** Who a notice went to: everyone, or the user's name (with their email when known). */
function recipientOf(n: Notification, allUsers: string): string {
  if (n.recipientId === null) return allUsers;
  if (n.recipientEmail) return `${n.recipientUserName} (${n.recipientEmail})`;
  return n.recipientUserName ?? `#${n.recipientId}`;
}

/** Status column: the viewer's own read state; for a broadcast also how many users read it. */
function StatusCell({ n }: { n: Notification }) {
  const { t } = useTranslation('admin');
  const audience = n.audienceCount ?? 0;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={n.isRead ? 'neutral' : 'info'}>
        {n.isRead ? t('notifications.read') : t('notifications.unread')}
      </Badge>
      {n.recipientId === null ? (
        <span className="text-xs text-muted" data-testid="broadcast-read-count">
          {t('notifications.readBy', {
            count: audience,
            read: formatNumber(n.readCount ?? 0),
            audience: formatNumber(audience),
          })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * /app/admin/send-notification: every notice, 10 per page; row opens it (marks read for the viewer); send to all
 * or one.
 */
export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('notifications.title'));
  const allUsers = t('notifications.recipient.all');
  const { page, filters, setPage, setFilters } = useListState(zNotificationRecipientQuery);
  const { recipient } = filters;
  const [sending, setSending] = useState(false);
  const [opened, setOpened] = useState<Notification | null>(null);
  const list = useAllNotifications(page, recipient);
  const mark = useMarkNotification();

  const toggle = (n: Notification) =>
    mark.mutate(
      { id: n.id, read: !n.isRead },
      {
        onSuccess: ({ message }) => toast.success(translateMessage(message)),
        onError: (err) => toast.error(errorMessage(err, translateMessage(NotificationMsg.updateFailed))),
      },
    );
  const open = (n: Notification) => {
    setOpened(n);
    if (!n.isRead) mark.mutate({ id: n.id, read: true });
  };
  const toggleButton = (n: Notification) => (
    <button
      type="button"
      className="btn-ghost px-2 text-xs whitespace-nowrap"
      onClick={(e) => {
        e.stopPropagation();
        toggle(n);
      }}
      disabled={mark.isPending}
    >
      {n.isRead ? t('notifications.markUnread') : t('notifications.markRead')}
    </button>
  );

  const columns: Column<Notification>[] = [
    { label: t('notifications.columns.date'), cell: (n) => <DateTimeCell iso={n.createdAt} /> },
    {
      label: t('notifications.columns.recipient'),
      cell: (n) => recipientOf(n, allUsers),
      className: 'max-w-56 break-words',
    },
    {
      label: t('notifications.columns.message'),
      cell: (n) => (
        <button
          type="button"
          className="line-clamp-2 text-left break-words hover:underline"
          onClick={(e) => (e.stopPropagation(), open(n))}
        >
          {n.message}
        </button>
      ),
      className: 'max-w-md',
    },
    { label: t('notifications.columns.status'), cell: (n) => <StatusCell n={n} /> },
    { label: t('notifications.columns.actions'), cell: toggleButton },
  ];

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="system-notifications-page"
    >
      <PageHeader title={t('notifications.title')} description={t('notifications.description')}>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setSending(true)}
          data-testid="send-new-notification"
        >
          <Plus className="size-4" aria-hidden="true" /> {t('notifications.send.title')}
        </button>
      </PageHeader>
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('notifications.filter.label')}
      >
        <FilterSelect
          label={t('notifications.filter.recipient')}
          value={recipient}
          options={RECIPIENT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          allLabel={t('notifications.filter.any')}
          onChange={(next) => setFilters({ recipient: next })}
        />
      </form>
      <QueryView query={list} fallback={translateMessage(NotificationMsg.fetchFailed)}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <DataTable
              rows={data.data}
              columns={columns}
              rowKey={(n) => n.id}
              caption={t('notifications.caption')}
              emptyText={recipient ? t('notifications.emptyFilter') : t('notifications.empty')}
              minWidth="min-w-[56rem]"
              testId="notifications-table"
              rowTestId="notification-row"
              cardTestId="notification-card"
              onRowClick={open}
              rowClassName="align-top"
              narrowRow={(n) => (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
                    <span>{formatDateTime(n.createdAt)}</span>
                    <span className="break-all">{recipientOf(n, allUsers)}</span>
                  </div>
                  <button type="button" className="text-left text-sm break-words" onClick={() => open(n)}>
                    {n.message}
                  </button>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <StatusCell n={n} />
                    {toggleButton(n)}
                  </div>
                </>
              )}
            />
            {/* No pager under an empty first page; an empty later one is past the end, which the pager corrects. */}
            {data.data.length > 0 || page > 1 ? (
              <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
            ) : null}
          </div>
        )}
      </QueryView>
      <SendNotificationModal open={sending} onClose={() => setSending(false)} />
      <Modal
        open={opened !== null}
        onOpenChange={(o) => (o ? null : setOpened(null))}
        title={t('notifications.details.title')}
        testId="notification-detail-modal"
      >
        {opened ? (
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-muted">{t('notifications.columns.date')}</dt>
              <dd>{formatDateTime(opened.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('notifications.columns.recipient')}</dt>
              <dd className="break-words">{recipientOf(opened, allUsers)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('notifications.columns.message')}</dt>
              <dd className="break-words whitespace-pre-wrap">{opened.message}</dd>
            </div>
          </dl>
        ) : null}
      </Modal>
    </div>
  );
}
