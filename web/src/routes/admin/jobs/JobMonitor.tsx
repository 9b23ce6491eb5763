import { Play } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useJobs, useRunJob, type JobStatus } from '../../../api/jobs';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge, Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
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

const lastError = (job: JobStatus) =>
  job.lastError ? (
    <span className="break-words text-danger">{job.lastError}</span>
  ) : (
    <span className="text-muted">—</span>
  );

/** /app/admin/jobs: each background job with its schedule and last run; admins may run one now. */
export function Component() {
  usePageTitle('Jobs');
  const isAdmin = useSession().data?.role === 'admin';
  const jobs = useJobs();
  const run = useRunJob();
  const [running, setRunning] = useState<string | null>(null);

  const runNow = (name: string) => {
    setRunning(name);
    run.mutate(name, {
      onSuccess: ({ message, job }) => (job.lastError ? toast.error(message) : toast.success(message)),
      onError: (err) => toast.error(errorMessage(err, 'Could not run the job. Please try again.')),
      onSettled: () => setRunning(null),
    });
  };
  const runButton = (job: JobStatus) =>
    isAdmin ? (
      <button
        type="button"
        className="btn-secondary px-3 py-1 text-sm"
        disabled={job.running || running !== null}
        onClick={() => runNow(job.name)}
        aria-label={`Run ${JOB_LABELS[job.name]?.title ?? job.name} now`}
      >
        <Play className="size-4" aria-hidden="true" />
        {running === job.name ? 'Running...' : 'Run now'}
      </button>
    ) : null;

  const columns: Column<JobStatus>[] = [
    { label: 'Job', cell: (job) => <JobName job={job} />, className: 'min-w-60 max-w-72', card: 'title' },
    { label: 'Schedule', cell: (job) => describeInterval(job.intervalMs), className: 'whitespace-nowrap' },
    {
      label: 'Last run',
      cell: (job) => (job.lastRunAt ? formatDateTime(job.lastRunAt) : 'Never'),
      className: 'whitespace-nowrap',
      testId: 'job-last-run',
    },
    {
      label: 'Duration',
      numeric: true,
      cell: (job) => describeDuration(job.lastDurationMs),
      className: 'whitespace-nowrap',
    },
    { label: 'Rows affected', numeric: true, cell: (job) => job.lastAffected ?? '—', testId: 'job-affected' },
    { label: 'Last error', cell: lastError, className: 'max-w-56' },
    { label: 'State', cell: (job) => <State job={job} />, card: 'badge' },
    ...(isAdmin ? [{ label: 'Actions', numeric: true, cell: runButton, card: 'actions' as const }] : []),
  ];

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="jobs-page"
    >
      <PageHeader
        title="Background Jobs"
        description="The jobs that pay returns, refresh prices, reconcile payments and expire sessions. Each is safe to run again: it does only what is due."
      />
      <QueryView query={jobs} fallback="Could not load the jobs">
        {(data) => (
          <>
            {data.warnings.map((w) => (
              <Notice key={w} tone="error" title="Health warning" testId="job-warning">
                {w}
              </Notice>
            ))}
            <DataTable
              rows={data.jobs}
              columns={columns}
              rowKey={(job) => job.name}
              caption="Background jobs"
              emptyText="No background jobs."
              minWidth="min-w-[1000px]"
              testId="jobs-table"
              rowTestId="job-row"
              cardTestId="job-item"
              rowData={(job) => ({ 'data-job': job.name })}
              cardReference={(job) => job.name}
            />
          </>
        )}
      </QueryView>
    </div>
  );
}
