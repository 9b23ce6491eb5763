import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, RotateCcw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AUDIT_ACTION_KINDS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  zAuditLogQuery,
  type AuditAction,
} from '@contract/audit';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditEntry, type AuditFilters } from '../../../api/adminAudit';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { DateTimeCell } from '../../../components/TableCells';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useListState, type ListFilters } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AuditEntryModal } from './AuditEntryModal';
import { useAuditWords } from './auditWords';

/** The Action filter's choices: every action of a kind ("Deposits: any action"), then each action by name. */
const ACTION_GROUPS = Object.keys(AUDIT_ACTION_KINDS).map((kind) => ({
  kind,
  actions: (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => a.startsWith(`${kind}.`)),
}));

/** The applied filters: the API's query without its page (the screen finds actors by user name, not id). */
const zAuditFilters = zAuditLogQuery.omit({ page: true, limit: true, actorId: true });
type AppliedFilters = ListFilters<typeof zAuditFilters>;

/** A blank box means "any": the contract's field gets nothing rather than an empty string. */
const blankIsAny = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), field);

/** The filter form: the contract's fields, each box as typed. */
const zAuditForm = zAuditFilters.extend({
  from: blankIsAny(zAuditFilters.shape.from),
  to: blankIsAny(zAuditFilters.shape.to),
});

/** Applied filters as the boxes show them (and as the list asks for them): blank for "any". */
const asText = (f: AppliedFilters): AuditFilters => ({
  action: f.action ?? '',
  actor: f.actor ?? '',
  targetType: f.targetType ?? '',
  targetId: f.targetId ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
});

function FilterBar({ applied, onApply }: { applied: AppliedFilters; onApply: (f: AppliedFilters) => void }) {
  const { t } = useTranslation('admin');
  const words = useAuditWords();
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
  };
  const invalid = (id: string, error?: string) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error),
  });
  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={form.handleSubmit(onApply)}
      aria-label={t('audit.filter.label')}
    >
      <Field id={ids.action} label={t('audit.filter.action')} error={errors.action?.message}>
        <select
          id={ids.action}
          className={inputClass}
          {...invalid(ids.action, errors.action?.message)}
          {...form.register('action')}
        >
          <option value="">{t('audit.filter.allActions')}</option>
          {ACTION_GROUPS.map((g) => (
            <optgroup key={g.kind} label={words.kind(g.kind)}>
              <option value={g.kind}>{t('audit.filter.anyOfKind', { kind: words.kind(g.kind) })}</option>
              {g.actions.map((a) => (
                <option key={a} value={a}>
                  {words.action(a)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Field id={ids.actor} label={t('audit.filter.actor')} error={errors.actor?.message}>
        <input
          id={ids.actor}
          className={inputClass}
          placeholder={t('audit.filter.any')}
          autoComplete="off"
          {...invalid(ids.actor, errors.actor?.message)}
          {...form.register('actor')}
        />
      </Field>
      <Field id={ids.type} label={t('audit.filter.targetType')}>
        <select id={ids.type} className={inputClass} {...form.register('targetType')}>
          <option value="">{t('audit.filter.allTargets')}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {words.target(type)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.target} label={t('audit.filter.targetId')} error={errors.targetId?.message}>
        <input
          id={ids.target}
          className={inputClass}
          placeholder={t('audit.filter.any')}
          {...invalid(ids.target, errors.targetId?.message)}
          {...form.register('targetId')}
        />
      </Field>
      <Field id={ids.from} label={t('audit.filter.from')} error={errors.from?.message}>
        <input
          id={ids.from}
          type="date"
          className={inputClass}
          {...invalid(ids.from, errors.from?.message)}
          {...form.register('from')}
        />
      </Field>
      <Field id={ids.to} label={t('audit.filter.to')} error={errors.to?.message}>
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
          {t('audit.filter.apply')}
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
          {t('audit.filter.clear')}
        </button>
      </div>
    </form>
  );
}

function Actor({ e }: { e: AuditEntry }) {
  const { t } = useTranslation('admin');
  const words = useAuditWords();
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium">{words.actor(e, 'system')}</span>
      <span className="text-xs text-muted">
        {words.role(e.actorRole)}
        {e.actorId ? ` · ${t('shared.id', { id: e.actorId })}` : ''}
      </span>
    </div>
  );
}

function AuditTable({ items, onOpen }: { items: AuditEntry[]; onOpen: (e: AuditEntry) => void }) {
  const { t } = useTranslation('admin');
  const words = useAuditWords();
  const columns: Column<AuditEntry>[] = [
    {
      label: t('audit.table.date'),
      cell: (e) => <DateTimeCell iso={e.createdAt} />,
      cardCell: (e) => formatDateTime(e.createdAt),
    },
    { label: t('audit.table.actor'), cell: (e) => <Actor e={e} />, className: 'max-w-48', card: 'title' },
    {
      label: t('audit.table.action'),
      cell: (e) => (
        <span className="font-medium" title={e.action} data-testid="audit-action">
          {words.action(e.action)}
        </span>
      ),
      card: 'badge',
      cardCell: (e) => (
        <span className="font-medium" title={e.action} data-testid="audit-action">
          {words.action(e.action)}
        </span>
      ),
    },
    {
      label: t('audit.table.target'),
      cell: (e) => t('audit.table.targetCell', { target: words.target(e.targetType), id: e.targetId }),
      className: 'whitespace-nowrap',
    },
    {
      label: t('audit.table.details'),
      hidden: true,
      numeric: true,
      cell: (e) => (
        <button
          type="button"
          className="btn-ghost px-2 py-1"
          onClick={() => onOpen(e)}
          aria-label={t('audit.table.viewLabel', {
            action: words.action(e.action),
            target: words.targetInline(e.targetType),
            id: e.targetId,
          })}
        >
          <Eye className="size-4" aria-hidden="true" />
          {t('audit.table.view')}
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
      caption={t('audit.table.caption')}
      emptyText={t('audit.table.empty')}
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
  const { t } = useTranslation('admin');
  usePageTitle(t('audit.title'));
  const { page, filters, setPage, setFilters } = useListState(zAuditFilters);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAuditLog(page, asText(filters));
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="audit-log-page"
    >
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <FilterBar applied={filters} onApply={setFilters} />
      <QueryView query={list} fallback={t('audit.failed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <p className="text-sm text-muted" aria-live="polite">
              {t('audit.records', { count: data.totalItems, n: formatNumber(data.totalItems) })}
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
