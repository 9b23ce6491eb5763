import { PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_EVENTS, EMAIL_EVENT_NAMES, type EmailEvent } from '@contract/email-templates';
import { LOCALE_NAMES, LOCALES, type Locale } from '@contract/locales';
import { useEmailTemplates, type EmailTemplateList } from '../../../api/emailTemplates';
import { PageHeader } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AUDIENCE, EVENT_NAME } from './words';

type Summary = EmailTemplateList['data'][number];
interface Row {
  event: EmailEvent;
  byLocale: Map<Locale, Summary>;
}

export const templatePath = (event: string, locale: string) =>
  `/app/admin/email-templates/${encodeURIComponent(event)}/${locale}`;

/** One language's cell: its state, and the way into its editor. */
function LanguageCell({ row, locale }: { row: Row; locale: Locale }) {
  const { t } = useTranslation('adminEmails');
  const s = row.byLocale.get(locale);
  const event = t(EVENT_NAME[row.event]);
  return (
    <Link
      to={templatePath(row.event, locale)}
      className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:bg-surface-2"
      aria-label={t('list.editLabel', { event, language: LOCALE_NAMES[locale] })}
      data-testid={`template-${row.event}-${locale}`}
    >
      <PencilLine className="size-3.5 text-muted" aria-hidden="true" />
      {s?.customized ? (
        <Badge tone="info">{t('list.edited', { version: s.version })}</Badge>
      ) : (
        <Badge tone="neutral">{t('list.default')}</Badge>
      )}
    </Link>
  );
}

/** Every email event × language: which ones the operator has re-worded, and the way to each editor. */
export function Component() {
  const { t } = useTranslation('adminEmails');
  usePageTitle(t('list.title'));
  const query = useEmailTemplates();
  const columns: Column<Row>[] = [
    {
      key: 'event',
      label: t('list.event'),
      card: 'title',
      className: 'font-medium',
      cell: (row) => t(EVENT_NAME[row.event]),
    },
    ...LOCALES.map((locale): Column<Row> => ({
      key: locale,
      label: LOCALE_NAMES[locale],
      cell: (row) => <LanguageCell row={row} locale={locale} />,
    })),
  ];

  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <QueryView query={query} fallback={t('list.loadFailed')}>
        {(list) =>
          (['account', 'notice', 'staff'] as const).map((audience) => {
            const rows = EMAIL_EVENT_NAMES.filter((e) => EMAIL_EVENTS[e].audience === audience).map((event) => ({
              event,
              byLocale: new Map(list.data.filter((s) => s.event === event).map((s) => [s.locale, s])),
            }));
            return (
              <section key={audience} className="flex flex-col gap-3" aria-labelledby={`audience-${audience}`}>
                <h2 id={`audience-${audience}`} className="text-lg font-semibold">
                  {t(AUDIENCE[audience])}
                </h2>
                <DataTable
                  rows={rows}
                  columns={columns}
                  rowKey={(row) => row.event}
                  caption={`${t('list.caption')}: ${t(AUDIENCE[audience])}`}
                  emptyText=""
                  minWidth="min-w-[720px]"
                />
              </section>
            );
          })
        }
      </QueryView>
    </div>
  );
}
