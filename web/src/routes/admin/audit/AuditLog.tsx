import { Eye, RotateCcw, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { AUDIT_TARGET_TYPES } from '@contract/audit';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditEntry, type AuditFilters } from '../../../api/adminAudit';
import { PageHeader } from '../../../components/Card';
import { Field, inputClass } from '../../../components/FormField';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DateTimeCell, EmptyTable, ItemCard, ItemList, TableFrame, type Column } from '../funds/FundsTable';
import { AuditEntryModal } from './AuditEntryModal';
import { actionLabel } from './auditDiff';

/**
 * Staff actions the platform records today, offered as suggestions (a prefix such as "deposit" matches all of
 * its kind).
 */
const KNOWN_ACTIONS = [
  'deposit',
  'deposit.approve',
  'deposit.reject',
  'deposit.manual',
  'withdrawal',
  'withdrawal.approve',
  'withdrawal.reject',
  'transaction.update',
  'investment.cancel',
  'plan',
  'plan.create',
  'plan.update',
  'plan.delete',
  'plan.archive',
  'settings.update',
  'user.update',
  'session.disconnect',
];

function FilterBar({ initial, onApply }: { initial: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState(initial);
  const ids = {
    action: useId(),
    actor: useId(),
    type: useId(),
    target: useId(),
    from: useId(),
    to: useId(),
    list: useId(),
  };
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={submit}
      aria-label="Filter the audit log"
    >
      <Field id={ids.action} label="Action">
        <input
          id={ids.action}
          className={inputClass}
          list={ids.list}
          value={draft.action}
          onChange={set('action')}
          placeholder="e.g. deposit.approve"
          autoComplete="off"
        />
        <datalist id={ids.list}>
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </Field>
      <Field id={ids.actor} label="Actor (user ID)">
        <input
          id={ids.actor}
          className={inputClass}
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft.actorId}
          onChange={set('actorId')}
          placeholder="Any"
        />
      </Field>
      <Field id={ids.type} label="Target type">
        <select id={ids.type} className={inputClass} value={draft.targetType} onChange={set('targetType')}>
          <option value="">All targets</option>
          {AUDIT_TARGET_TYPES.map((t) => (
            <option key={t} value={t}>
              {t[0]!.toUpperCase() + t.slice(1)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.target} label="Target ID">
        <input
          id={ids.target}
          className={inputClass}
          value={draft.targetId}
          onChange={set('targetId')}
          placeholder="Any"
        />
      </Field>
      <Field id={ids.from} label="From">
        <input id={ids.from} type="date" className={inputClass} value={draft.from} onChange={set('from')} />
      </Field>
      <Field id={ids.to} label="To">
        <input id={ids.to} type="date" className={inputClass} value={draft.to} onChange={set('to')} />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn-primary">
          <Search className="size-4" aria-hidden="true" />
          Apply filters
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            onApply(NO_AUDIT_FILTERS);
          }}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Clear
        </button>
      </div>
    </form>
  );
}

const actor = (e: AuditEntry) => (
  <div className="flex min-w-0 flex-col">
    <span className="truncate font-medium">{e.actorUserName || (e.actorId ? `User #${e.actorId}` : 'System')}</span>
    <span className="text-xs text-muted">
      {e.actorRole || 'unknown'}
      {e.actorId ? ` · ID #${e.actorId}` : ''}
    </span>
  </div>
);

function AuditTable({ items, onOpen }: { items: AuditEntry[]; onOpen: (e: AuditEntry) => void }) {
  if (items.length === 0) return <EmptyTable>No audit records match these filters.</EmptyTable>;
  const columns: Column[] = [
    { label: 'Date' },
    { label: 'Actor' },
    { label: 'Action' },
    { label: 'Target' },
    { label: 'Details', hidden: true },
  ];
  const view = (e: AuditEntry) => (
    <button
      type="button"
      className="btn-ghost px-2 py-1"
      onClick={() => onOpen(e)}
      aria-label={`View changes of ${e.action} on ${e.targetType} #${e.targetId}`}
    >
      <Eye className="size-4" aria-hidden="true" />
      View
    </button>
  );
  return (
    <>
      <TableFrame caption="Audit log" columns={columns} minWidth="min-w-[720px]" testId="audit-table">
        {items.map((e) => (
          <tr
            key={e.id}
            data-testid="audit-row"
            data-action={e.action}
            className="cursor-pointer hover:bg-surface-2"
            onClick={() => onOpen(e)}
          >
            <td className="px-3 py-3">
              <DateTimeCell iso={e.createdAt} />
            </td>
            <td className="max-w-48 px-3 py-3">{actor(e)}</td>
            <td className="px-3 py-3">
              <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{e.action}</code>
            </td>
            <td className="px-3 py-3 whitespace-nowrap">
              {e.targetType} #{e.targetId}
            </td>
            <td className="px-3 py-3 text-right" onClick={(ev) => ev.stopPropagation()}>
              {view(e)}
            </td>
          </tr>
        ))}
      </TableFrame>
      <ItemList label="Audit log">
        {items.map((e) => (
          <ItemCard
            key={e.id}
            testId="audit-item"
            reference={String(e.id)}
            title={actor(e)}
            badge={
              <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs break-all">{actionLabel(e.action)}</code>
            }
            fields={[
              { label: 'Target', value: `${e.targetType} #${e.targetId}` },
              { label: 'Date', value: formatDateTime(e.createdAt) },
            ]}
            actions={view(e)}
          />
        ))}
      </ItemList>
    </>
  );
}

/** /app/admin/audit-log: every staff action, newest first, 10 a page; a row opens what it changed. */
export function Component() {
  usePageTitle('Audit Log');
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAuditLog(page, filters);
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="audit-log-page"
    >
      <PageHeader
        title="Audit Log"
        description="Every change made by staff: who, what, when, and the values before and after."
      />
      <FilterBar
        initial={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <QueryView query={list} fallback="Failed to fetch the audit log">
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-sm text-muted" aria-live="polite">
              {data.totalItems} {data.totalItems === 1 ? 'record' : 'records'}
            </p>
            <AuditTable items={data.data} onOpen={setOpen} />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <AuditEntryModal entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}
