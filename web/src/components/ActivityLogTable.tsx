import { useState } from 'react';
import type { ActivityLog } from '@contract/activity';
import { useActivityLogs } from '../api/account';
import { describeDevice, formatDateTime } from '../lib/format';
import { DataTable, type Column } from './DataTable';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

interface ActivityLogTableProps {
  userId: number;
  /** Rows per page (spec §9: 5 on the profile). */
  limit?: number;
}

/** On a narrow screen the device and IP columns drop out; the action cell shows them under it instead. */
const COLUMNS: Column<ActivityLog>[] = [
  {
    label: 'Action',
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
  { label: 'Device', cell: (log) => describeDevice(log.deviceInfo), className: 'text-muted', from: 'md' },
  { label: 'IP address', cell: (log) => log.ip || '—', className: 'font-mono text-xs text-muted', from: 'sm' },
  {
    label: 'Date',
    numeric: true,
    cell: (log) => formatDateTime(log.createdAt),
    className: 'text-xs text-muted sm:text-sm',
  },
];

/** The user's own activity (GET /users/logs/:id), newest first, paged by the server. */
export function ActivityLogTable({ userId, limit = 5 }: ActivityLogTableProps) {
  const [page, setPage] = useState(1);
  const logs = useActivityLogs(userId, page, limit);

  if (logs.isPending) return <Spinner label="Loading activity..." className="py-6" />;
  if (logs.isError)
    return (
      <LoadError error={logs.error} fallback="Failed to fetch activity logs" onRetry={() => void logs.refetch()} />
    );
  return (
    <DataTable
      layout="section"
      rows={logs.data.data}
      columns={COLUMNS}
      rowKey={(log) => log.id}
      caption="Activity log"
      emptyText="No activity yet."
      testId="activity-log"
      pager={{ page, totalPages: logs.data.totalPages, onPageChange: setPage }}
    />
  );
}
