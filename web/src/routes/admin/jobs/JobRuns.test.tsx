import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { JobRun, JobStatus } from '../../../api/jobs';
import { testI18n } from '../../../test/i18n';
import { describeTrigger, JobRunsTable, RecentRuns } from './JobRuns';
import { JobTable } from './JobTable';

const t = testI18n.getFixedT('en', 'admin');

const run = (id: number, fields: Partial<JobRun> = {}): JobRun => ({
  id,
  job: 'accrual',
  trigger: 'schedule',
  triggeredBy: null,
  instance: 'web-1',
  startedAt: '2026-05-01T12:00:00.000Z',
  finishedAt: '2026-05-01T12:00:00.250Z',
  durationMs: 250,
  affected: 3,
  error: null,
  ...fields,
});

const job = (name: string, recentRuns: JobRun[], fields: Partial<JobStatus> = {}): JobStatus => ({
  name,
  intervalMs: 3_600_000,
  lastRunAt: recentRuns[0]?.startedAt ?? null,
  lastDurationMs: recentRuns[0]?.durationMs ?? null,
  lastAffected: recentRuns[0]?.affected ?? null,
  lastError: recentRuns[0]?.error ?? null,
  lastSuccessAt: null,
  running: false,
  nextRunAt: null,
  recentRuns,
  ...fields,
});

const runs = [
  run(3, { trigger: 'manual', triggeredBy: 'alice', instance: 'web-2', durationMs: 1_530, affected: 0 }),
  run(2, { error: 'Price feed answered 503', affected: null, instance: 'worker-eu:4242' }),
  run(1, { finishedAt: null, durationMs: null, affected: null, instance: 'web-3' }),
];

const count = (html: string, text: string) => html.split(text).length - 1;
/** The markup of the element that opens with the first tag containing `marker` (no nesting of the same tag). */
function element(html: string, tag: string, marker: string): string {
  const start = html.lastIndexOf(`<${tag}`, html.indexOf(marker));
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

describe('a job’s recent runs', () => {
  it('lists each run: when, trigger, instance, duration, rows and error, in the table and on phones', () => {
    const html = renderToStaticMarkup(<JobRunsTable job={job('accrual', runs)} />);
    const table = html.slice(html.indexOf('<table'));
    expect(count(table, 'data-testid="job-run"')).toBe(3);
    for (const heading of ['Started', 'Trigger', 'Instance', 'Duration', 'Rows', 'Outcome', 'Error'])
      expect(table).toContain(`>${heading}</th>`);

    const manual = element(table, 'tr', 'Run now by alice');
    expect(manual).toContain('web-2');
    expect(manual).toContain('1.5 s');
    expect(manual).toContain('data-testid="job-run-affected">0<');
    expect(manual).toContain('>OK<');
    expect(manual.toLowerCase()).toContain('datetime="2026-05-01t12:00:00.000z"');

    const failed = element(table, 'tr', 'worker-eu:4242');
    expect(failed).toContain('>Timer<');
    expect(failed).toContain('>Failed<');
    expect(failed).toContain('Price feed answered 503');
    expect(failed).toContain('250 ms');

    const unfinished = element(table, 'tr', '>web-3<');
    expect(unfinished).toContain('>Not finished<');
    expect(unfinished).toContain('data-testid="job-run-affected">—<');

    // The phone list says the same, one item per run.
    const narrow = element(html, 'ul', 'aria-label="Recent runs of Daily returns (accrual)"');
    expect(count(narrow, '<li')).toBe(3);
    expect(narrow).toContain('Run now by alice');
    expect(narrow).toContain('Price feed answered 503');
    expect(narrow).toContain('Not finished');
  });

  it('says who or what started a run', () => {
    expect(describeTrigger(run(1), t)).toBe('Timer');
    expect(describeTrigger(run(1, { trigger: 'manual', triggeredBy: 'bob' }), t)).toBe('Run now by bob');
    expect(describeTrigger(run(1, { trigger: 'manual' }), t)).toBe('Run now');
    expect(describeTrigger(run(1, { trigger: 'unknown' }), t)).toBe('Before run history');
  });

  it('gives each job a disclosure with its run and failure counts, and says when none was recorded', () => {
    const html = renderToStaticMarkup(
      <RecentRuns jobs={[job('accrual', runs), job('session-expiry', []), job('custom-job', [run(9)])]} />,
    );
    expect(count(html, 'data-testid="job-history"')).toBe(3);
    expect(element(html, 'details', 'data-job="accrual"')).toContain('3 runs, 1 failed');
    const none = element(html, 'details', 'data-job="session-expiry"');
    expect(none).toContain('Session expiry');
    expect(none).toContain('0 runs');
    expect(none).toContain('No runs recorded yet.');
    expect(element(html, 'details', 'data-job="custom-job"')).toContain('1 run<');
  });
});

describe('the jobs table', () => {
  const jobs = [
    job('accrual', runs.slice(1)),
    job('price-refresh', [run(4, { affected: 1 })], { intervalMs: 60_000, running: true }),
  ];

  it('keeps to five narrow columns, State and Run now among them, so it fits beside the sidebar', () => {
    const html = renderToStaticMarkup(<JobTable jobs={jobs} runButton={(j) => <button>Run {j.name}</button>} />);
    const head = element(html, 'thead', '<thead');
    expect([...head.matchAll(/<th [^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      'Job',
      'Schedule',
      'Last run',
      'State',
      'Actions',
    ]);
    expect(html).toContain('min-w-[720px]');
    const accrual = element(html, 'tr', 'data-job="accrual"');
    expect(accrual).toContain('>Failed<');
    expect(accrual).toContain('Price feed answered 503');
    expect(accrual).toContain('>Run accrual<');
    const prices = element(html, 'tr', 'data-job="price-refresh"');
    expect(prices).toContain('>Running<');
    expect(prices).toContain('every minute');
    expect(prices).toContain('<span data-testid="job-affected">1</span> row');
  });

  it('has no Actions column for a moderator', () => {
    const html = renderToStaticMarkup(<JobTable jobs={jobs} runButton={null} />);
    expect(html).not.toContain('>Actions<');
    expect(html).toContain('>State<');
  });
});
