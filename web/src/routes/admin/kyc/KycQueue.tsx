import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES, zKycQueueQuery, type KycQueueItem } from '@contract/kyc';
import { useKycQueue } from '../../../api/kyc';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatNumber } from '../../../lib/format';
import { useListState, type ListFilters } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { FilterSelect } from '../funds/FilterSelect';
import { KycReviewModal } from './KycReviewModal';
import { KycTable } from './KycTable';
import { useKycWords } from './kycWords';

/** The queue opens on what waits for a decision; `?status=all` is every submission. */
const DEFAULT_FILTERS: ListFilters<typeof zKycQueueQuery> = { status: 'pending' };

/** /app/admin/kyc: the identity verification queue; admins decide, moderators read. */
export function Component() {
  const { t } = useTranslation('admin');
  const words = useKycWords();
  usePageTitle(t('kyc.pageTitle'));
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zKycQueueQuery, 'page', DEFAULT_FILTERS);
  const { status } = filters;
  const [open, setOpen] = useState<KycQueueItem | null>(null);
  const list = useKycQueue(page, status);
  const counts = list.data?.counts;

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="kyc-queue-page"
    >
      <PageHeader title={t('kyc.title')} description={t('kyc.description')} />
      <form
        className="card grid gap-4 p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('kyc.filter.label')}
      >
        <FilterSelect
          label={t('kyc.filter.status')}
          value={status}
          options={KYC_STATUSES.map((s) => ({
            value: s,
            label: counts ? `${words.status(s)} (${formatNumber(counts[s])})` : words.status(s),
          }))}
          allLabel={t('kyc.filter.all')}
          onChange={(next) => setFilters({ status: next })}
        />
      </form>
      <QueryView query={list} fallback={t('kyc.failedList')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <KycTable items={data.data} onOpen={setOpen} />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <KycReviewModal id={open?.id ?? null} canDecide={isAdmin} onClose={() => setOpen(null)} />
    </div>
  );
}
