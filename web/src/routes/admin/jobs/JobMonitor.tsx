import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { useJobs, useRunJob, type JobStatus } from '../../../api/jobs';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { translateMessage } from '../../../i18n/messages';
import { usePageTitle } from '../../../lib/usePageTitle';
import { RecentRuns } from './JobRuns';
import { JobTable } from './JobTable';
import { useHealthWords } from './healthWords';
import { jobTitle } from './jobLabels';

/** /app/admin/jobs: each background job with its schedule, last run and recent runs; admins may run one now. */
export function Component() {
  const { t } = useTranslation('admin');
  const health = useHealthWords();
  usePageTitle(t('jobs.pageTitle'));
  const isAdmin = useSession().data?.role === 'admin';
  const jobs = useJobs();
  const run = useRunJob();
  const [running, setRunning] = useState<string | null>(null);

  const runNow = (name: string) => {
    setRunning(name);
    run.mutate(name, {
      onSuccess: ({ message, job }) =>
        job.lastError ? toast.error(translateMessage(message)) : toast.success(translateMessage(message)),
      onError: (err) => toast.error(errorMessage(err, t('jobs.runFailed'))),
      onSettled: () => setRunning(null),
    });
  };
  const runButton = (job: JobStatus) => (
    <button
      type="button"
      className="btn-secondary px-3 py-1 text-sm whitespace-nowrap"
      disabled={job.running || running !== null}
      onClick={() => runNow(job.name)}
      aria-label={t('jobs.runLabel', { title: jobTitle(job.name, t) })}
    >
      <Play className="size-4" aria-hidden="true" />
      {running === job.name ? t('jobs.running') : t('jobs.runNow')}
    </button>
  );

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="jobs-page"
    >
      <PageHeader title={t('jobs.title')} description={t('jobs.description')} />
      <QueryView query={jobs} fallback={t('jobs.failed')}>
        {(data) => (
          <>
            {data.warnings.map((w) => (
              <Notice key={w} tone="error" title={t('jobs.warning')} testId="job-warning">
                {health.warning(w)}
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
