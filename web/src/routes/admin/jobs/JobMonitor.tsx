import { Play } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useJobs, useRunJob, type JobStatus } from '../../../api/jobs';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { usePageTitle } from '../../../lib/usePageTitle';
import { RecentRuns } from './JobRuns';
import { JobTable } from './JobTable';
import { JOB_LABELS } from './jobLabels';

/** /app/admin/jobs: each background job with its schedule, last run and recent runs; admins may run one now. */
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
  const runButton = (job: JobStatus) => (
    <button
      type="button"
      className="btn-secondary px-3 py-1 text-sm whitespace-nowrap"
      disabled={job.running || running !== null}
      onClick={() => runNow(job.name)}
      aria-label={`Run ${JOB_LABELS[job.name]?.title ?? job.name} now`}
    >
      <Play className="size-4" aria-hidden="true" />
      {running === job.name ? 'Running...' : 'Run now'}
    </button>
  );

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
            <JobTable jobs={data.jobs} runButton={isAdmin ? runButton : null} />
            <RecentRuns jobs={data.jobs} />
          </>
        )}
      </QueryView>
    </div>
  );
}
