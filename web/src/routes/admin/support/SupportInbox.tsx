import { Lock, MessagesSquare, Unlock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { useSetChatStatus, useSupportInbox, type SupportConversation } from '../../../api/support';
import { PageHeader } from '../../../components/Card';
import { Badge, LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { ChatPanel } from '../../../components/notifications/ChatPanel';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { usePageParam } from '../../../lib/useListState';

/** /app/admin/support: conversations with unread counts; staff answer, close and reopen them. */
export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('support.title'));
  const [page, setPage] = usePageParam();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const inbox = useSupportInbox(page);
  const setStatus = useSetChatStatus();
  const selected: SupportConversation | undefined = inbox.data?.data.find((c) => c.id === selectedId);

  const changeStatus = (c: SupportConversation) =>
    setStatus.mutate(
      { id: c.id, status: c.status === 'open' ? 'closed' : 'open' },
      {
        onSuccess: (next) => toast.success(next.status === 'open' ? t('support.reopened') : t('support.closed')),
        onError: (err) => toast.error(errorMessage(err, t('support.updateFailed'))),
      },
    );

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="support-inbox-page"
    >
      <PageHeader
        title={t('support.title')}
        description={
          inbox.data
            ? t('support.unreadTotal', { count: inbox.data.unreadTotal, n: formatNumber(inbox.data.unreadTotal) })
            : t('support.description')
        }
      />
      {inbox.isPending ? (
        <Spinner />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} fallback={t('support.failed')} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.data.length === 0 ? (
        <p className="card flex flex-col items-center gap-2 px-4 py-12 text-center text-muted">
          <MessagesSquare className="size-8" aria-hidden="true" /> {t('support.empty')}
        </p>
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[20rem_1fr]">
          <div className="flex min-w-0 flex-col gap-3">
            <ul
              className="card divide-y divide-line"
              aria-label={t('support.conversations')}
              data-testid="conversation-list"
            >
              {inbox.data.data.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-surface-2 ${c.id === selectedId ? 'bg-surface-2' : ''}`}
                    aria-current={c.id === selectedId ? 'true' : undefined}
                    onClick={() => setSelectedId(c.id)}
                    data-testid="conversation-item"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium">{c.userName}</span>
                      {c.unreadCount > 0 ? (
                        <span
                          className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
                          data-testid="conversation-unread"
                        >
                          {formatNumber(c.unreadCount)}
                          <span className="sr-only"> {t('support.unread')}</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="truncate text-sm text-muted">{c.lastMessage ?? t('support.noMessages')}</span>
                    <span className="flex items-center justify-between gap-2 text-xs text-muted">
                      <span>{formatDateTime(c.lastMessageAt)}</span>
                      <Badge tone={c.status === 'open' ? 'success' : 'neutral'}>
                        {c.status === 'open' ? t('support.status.open') : t('support.status.closed')}
                      </Badge>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {inbox.data.totalItems > 10 ? (
              <Pagination page={inbox.data.currentPage} totalPages={inbox.data.totalPages} onPageChange={setPage} />
            ) : null}
          </div>
          {selected ? (
            <div className="flex min-w-0 flex-col gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold">{selected.userName}</h2>
                  <p className="truncate text-sm text-muted">{selected.email}</p>
                </div>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => changeStatus(selected)}
                  disabled={setStatus.isPending}
                  data-testid="conversation-status"
                >
                  {selected.status === 'open' ? (
                    <Lock className="size-4" aria-hidden="true" />
                  ) : (
                    <Unlock className="size-4" aria-hidden="true" />
                  )}
                  {selected.status === 'open' ? t('support.close') : t('support.reopen')}
                </button>
              </div>
              <ChatPanel
                key={selected.id}
                chat={selected.id}
                side="staff"
                disabledReason={selected.status === 'closed' ? t('support.closedReason') : null}
                testId="staff-chat"
              />
            </div>
          ) : (
            <p className="card flex items-center justify-center px-4 py-12 text-center text-muted">
              {t('support.choose')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
