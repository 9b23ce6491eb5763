import { useState } from 'react';
import { useActivityLogs } from '../api/account';
import { describeDevice, formatDateTime } from '../lib/format';
import { LoadError } from './Notice';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';

interface ActivityLogTableProps {
  userId: number;
  /** Rows per page (spec §9: 5 on the profile). */
  limit?: number;
}

/** The user's own activity (GET /users/logs/:id), newest first, paged by the server. */
export function ActivityLogTable({ userId, limit = 5 }: ActivityLogTableProps) {
  const [page, setPage] = useState(1);
  const logs = useActivityLogs(userId, page, limit);

  if (logs.isPending) return <Spinner label="Loading activity..." className="py-6" />;
  if (logs.isError)
    return (
      <LoadError error={logs.error} fallback="Failed to fetch activity logs" onRetry={() => void logs.refetch()} />
    );
  const { data, totalPages } = logs.data;
  if (data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
        No activity yet.
      </p>
    );

  return (
    <div className="flex flex-col gap-4" data-testid="activity-log">
      <div className="-mx-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-5 py-2 font-semibold">
                Action
              </th>
              <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">
                Device
              </th>
              <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                IP address
              </th>
              <th scope="col" className="px-5 py-2 text-right font-semibold">
                Date
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.map((log) => (
              <tr key={log.id}>
                <td className="px-5 py-2.5">
                  <span className="font-medium">{log.action}</span>
                  {log.deviceInfo.path ? (
                    <span className="block text-xs break-all text-muted">{log.deviceInfo.path}</span>
                  ) : null}
                  <span className="block text-xs text-muted md:hidden">
                    {describeDevice(log.deviceInfo)}
                    <span className="sm:hidden"> · {log.ip || '—'}</span>
                  </span>
                </td>
                <td className="hidden px-3 py-2.5 text-muted md:table-cell">{describeDevice(log.deviceInfo)}</td>
                <td className="hidden px-3 py-2.5 font-mono text-xs text-muted sm:table-cell">{log.ip || '—'}</td>
                <td className="px-5 py-2.5 text-right text-xs text-muted sm:text-sm">
                  {formatDateTime(log.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} onPageChange={setPage} /> : null}
    </div>
  );
}
