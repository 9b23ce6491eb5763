import type { ReactNode } from 'react';
import type { JobStatus } from '../../../api/jobs';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { DateTimeCell } from '../../../components/TableCells';
import { JOB_LABELS, describeDuration, describeInterval } from './jobLabels';

function JobName({ job }: { job: JobStatus }) {
  const label = JOB_LABELS[job.name];
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium">{label?.title ?? job.name}</span>
      <span className="text-xs text-muted">{label?.what ?? job.name}</span>
    </div>
  );
}

function State({ job }: { job: JobStatus }) {
  if (job.running) return <Badge tone="info">Running</Badge>;
  if (job.lastError) return <Badge tone="error">Failed</Badge>;
  if (job.lastRunAt) return <Badge tone="success">OK</Badge>;
  return <Badge tone="neutral">Not run yet</Badge>;
}

/** The state, and under it why the last run failed (clamped: the runs below have the whole text). */
function StateCell({ job }: { job: JobStatus }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <State job={job} />
      {job.lastError ? (
        <span className="line-clamp-2 text-xs break-words text-danger" title={job.lastError}>
          {job.lastError}
        </span>
      ) : null}
    </div>
  );
}

/** When the last run started, what it took and changed (and, on a phone card, why it failed). */
function LastRun({ job, withError = false }: { job: JobStatus; withError?: boolean }) {
  if (!job.lastRunAt) return <>Never</>;
  return (
    <div className="flex flex-col">
      <DateTimeCell iso={job.lastRunAt} />
      <span className="text-xs whitespace-nowrap text-muted">
        {describeDuration(job.lastDurationMs)} ·{' '}
        {job.lastAffected === null ? (
          'no rows'
        ) : (
          <>
            <span data-testid="job-affected">{job.lastAffected}</span> {job.lastAffected === 1 ? 'row' : 'rows'}
          </>
        )}
      </span>
      {withError && job.lastError ? <span className="text-xs break-words text-danger">{job.lastError}</span> : null}
    </div>
  );
}

/**
 * The jobs, four or five narrow columns: the table fits beside the sidebar from 1024 px up (State and Run now
 * included), the recent runs under it carry the detail; a card per job on smaller screens.
 */
export function JobTable({
  jobs,
  runButton,
}: {
  jobs: JobStatus[];
  /** An admin's Run now button; null for a moderator, who only watches. */
  runButton: ((job: JobStatus) => ReactNode) | null;
}) {
  const columns: Column<JobStatus>[] = [
    { label: 'Job', cell: (job) => <JobName job={job} />, className: 'min-w-44 max-w-64', card: 'title' },
    { label: 'Schedule', cell: (job) => describeInterval(job.intervalMs), className: 'whitespace-nowrap' },
    {
      label: 'Last run',
      cell: (job) => <LastRun job={job} />,
      cardCell: (job) => <LastRun job={job} withError />,
      testId: 'job-last-run',
    },
    {
      label: 'State',
      cell: (job) => <StateCell job={job} />,
      cardCell: (job) => <State job={job} />,
      className: 'max-w-52',
      card: 'badge',
    },
    ...(runButton ? [{ label: 'Actions', numeric: true, cell: runButton, card: 'actions' as const }] : []),
  ];
  return (
    <DataTable
      rows={jobs}
      columns={columns}
      rowKey={(job) => job.name}
      caption="Background jobs"
      emptyText="No background jobs."
      minWidth="min-w-[720px]"
      testId="jobs-table"
      rowTestId="job-row"
      cardTestId="job-item"
      rowData={(job) => ({ 'data-job': job.name })}
      cardReference={(job) => job.name}
    />
  );
}
