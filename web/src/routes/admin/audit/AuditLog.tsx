import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, RotateCcw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AUDIT_TARGET_TYPES, zAuditLogQuery } from '@contract/audit';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditEntry, type AuditFilters } from '../../../api/adminAudit';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { DateTimeCell } from '../../../components/TableCells';
import { formatDateTime } from '../../../lib/format';
import { useListState, type ListFilters } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
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

/** The applied filters: the API's query without its page. */
const zAuditFilters = zAuditLogQuery.omit({ page: true, limit: true });
type AppliedFilters = ListFilters<typeof zAuditFilters>;

/** A blank box means "any": the contract's field gets nothing rather than an empty string. */
const blankIsAny = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), field);

/** The filter form: the contract's fields, each box as typed. */
const zAuditForm = zAuditFilters.extend({
  actorId: blankIsAny(zAuditFilters.shape.actorId),
  from: blankIsAny(zAuditFilters.shape.from),
  to: blankIsAny(zAuditFilters.shape.to),
});

/** Applied filters as the boxes show them (and as the list asks for them): blank for "any". */
const asText = (f: AppliedFilters): AuditFilters => ({
  action: f.action ?? '',
  actorId: f.actorId === undefined ? '' : String(f.actorId),
  targetType: f.targetType ?? '',
  targetId: f.targetId ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
});

function FilterBar({ applied, onApply }: { applied: AppliedFilters; onApply: (f: AppliedFilters) => void }) {
  // The boxes follow the address too: Back or a shared link shows the filters it applies.
  const form = useForm<z.input<typeof zAuditForm>, unknown, z.output<typeof zAuditForm>>({
    resolver: zodResolver(zAuditForm),
    values: asText(applied),
  });
  const { errors } = form.formState;
  const ids = {
    action: useId(),
    actor: useId(),
    type: useId(),
    target: useId(),
    from: useId(),
    to: useId(),
    list: useId(),
  };
  const invalid = (id: string, error?: string) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error),
  });
  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={form.handleSubmit(onApply)}
      aria-label="Filter the audit log"
    >
      <Field id={ids.action} label="Action" error={errors.action?.message}>
        <input
          id={ids.action}
          className={inputClass}
          list={ids.list}
          placeholder="e.g. deposit.approve"
          autoComplete="off"
          {...invalid(ids.action, errors.action?.message)}
          {...form.register('action')}
        />
        <datalist id={ids.list}>
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </Field>
      <Field id={ids.actor} label="Actor (user ID)" error={errors.actorId?.message}>
        <input
          id={ids.actor}
          className={inputClass}
          inputMode="numeric"
          pattern="[0-9]*"
          placeholder="Any"
          {...invalid(ids.actor, errors.actorId?.message)}
          {...form.register('actorId')}
        />
      </Field>
      <Field id={ids.type} label="Target type">
        <select id={ids.type} className={inputClass} {...form.register('targetType')}>
          <option value="">All targets</option>
          {AUDIT_TARGET_TYPES.map((t) => (
            <option key={t} value={t}>
              {t.charAt(0).toUpperCase() + t.slice(1)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.target} label="Target ID" error={errors.targetId?.message}>
        <input
          id={ids.target}
          className={inputClass}
          placeholder="Any"
          {...invalid(ids.target, errors.targetId?.message)}
          {...form.register('targetId')}
        />
      </Field>
      <Field id={ids.from} label="From" error={errors.from?.message}>
        <input
          id={ids.from}
          type="date"
          className={inputClass}
          {...invalid(ids.from, errors.from?.message)}
          {...form.register('from')}
        />
      </Field>
      <Field id={ids.to} label="To" error={errors.to?.message}>
        <input
          id={ids.to}
          type="date"
          className={inputClass}
          {...invalid(ids.to, errors.to?.message)}
          {...form.register('to')}
        />
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
            form.reset(NO_AUDIT_FILTERS);
            onApply({});
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
  const columns: Column<AuditEntry>[] = [
    { label: 'Date', cell: (e) => <DateTimeCell iso={e.createdAt} />, cardCell: (e) => formatDateTime(e.createdAt) },
    { label: 'Actor', cell: actor, className: 'max-w-48', card: 'title' },
    {
      label: 'Action',
      cell: (e) => <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{e.action}</code>,
      card: 'badge',
      cardCell: (e) => (
        <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs break-all">{actionLabel(e.action)}</code>
      ),
    },
    { label: 'Target', cell: (e) => `${e.targetType} #${e.targetId}`, className: 'whitespace-nowrap' },
    {
      label: 'Details',
      hidden: true,
      numeric: true,
      cell: (e) => (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          onClick={() => onOpen(e)}
          aria-label={`View changes of ${e.action} on ${e.targetType} #${e.targetId}`}
        >
          <Eye className="size-4" aria-hidden="true" />
          View
        </button>
      ),
      card: 'actions',
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(e) => e.id}
      caption="Audit log"
      emptyText="No audit records match these filters."
      minWidth="min-w-[720px]"
      testId="audit-table"
      rowTestId="audit-row"
      cardTestId="audit-item"
      rowData={(e) => ({ 'data-action': e.action })}
      cardReference={(e) => String(e.id)}
      onRowClick={onOpen}
    />
  );
}

/** /app/admin/audit-log: every staff action, newest first, 10 a page; a row opens what it changed. */
export function Component() {
  usePageTitle('Audit Log');
  const { page, filters, setPage, setFilters } = useListState(zAuditFilters);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAuditLog(page, asText(filters));
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="audit-log-page"
    >
      <PageHeader
        title="Audit Log"
        description="Every change made by staff: who, what, when, and the values before and after."
      />
      <FilterBar applied={filters} onApply={setFilters} />
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
