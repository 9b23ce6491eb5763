import { ChevronDown } from 'lucide-react';
import type { JobRun, JobStatus } from '../../../api/jobs';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { DateTimeCell } from '../../../components/TableCells';
import { formatDateTime } from '../../../lib/format';
import { JOB_LABELS, describeDuration } from './jobLabels';

/** Who or what started the run. */
export function describeTrigger(run: JobRun): string {
  if (run.trigger === 'schedule') return 'Timer';
  if (run.trigger === 'manual') return run.triggeredBy ? `Run now by ${run.triggeredBy}` : 'Run now';
  return 'Before run history';
}

function Outcome({ run }: { run: JobRun }) {
  if (run.finishedAt === null) return <Badge tone="info">Not finished</Badge>;
  return run.error ? <Badge tone="error">Failed</Badge> : <Badge tone="success">OK</Badge>;
}

const affected = (run: JobRun) => (run.affected === null ? '—' : String(run.affected));
/** A run without an end is still going, or its instance stopped during it. */
const duration = (run: JobRun) => (run.finishedAt === null ? '—' : describeDuration(run.durationMs));

const error = (run: JobRun) =>
  run.error ? (
    <span className="break-words text-danger" data-testid="job-run-error">
      {run.error}
    </span>
  ) : (
    <span className="text-muted">—</span>
  );

const COLUMNS: Column<JobRun>[] = [
  { label: 'Started', cell: (run) => <DateTimeCell iso={run.startedAt} /> },
  { label: 'Trigger', cell: describeTrigger, className: 'max-w-40 break-words', testId: 'job-run-trigger' },
  {
    label: 'Instance',
    cell: (run) => (
      <span className="block max-w-40 truncate font-mono text-xs" title={run.instance}>
        {run.instance}
      </span>
    ),
    testId: 'job-run-instance',
  },
  { label: 'Duration', numeric: true, cell: duration, className: 'whitespace-nowrap' },
  { label: 'Rows', numeric: true, cell: affected, testId: 'job-run-affected' },
  { label: 'Outcome', cell: (run) => <Outcome run={run} /> },
  { label: 'Error', cell: error, className: 'min-w-40 max-w-64' },
];

/** A run on a phone: when and how it ended, then who started it where, how long it took and what it changed. */
function NarrowRun({ run }: { run: JobRun }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 font-medium">{formatDateTime(run.startedAt)}</span>
        <Outcome run={run} />
      </div>
      <span className="text-xs break-words text-muted">
        {describeTrigger(run)} · <span className="font-mono">{run.instance}</span> · {duration(run)} · {affected(run)}{' '}
        rows
      </span>
      {run.error ? error(run) : null}
    </div>
  );
}

/** A job's latest runs on every instance, newest first. */
export function JobRunsTable({ job }: { job: JobStatus }) {
  const title = JOB_LABELS[job.name]?.title ?? job.name;
  return (
    <DataTable
      layout="section"
      rows={job.recentRuns}
      columns={COLUMNS}
      rowKey={(run) => run.id}
      caption={`Recent runs of ${title}`}
      emptyText="No runs recorded yet."
      narrowRow={(run) => <NarrowRun run={run} />}
      testId="job-runs"
      rowTestId="job-run"
    />
  );
}

/** Each job's recent runs, one disclosure per job (closed at first: the table above says how each last ran). */
export function RecentRuns({ jobs }: { jobs: JobStatus[] }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recent-runs-heading">
      <h2 id="recent-runs-heading" className="text-lg font-semibold">
        Recent runs
      </h2>
      {jobs.map((job) => {
        const failed = job.recentRuns.filter((r) => r.error !== null).length;
        return (
          <details key={job.name} className="group card min-w-0" data-testid="job-history" data-job={job.name}>
            <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3">
              <ChevronDown
                className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
              <span className="font-medium">{JOB_LABELS[job.name]?.title ?? job.name}</span>
              <span className="text-sm text-muted">
                {job.recentRuns.length} {job.recentRuns.length === 1 ? 'run' : 'runs'}
                {failed ? `, ${failed} failed` : ''}
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
