import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ActivityFilter, ActivityLog } from '@contract/activity';
import { useActivityLogs } from '../api/account';
import { describeDevice, formatDateTime } from '../lib/format';
import { DataTable, type Column } from './DataTable';
import { Field, inputClass } from './FormField';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

interface ActivityLogTableProps {
  userId: number;
  /** Rows per page (spec §9: 5 on the profile). */
  limit?: number;
  /** Only these rows, fixed (the security page: security events); without it the reader picks. */
  kind?: ActivityFilter;
}

/** The reader's choices; page views are left out until asked for, so they never bury a sign-in. */
const FILTERS = [
  { value: 'events', label: 'activity.filter.events' },
  { value: 'security', label: 'activity.filter.security' },
  { value: 'page_view', label: 'activity.filter.page_view' },
  { value: 'all', label: 'activity.filter.all' },
] as const satisfies readonly { value: ActivityFilter | 'all'; label: string }[];

function ActivityFilterSelect({
  value,
  onChange,
}: {
  value: ActivityFilter | 'all';
  onChange: (v: ActivityFilter | 'all') => void;
}) {
  const id = useId();
  const { t } = useTranslation(['ui', 'common']);
  return (
    <div className="mb-3 max-w-xs">
      <Field id={id} label={t('activity.show')}>
        <select
          id={id}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(FILTERS.find((f) => f.value === e.target.value)?.value ?? 'events')}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {t(f.label)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** On a narrow screen the device and IP columns drop out; the action cell shows them under it instead. */
const columns = (t: TFunction<['ui', 'common']>): Column<ActivityLog>[] => [
  {
    key: 'action',
    label: t('activity.column.action'),
    cell: (log) => (
      <>
        <span className="font-medium">{log.action}</span>
        {log.deviceInfo.path ? <span className="block text-xs break-all text-muted">{log.deviceInfo.path}</span> : null}
        <span className="block text-xs text-muted md:hidden">
          {describeDevice(log.deviceInfo)}
          <span className="sm:hidden"> · {log.ip || '—'}</span>
        </span>
      </>
    ),
  },
  {
    key: 'device',
    label: t('activity.column.device'),
    cell: (log) => describeDevice(log.deviceInfo),
    className: 'text-muted',
    from: 'md',
  },
  {
    key: 'ip',
    label: t('activity.column.ip'),
    cell: (log) => log.ip || '—',
    className: 'font-mono text-xs text-muted',
    from: 'sm',
  },
  {
    key: 'date',
    label: t('common:word.date'),
    numeric: true,
    cell: (log) => formatDateTime(log.createdAt),
    className: 'text-xs text-muted sm:text-sm',
  },
];

/** The user's own activity (GET /users/logs/:id), newest first, paged by the server. */
export function ActivityLogTable({ userId, limit = 5, kind }: ActivityLogTableProps) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ActivityFilter | 'all'>('events');
  const filter = kind ?? chosen;
  const logs = useActivityLogs(userId, page, limit, filter === 'all' ? undefined : filter);
  const choose = (v: ActivityFilter | 'all') => {
    setChosen(v);
    setPage(1);
  };

  return (
    <>
      {kind ? null : <ActivityFilterSelect value={chosen} onChange={choose} />}
      <ActivityRows logs={logs} page={page} setPage={setPage} />
    </>
  );
}

function ActivityRows({
  logs,
  page,
  setPage,
}: {
  logs: ReturnType<typeof useActivityLogs>;
  page: number;
  setPage: (p: number) => void;
}) {
  const { t } = useTranslation(['ui', 'common']);
  if (logs.isPending) return <Spinner label={t('activity.loading')} className="py-6" />;
  if (logs.isError)
    return <LoadError error={logs.error} fallback={t('activity.failed')} onRetry={() => void logs.refetch()} />;
  return (
    <DataTable
      layout="section"
      rows={logs.data.data}
      columns={columns(t)}
      rowKey={(log) => log.id}
      caption={t('activity.caption')}
      emptyText={t('activity.empty')}
      testId="activity-log"
      pager={{ page, totalPages: logs.data.totalPages, onPageChange: setPage }}
    />
  );
}
