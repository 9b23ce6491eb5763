import { Activity, Download, FileText, LoaderCircle, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportKind, type ReportPeriod } from '@contract/reports';
import { errorMessage } from '../../../api/client';
import { useDownloadReport } from '../../../api/reports';
import { useSession } from '../../../api/session';
import { PageHeader, SectionCard } from '../../../components/Card';
import { Field, inputClass } from '../../../components/FormField';
import { PageLoader } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Unauthorized } from '../../app/Unauthorized';

const REPORTS: { kind: ReportKind; title: string; description: string; icon: LucideIcon }[] = [
  {
    kind: 'users',
    title: 'User Reports',
    description: 'Accounts registered in the period: names, contact, role, status, verification.',
    icon: Users,
  },
  {
    kind: 'transactions',
    title: 'Transaction Reports',
    description: 'Every money movement created in the period, with amounts in dollars.',
    icon: FileText,
  },
  {
    kind: 'investments',
    title: 'Investment Reports',
    description: 'Investments started in the period: plan, principal, returns paid, status.',
    icon: TrendingUp,
  },
  {
    kind: 'activity',
    title: 'Activity Logs',
    description: 'Page visits and security events recorded in the period.',
    icon: Activity,
  },
];

/**
 * One report: a card whose button downloads the CSV, with its own progress and outcome. The outcome is
 * written in the card rather than a toast: on a laptop a toast lands on the next card's button.
 */
function ReportCard({ kind, title, description, icon, period }: (typeof REPORTS)[number] & { period: ReportPeriod }) {
  const download = useDownloadReport();
  const start = () => download.mutate({ kind, period });
  return (
    <SectionCard title={title} description={description} icon={icon} testId={`report-${kind}`}>
      <button
        type="button"
        className="btn-primary w-full sm:w-auto"
        onClick={start}
        disabled={download.isPending}
        aria-label={`Download ${title}`}
      >
        {download.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Download className="size-4" aria-hidden="true" />
        )}
        {download.isPending ? 'Downloading...' : 'Download Report'}
      </button>
      <p role="status" className="mt-3 text-sm text-muted empty:hidden" data-testid={`report-${kind}-outcome`}>
        {download.isPending ? <span className="sr-only">Preparing {title}</span> : null}
        {download.isSuccess ? `${title} downloaded as ${download.data}` : null}
      </p>
      {download.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(download.error, `Failed to download ${title.toLowerCase()}`)}
        </p>
      ) : null}
    </SectionCard>
  );
}

function SystemReports() {
  usePageTitle('System Reports');
  const [period, setPeriod] = useState<ReportPeriod>('last30');
  const id = useId();
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="reports-page"
    >
      <PageHeader
        title="System Reports"
        description="CSV exports of the records created in a period. Money is in dollars with 2 decimals."
      />
      <div className="card p-4 sm:max-w-xs">
        <Field id={id} label="Time period">
          <select
            id={id}
            className={inputClass}
            value={period}
            onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {REPORT_PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {REPORTS.map((r) => (
          <ReportCard key={r.kind} {...r} period={period} />
        ))}
      </div>
    </div>
  );
}

/** /app/admin/reports: admins only (reports hold every user's data); moderators get Access Denied. */
export function Component() {
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data?.role !== 'admin') return <Unauthorized />;
  return <SystemReports />;
}
