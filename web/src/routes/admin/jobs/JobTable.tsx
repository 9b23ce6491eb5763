import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { JobStatus } from '../../../api/jobs';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { DateTimeCell } from '../../../components/TableCells';
import { formatNumber } from '../../../lib/format';
import { describeDuration, describeInterval, jobTitle, jobWhat } from './jobLabels';

function JobName({ job }: { job: JobStatus }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium">{jobTitle(job.name, t)}</span>
      <span className="text-xs text-muted">{jobWhat(job.name, t)}</span>
    </div>
  );
}

function State({ job }: { job: JobStatus }) {
  const { t } = useTranslation('admin');
  if (job.running) return <Badge tone="info">{t('jobs.state.running')}</Badge>;
  if (job.lastError) return <Badge tone="error">{t('jobs.state.failed')}</Badge>;
  if (job.lastRunAt) return <Badge tone="success">{t('jobs.state.ok')}</Badge>;
  return <Badge tone="neutral">{t('jobs.state.notRun')}</Badge>;
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
  const { t } = useTranslation('admin');
  if (!job.lastRunAt) return <>{t('jobs.never')}</>;
  return (
    <div className="flex flex-col">
      <DateTimeCell iso={job.lastRunAt} />
      <span className="text-xs whitespace-nowrap text-muted">
        {describeDuration(job.lastDurationMs, t)} ·{' '}
        {job.lastAffected === null ? (
          t('jobs.noRows')
        ) : (
          <Trans
            t={t}
            i18nKey="jobs.rows"
            count={job.lastAffected}
            values={{ n: formatNumber(job.lastAffected) }}
            components={{ n: <span data-testid="job-affected" /> }}
          />
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
  const { t } = useTranslation('admin');
  const columns: Column<JobStatus>[] = [
    {
      label: t('jobs.columns.job'),
      cell: (job) => <JobName job={job} />,
      className: 'min-w-44 max-w-64',
      card: 'title',
    },
    {
      label: t('jobs.columns.schedule'),
      cell: (job) => describeInterval(job.intervalMs, t),
      className: 'whitespace-nowrap',
    },
    {
      label: t('jobs.columns.lastRun'),
      cell: (job) => <LastRun job={job} />,
      cardCell: (job) => <LastRun job={job} withError />,
      testId: 'job-last-run',
    },
    {
      label: t('jobs.columns.state'),
      cell: (job) => <StateCell job={job} />,
      cardCell: (job) => <State job={job} />,
      className: 'max-w-52',
      card: 'badge',
    },
    ...(runButton
      ? [{ label: t('jobs.columns.actions'), numeric: true, cell: runButton, card: 'actions' as const }]
      : []),
  ];
  return (
    <DataTable
      rows={jobs}
      columns={columns}
      rowKey={(job) => job.name}
      caption={t('jobs.caption')}
      emptyText={t('jobs.empty')}
      minWidth="min-w-[720px]"
      testId="jobs-table"
      rowTestId="job-row"
      cardTestId="job-item"
      rowData={(job) => ({ 'data-job': job.name })}
      cardReference={(job) => job.name}
    />
  );
}
