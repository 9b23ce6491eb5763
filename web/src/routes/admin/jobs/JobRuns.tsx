import { ChevronDown } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { JobRun, JobStatus } from '../../../api/jobs';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { DateTimeCell } from '../../../components/TableCells';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { describeDuration, jobTitle } from './jobLabels';

type AdminT = TFunction<'admin'>;

/** Who or what started the run. */
export function describeTrigger(run: JobRun, t: AdminT): string {
  if (run.trigger === 'schedule') return t('jobs.trigger.schedule');
  if (run.trigger === 'manual')
    return run.triggeredBy ? t('jobs.trigger.manualBy', { userName: run.triggeredBy }) : t('jobs.trigger.manual');
  return t('jobs.trigger.unknown');
}

function Outcome({ run }: { run: JobRun }) {
  const { t } = useTranslation('admin');
  if (run.finishedAt === null) return <Badge tone="info">{t('jobs.state.notFinished')}</Badge>;
  return run.error ? (
    <Badge tone="error">{t('jobs.state.failed')}</Badge>
  ) : (
    <Badge tone="success">{t('jobs.state.ok')}</Badge>
  );
}

const affected = (run: JobRun) => (run.affected === null ? '—' : formatNumber(run.affected));
/** A run without an end is still going, or its instance stopped during it. */
const duration = (run: JobRun, t: AdminT) => (run.finishedAt === null ? '—' : describeDuration(run.durationMs, t));

const error = (run: JobRun) =>
  run.error ? (
    <span className="break-words text-danger" data-testid="job-run-error">
      {run.error}
    </span>
  ) : (
    <span className="text-muted">—</span>
  );

const columns = (t: AdminT): Column<JobRun>[] => [
  { label: t('jobs.runs.started'), cell: (run) => <DateTimeCell iso={run.startedAt} /> },
  {
    label: t('jobs.runs.trigger'),
    cell: (run) => describeTrigger(run, t),
    className: 'max-w-40 break-words',
    testId: 'job-run-trigger',
  },
  {
    label: t('jobs.runs.instance'),
    cell: (run) => (
      <span className="block max-w-40 truncate font-mono text-xs" title={run.instance}>
        {run.instance}
      </span>
    ),
    testId: 'job-run-instance',
  },
  { label: t('jobs.runs.duration'), numeric: true, cell: (run) => duration(run, t), className: 'whitespace-nowrap' },
  { label: t('jobs.runs.rows'), numeric: true, cell: affected, testId: 'job-run-affected' },
  { label: t('jobs.runs.outcome'), cell: (run) => <Outcome run={run} /> },
  { label: t('jobs.runs.error'), cell: error, className: 'min-w-40 max-w-64' },
];

/** A run on a phone: when and how it ended, then who started it where, how long it took and what it changed. */
function NarrowRun({ run }: { run: JobRun }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 font-medium">{formatDateTime(run.startedAt)}</span>
        <Outcome run={run} />
      </div>
      <span className="text-xs break-words text-muted">
        {describeTrigger(run, t)} · <span className="font-mono">{run.instance}</span> · {duration(run, t)} ·{' '}
        {run.affected === null
          ? t('jobs.runs.rowsUnknown')
          : t('jobs.runs.rowCount', { count: run.affected, n: formatNumber(run.affected) })}
      </span>
      {run.error ? error(run) : null}
    </div>
  );
}

/** A job's latest runs on every instance, newest first. */
export function JobRunsTable({ job }: { job: JobStatus }) {
  const { t } = useTranslation('admin');
  const title = jobTitle(job.name, t);
  return (
    <DataTable
      layout="section"
      rows={job.recentRuns}
      columns={columns(t)}
      rowKey={(run) => run.id}
      caption={t('jobs.runs.caption', { title })}
      emptyText={t('jobs.runs.empty')}
      narrowRow={(run) => <NarrowRun run={run} />}
      testId="job-runs"
      rowTestId="job-run"
    />
  );
}

/** Each job's recent runs, one disclosure per job (closed at first: the table above says how each last ran). */
export function RecentRuns({ jobs }: { jobs: JobStatus[] }) {
  const { t } = useTranslation('admin');
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recent-runs-heading">
      <h2 id="recent-runs-heading" className="text-lg font-semibold">
        {t('jobs.runs.title')}
      </h2>
      {jobs.map((job) => {
        const failed = job.recentRuns.filter((r) => r.error !== null).length;
        const total = job.recentRuns.length;
        const runs = t('jobs.runs.count', { count: total, n: formatNumber(total) });
        return (
          <details key={job.name} className="group card min-w-0" data-testid="job-history" data-job={job.name}>
            <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3">
              <ChevronDown
                className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
              <span className="font-medium">{jobTitle(job.name, t)}</span>
              <span className="text-sm text-muted">
                {failed ? t('jobs.runs.withFailed', { runs, count: failed, n: formatNumber(failed) }) : runs}
              </span>
            </summary>
            <div className="border-t border-line px-5 py-4">
              <JobRunsTable job={job} />
            </div>
          </details>
        );
      })}
    </section>
  );
}
