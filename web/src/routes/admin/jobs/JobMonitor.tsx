import { Play } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useJobs, useRunJob, type JobStatus } from '../../../api/jobs';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { Badge, Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ItemCard, ItemList, TableFrame, type Column } from '../funds/FundsTable';
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

  const columns: Column[] = [
    { label: 'Job' },
    { label: 'Schedule' },
    { label: 'Last run' },
    { label: 'Duration', numeric: true },
    { label: 'Rows affected', numeric: true },
    { label: 'Last error' },
    { label: 'State' },
    ...(isAdmin ? [{ label: 'Actions', numeric: true }] : []),
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
            <TableFrame caption="Background jobs" columns={columns} minWidth="min-w-[1000px]" testId="jobs-table">
              {data.jobs.map((job) => (
                <tr key={job.name} data-testid="job-row" data-job={job.name}>
                  <td className="min-w-60 max-w-72 px-3 py-3">
                    <JobName job={job} />
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">{describeInterval(job.intervalMs)}</td>
                  <td className="px-3 py-3 whitespace-nowrap" data-testid="job-last-run">
                    {job.lastRunAt ? formatDateTime(job.lastRunAt) : 'Never'}
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{describeDuration(job.lastDurationMs)}</td>
                  <td className="px-3 py-3 text-right" data-testid="job-affected">
                    {job.lastAffected ?? '—'}
                  </td>
                  <td className="max-w-56 px-3 py-3">{lastError(job)}</td>
                  <td className="px-3 py-3">
                    <State job={job} />
                  </td>
                  {isAdmin ? <td className="px-3 py-3 text-right">{runButton(job)}</td> : null}
                </tr>
              ))}
            </TableFrame>
            <ItemList label="Background jobs">
              {data.jobs.map((job) => (
                <ItemCard
                  key={job.name}
                  testId="job-item"
                  reference={job.name}
                  title={<JobName job={job} />}
                  badge={<State job={job} />}
                  fields={[
                    { label: 'Schedule', value: describeInterval(job.intervalMs) },
                    { label: 'Last run', value: job.lastRunAt ? formatDateTime(job.lastRunAt) : 'Never' },
                    { label: 'Duration', value: describeDuration(job.lastDurationMs) },
                    { label: 'Rows affected', value: job.lastAffected ?? '—' },
                    { label: 'Last error', value: lastError(job) },
                  ]}
                  actions={runButton(job)}
                />
              ))}
            </ItemList>
          </>
        )}
      </QueryView>
    </div>
  );
}
