import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { FilterSelect } from '../funds/FilterSelect';
import { SendNotificationModal } from './SendNotificationModal';

const RECIPIENT_OPTIONS = [
  { value: 'all', label: 'All Users' },
  { value: 'user', label: 'One user' },
] as const satisfies readonly { value: NotificationRecipient; label: string }[];

const recipientOf = (n: Notification) =>
  n.recipientId === null
    ? 'All Users'
    : n.recipientEmail
      ? `${n.recipientUserName} (${n.recipientEmail})`
      : (n.recipientUserName ?? `#${n.recipientId}`);

/** Status column: the viewer's own read state; for a broadcast also how many users read it. */
function StatusCell({ n }: { n: Notification }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={n.isRead ? 'neutral' : 'info'}>{n.isRead ? 'Read' : 'Unread'}</Badge>
      {n.recipientId === null ? (
        <span className="text-xs text-muted" data-testid="broadcast-read-count">
          Read by {n.readCount ?? 0} of {n.audienceCount ?? 0} users
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
  usePageTitle('System Notifications');
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
        onSuccess: ({ message }) => toast.success(message),
        onError: (err) => toast.error(errorMessage(err, NotificationMsg.updateFailed)),
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
      {n.isRead ? 'Mark as Unread' : 'Mark as Read'}
    </button>
  );

  const columns: Column<Notification>[] = [
    { label: 'Date', cell: (n) => <DateTimeCell iso={n.createdAt} /> },
    { label: 'Recipient', cell: recipientOf, className: 'max-w-56 break-words' },
    {
      label: 'Message',
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
    { label: 'Status', cell: (n) => <StatusCell n={n} /> },
    { label: 'Actions', cell: toggleButton },
  ];

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="system-notifications-page"
    >
      <PageHeader
        title="System Notifications"
        description="Messages to all users or to one; read state is kept per person."
      >
        <button
          type="button"
          className="btn-primary"
          onClick={() => setSending(true)}
          data-testid="send-new-notification"
        >
          <Plus className="size-4" aria-hidden="true" /> Send New Notification
        </button>
      </PageHeader>
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter notifications"
      >
        <FilterSelect
          label="Recipient"
          value={recipient}
          options={RECIPIENT_OPTIONS}
          allLabel="Any recipient"
          onChange={(next) => setFilters({ recipient: next })}
        />
      </form>
      <QueryView query={list} fallback={NotificationMsg.fetchFailed}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <DataTable
              rows={data.data}
              columns={columns}
              rowKey={(n) => n.id}
              caption="System notifications"
              emptyText={recipient ? 'No notifications match this filter' : 'No notifications sent yet'}
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
                    <span className="break-all">{recipientOf(n)}</span>
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
        title="Notification details"
        testId="notification-detail-modal"
      >
        {opened ? (
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-muted">Date</dt>
              <dd>{formatDateTime(opened.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-muted">Recipient</dt>
              <dd className="break-words">{recipientOf(opened)}</dd>
            </div>
            <div>
              <dt className="text-muted">Message</dt>
              <dd className="break-words whitespace-pre-wrap">{opened.message}</dd>
            </div>
          </dl>
        ) : null}
      </Modal>
    </div>
  );
}
