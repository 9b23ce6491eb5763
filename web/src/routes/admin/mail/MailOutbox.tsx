import { Eye, Search } from 'lucide-react';
import { useId, useState } from 'react';
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
import { formatDateTime } from '../../../lib/format';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';

/** The list's filters, kept in the address. */
const zFilters = zOutboxQuery.omit({ page: true, limit: true });

const STATUS: Record<MailStatus, { label: string; tone: 'success' | 'warning' | 'error' }> = {
  sent: { label: 'Sent', tone: 'success' },
  stored: { label: 'Not sent (no SMTP)', tone: 'warning' },
  failed: { label: 'SMTP refused', tone: 'error' },
};

function FilterBar({
  to,
  status,
  onApply,
}: {
  to: string;
  status: MailStatus | undefined;
  onApply: (f: { to?: string; status?: MailStatus }) => void;
}) {
  const ids = { to: useId(), status: useId() };
  const [text, setText] = useState(to);
  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label="Filter the mail outbox"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ to: text.trim() || undefined, status });
      }}
    >
      <Field id={ids.to} label="Recipient">
        <input
          id={ids.to}
          className={inputClass}
          value={text}
          maxLength={254}
          placeholder="Any address, or part of one"
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <Field id={ids.status} label="Status">
        <select
          id={ids.status}
          className={inputClass}
          value={status ?? ''}
          onChange={(e) =>
            onApply({ to: text.trim() || undefined, status: MAIL_STATUSES.find((s) => s === e.target.value) })
          }
        >
          <option value="">All mail</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS[s].label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-primary">
        <Search className="size-4" aria-hidden="true" />
        Search
      </button>
    </form>
  );
}

/** One mail, opened: its text with the links it carries (the opening is in the audit log). */
function MailModal({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  const body = useOutboxMail(mail?.id ?? null);
  return (
    <Modal
      open={mail !== null}
      onOpenChange={(open) => !open && onClose()}
      title={mail?.subject ?? 'Mail'}
      description={mail ? `To ${mail.to} · ${formatDateTime(mail.createdAt)}` : undefined}
      size="lg"
      testId="outbox-mail"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <QueryView query={body} fallback="Failed to open this mail">
        {(m) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-xs text-muted">
              Opening a mail is recorded in the audit log. Pass a link only to the person it was sent to.
            </p>
            {m.links.length > 0 ? (
              <ul className="flex flex-col gap-1" aria-label="Links in this mail">
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
            {m.error ? <p className="text-sm text-red-600 dark:text-red-400">SMTP said: {m.error}</p> : null}
          </div>
        )}
      </QueryView>
    </Modal>
  );
}

/** /app/admin/mail-outbox: every mail the platform wrote, so a link reaches its user even without SMTP. */
export function Component() {
  usePageTitle('Mail Outbox');
  const { page, filters, setPage, setFilters } = useListState(zFilters);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const list = useOutbox({ page, limit: 10, ...filters });
  const columns: Column<OutboxMail>[] = [
    { label: 'Date', cell: (m) => <DateTimeCell iso={m.createdAt} />, cardCell: (m) => formatDateTime(m.createdAt) },
    { label: 'To', cell: (m) => <span className="break-all">{m.to}</span>, card: 'title' },
    { label: 'Subject', cell: (m) => m.subject, className: 'max-w-72' },
    {
      label: 'Status',
      cell: (m) => <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>,
      card: 'badge',
    },
    {
      label: 'Open',
      hidden: true,
      numeric: true,
      card: 'actions',
      cell: (m) => (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          onClick={() => setOpen(m)}
          aria-label={`Open the mail "${m.subject}" to ${m.to}`}
        >
          <Eye className="size-4" aria-hidden="true" />
          Open
        </button>
      ),
    },
  ];
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="mail-outbox-page"
    >
      <PageHeader
        title="Mail Outbox"
        description="Every mail the platform wrote, sent or not. Without SMTP, pass a mail's link on from here."
      />
      <FilterBar key={filters.to ?? ''} to={filters.to ?? ''} status={filters.status} onApply={setFilters} />
      <QueryView query={list} fallback="Failed to fetch the mail outbox">
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-sm text-muted" aria-live="polite">
              {data.totalItems} {data.totalItems === 1 ? 'mail' : 'mails'}
            </p>
            <DataTable
              rows={data.data}
              columns={columns}
              rowKey={(m) => m.id}
              caption="Mail outbox"
              emptyText="No mail matches these filters."
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
