import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { zInvestmentFilters } from '@contract/investments';
import { errorMessage } from '../../../api/client';
import { useAllInvestments, useCancelInvestment, type Investment } from '../../../api/investments';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { translateMessage } from '../../../i18n/messages';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { InvestmentFilterBar } from './InvestmentFilterBar';
import { InvestmentTable } from './InvestmentTable';

/** /app/admin/manage-investments: every investment, 10 per page, filtered (spec §2). */
export function Component() {
  const { t } = useTranslation('adminMoney');
  usePageTitle(t('investments.title'));
  const isAdmin = useSession().data?.role === 'admin';
  const { page, filters, setPage, setFilters } = useListState(zInvestmentFilters);
  const [cancelling, setCancelling] = useState<Investment | null>(null);
  const list = useAllInvestments(page, filters);
  const cancel = useCancelInvestment();

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        setCancelling(null);
      },
      onError: (err) => toast.error(errorMessage(err, t('investments.cancelFailed'))),
    });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="manage-investments-page"
    >
      <PageHeader title={t('investments.title')} description={t('investments.description')} />
      <InvestmentFilterBar filters={filters} onChange={setFilters} />
      <QueryView query={list} fallback={t('investments.loadFailed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <InvestmentTable items={data.data} canCancel={isAdmin} onCancel={setCancelling} />
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onConfirm={confirmCancel}
        title={t('investments.cancelDialog.title')}
        description={
          cancelling
            ? t('investments.cancelDialog.question', { id: cancelling.id, plan: cancelling.planName })
            : undefined
        }
        cancelLabel={t('investments.cancelDialog.keep')}
        confirmLabel={t('investments.cancelDialog.confirm')}
        busyLabel={t('investments.cancelDialog.busy')}
        busy={cancel.isPending}
      />
    </div>
  );
}
