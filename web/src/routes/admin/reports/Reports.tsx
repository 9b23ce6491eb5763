import { Activity, Download, FileText, LoaderCircle, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS, type ReportKind, type ReportPeriod } from '@contract/reports';
import { errorMessage } from '../../../api/client';
import { useDownloadReport } from '../../../api/reports';
import { useSession } from '../../../api/session';
import { PageHeader, SectionCard } from '../../../components/Card';
import { Field, inputClass } from '../../../components/FormField';
import { PageLoader } from '../../../components/Spinner';
import { useLocale } from '../../../i18n/locale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Unauthorized } from '../../app/Unauthorized';

const REPORTS = [
  {
    kind: 'users',
    title: 'reports.kind.users.title',
    description: 'reports.kind.users.description',
    icon: Users,
  },
  {
    kind: 'transactions',
    title: 'reports.kind.transactions.title',
    description: 'reports.kind.transactions.description',
    icon: FileText,
  },
  {
    kind: 'investments',
    title: 'reports.kind.investments.title',
    description: 'reports.kind.investments.description',
    icon: TrendingUp,
  },
  {
    kind: 'activity',
    title: 'reports.kind.activity.title',
    description: 'reports.kind.activity.description',
    icon: Activity,
  },
] as const satisfies readonly { kind: ReportKind; title: string; description: string; icon: LucideIcon }[];

const PERIOD = {
  last7: 'reports.period.last7',
  last30: 'reports.period.last30',
  last90: 'reports.period.last90',
  year: 'reports.period.year',
  all: 'reports.period.all',
} as const satisfies Record<ReportPeriod, string>;

/**
 * One report: a card whose button downloads the CSV, with its own progress and outcome. The outcome is
 * written in the card rather than a toast: on a laptop a toast lands on the next card's button.
 */
function ReportCard({
  kind,
  title: titleKey,
  description,
  icon,
  period,
}: (typeof REPORTS)[number] & { period: ReportPeriod }) {
  const { t } = useTranslation('adminMoney');
  const locale = useLocale();
  const title = t(titleKey);
  const download = useDownloadReport();
  const start = () => download.mutate({ kind, period });
  return (
    <SectionCard title={title} description={t(description)} icon={icon} testId={`report-${kind}`}>
      <button
        type="button"
        className="btn-primary w-full sm:w-auto"
        onClick={start}
        disabled={download.isPending}
        aria-label={t('reports.downloadNamed', { title })}
      >
        {download.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Download className="size-4" aria-hidden="true" />
        )}
        {download.isPending ? t('reports.downloading') : t('reports.download')}
      </button>
      <p role="status" className="mt-3 text-sm text-muted empty:hidden" data-testid={`report-${kind}-outcome`}>
        {download.isPending ? <span className="sr-only">{t('reports.preparing', { title })}</span> : null}
        {download.isSuccess ? t('reports.downloaded', { title, file: download.data }) : null}
      </p>
      {download.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(download.error, t('reports.failed', { title: title.toLocaleLowerCase(locale) }))}
        </p>
      ) : null}
    </SectionCard>
  );
}

function SystemReports() {
  const { t } = useTranslation('adminMoney');
  usePageTitle(t('reports.title'));
  const [period, setPeriod] = useState<ReportPeriod>('last30');
  const id = useId();
  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="reports-page"
    >
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <div className="card p-4 sm:max-w-xs">
        <Field id={id} label={t('reports.periodLabel')}>
          <select
            id={id}
            className={inputClass}
            value={period}
            onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(PERIOD[p])}
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
