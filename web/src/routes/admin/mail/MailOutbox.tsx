import { Eye, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_STATUSES, zOutboxQuery, type MailStatus } from '@contract/mail';
import { useOutbox, useOutboxMail, type OutboxMail } from '../../../api/mail';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Field, inputClass } from '../../../components/FormField';
import { Badge } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { DateTimeCell } from '../../../components/TableCells';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The list's filters, kept in the address. */
const zFilters = zOutboxQuery.omit({ page: true, limit: true });

const STATUS = {
  sent: { label: 'mail.status.sent', tone: 'success' },
  stored: { label: 'mail.status.stored', tone: 'warning' },
  failed: { label: 'mail.status.failed', tone: 'error' },
} as const satisfies Record<MailStatus, { label: string; tone: 'success' | 'warning' | 'error' }>;

function FilterBar({
  to,
  status,
  onApply,
}: {
  to: string;
  status: MailStatus | undefined;
  onApply: (f: { to?: string; status?: MailStatus }) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const ids = { to: useId(), status: useId() };
  const [text, setText] = useState(to);
  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label={t('mail.filter.label')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ to: text.trim() || undefined, status });
      }}
    >
      <Field id={ids.to} label={t('mail.filter.recipient')}>
        <input
          id={ids.to}
          className={inputClass}
          value={text}
          maxLength={254}
          placeholder={t('mail.filter.recipientPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Field id={ids.status} label={t('mail.filter.status')}>
        <select
          id={ids.status}
          className={inputClass}
          value={status ?? ''}
          onChange={(e) =>
            onApply({ to: text.trim() || undefined, status: MAIL_STATUSES.find((s) => s === e.target.value) })
          }
        >
          <option value="">{t('mail.filter.all')}</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS[s].label)}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-primary">
        <Search className="size-4" aria-hidden="true" />
        {tc('action.search')}
      </button>
    </form>
  );
}

/** One mail, opened: its text with the links it carries (the opening is in the audit log). */
function MailModal({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const body = useOutboxMail(mail?.id ?? null);
  return (
    <Modal
      open={mail !== null}
      onOpenChange={(open) => !open && onClose()}
      title={mail?.subject ?? t('mail.modal.title')}
      description={
        mail ? t('mail.modal.description', { to: mail.to, date: formatDateTime(mail.createdAt) }) : undefined
      }
      size="lg"
      testId="outbox-mail"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          {tc('action.close')}
        </button>
      }
    >
      <QueryView query={body} fallback={t('mail.modal.failed')}>
        {(m) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-xs text-muted">{t('mail.modal.audited')}</p>
            {m.links.length > 0 ? (
              <ul className="flex flex-col gap-1" aria-label={t('mail.modal.links')}>
                {m.links.map((link) => (
                  <li key={link} className="text-sm break-all">
                    <a href={link} className="font-medium text-accent underline" target="_blank" rel="noreferrer">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <pre className="rounded-lg bg-surface-2 p-3 text-sm break-words whitespace-pre-wrap">{m.text}</pre>
            {m.error ? (
              <p className="text-sm text-red-600 dark:text-red-400">{t('mail.modal.smtpSaid', { error: m.error })}</p>
            ) : null}
          </div>
        )}
      </QueryView>
    </Modal>
  );
}

/** /app/admin/mail-outbox: every mail the platform wrote, so a link reaches its user even without SMTP. */
export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('mail.title'));
  const { page, filters, setPage, setFilters } = useListState(zFilters);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const list = useOutbox({ page, limit: 10, ...filters });
  const columns: Column<OutboxMail>[] = [
    {
      label: t('mail.columns.date'),
      cell: (m) => <DateTimeCell iso={m.createdAt} />,
      cardCell: (m) => formatDateTime(m.createdAt),
    },
    { label: t('mail.columns.to'), cell: (m) => <span className="break-all">{m.to}</span>, card: 'title' },
    { label: t('mail.columns.subject'), cell: (m) => m.subject, className: 'max-w-72' },
    {
      label: t('mail.columns.status'),
      cell: (m) => <Badge tone={STATUS[m.status].tone}>{t(STATUS[m.status].label)}</Badge>,
      card: 'badge',
    },
    {
      label: t('mail.columns.open'),
      hidden: true,
      numeric: true,
      card: 'actions',
      cell: (m) => (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          onClick={() => setOpen(m)}
          aria-label={t('mail.openLabel', { subject: m.subject, to: m.to })}
        >
          <Eye className="size-4" aria-hidden="true" />
          {t('mail.open')}
        </button>
      ),
    },
  ];
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="mail-outbox-page"
    >
      <PageHeader title={t('mail.title')} description={t('mail.description')} />
      <FilterBar key={filters.to ?? ''} to={filters.to ?? ''} status={filters.status} onApply={setFilters} />
      <QueryView query={list} fallback={t('mail.failed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-sm text-muted" aria-live="polite">
              {t('mail.count', { count: data.totalItems, n: formatNumber(data.totalItems) })}
            </p>
            <DataTable
              rows={data.data}
              columns={columns}
              rowKey={(m) => m.id}
              caption={t('mail.caption')}
              emptyText={t('mail.empty')}
              minWidth="min-w-[720px]"
              testId="outbox-table"
              rowTestId="outbox-row"
              cardTestId="outbox-item"
              cardReference={(m) => `#${m.id}`}
            />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <MailModal mail={open} onClose={() => setOpen(null)} />
    </div>
  );
}
