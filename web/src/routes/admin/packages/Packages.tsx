import { BarChart3, Layers, PieChart, Plus, Users, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Chart } from '@contract/metrics';
import { PlanMsg } from '@contract/plans';
import { errorMessage } from '../../../api/client';
import { useDeletePlan, usePlanMetrics, usePlans, type Plan, type PlanMetrics } from '../../../api/investments';
import { useSession } from '../../../api/session';
import { PageHeader, SectionCard, StatCard } from '../../../components/Card';
import { BarChart } from '../../../components/chart/BarChart';
import { DoughnutChart } from '../../../components/chart/DoughnutChart';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryView } from '../../../components/QueryView';
import { Spinner } from '../../../components/Spinner';
import { translateMessage } from '../../../i18n/messages';
import { formatMoney, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PlanCard } from './PlanCard';
import { PlanFormModal } from './PlanFormModal';

/** A chart with its one series named in the active language (the server names it in English). */
const named = (chart: Chart, label: string): Chart => ({
  ...chart,
  datasets: chart.datasets.map((d, i) => (i === 0 ? { ...d, label } : d)),
});

/** The plan figures and charts; `…` and spinners until `m` arrives. */
function PlanFigures({ m }: { m?: PlanMetrics }) {
  const { t } = useTranslation('adminMoney');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={Layers}
          label={t('plans.cards.totalPlans')}
          value={m ? formatNumber(m.totalPlans) : '…'}
          testId="total-plans"
        />
        <StatCard
          icon={Users}
          label={t('plans.cards.activeSubscriptions')}
          value={m ? formatNumber(m.totalSubscriptions) : '…'}
          testId="total-subscriptions"
        />
        <StatCard
          icon={Wallet}
          label={t('plans.cards.totalRevenue')}
          value={m ? formatMoney(m.totalRevenue) : '…'}
          testId="total-revenue"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title={t('plans.charts.subscriptions')} icon={BarChart3}>
          {m ? (
            <BarChart
              data={named(m.planSubscriptionData, t('plans.charts.subscriptionsSeries'))}
              label={t('plans.charts.subscriptionsLabel')}
            />
          ) : (
            <Spinner />
          )}
        </SectionCard>
        <SectionCard title={t('plans.charts.revenue')} icon={PieChart}>
          {m ? (
            <DoughnutChart
              data={named(m.planRevenueData, t('plans.charts.revenueSeries'))}
              label={t('plans.charts.revenueLabel')}
            />
          ) : (
            <Spinner />
          )}
        </SectionCard>
      </div>
    </>
  );
}

function PlanCharts() {
  const { t } = useTranslation('adminMoney');
  const metrics = usePlanMetrics();
  return (
    <QueryView query={metrics} fallback={t('plans.figuresFailed')} pending={<PlanFigures />}>
      {(m) => <PlanFigures m={m} />}
    </QueryView>
  );
}

/** /app/admin/packages: Plan Management (spec §2). Moderators see it without the write buttons. */
export function Component() {
  const { t } = useTranslation('adminMoney');
  const { t: tc } = useTranslation('common');
  usePageTitle(t('plans.title'));
  const canWrite = useSession().data?.role === 'admin';
  const plans = usePlans(true);
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const openForm = (plan: Plan | null) => {
    setEditing(plan);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ archived, message }) => {
        toast.success(translateMessage(archived ? message || PlanMsg.archived : PlanMsg.deleted));
        setDeleting(null);
      },
      onError: (err) => toast.error(errorMessage(err, t('plans.deleteFailed'))),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid="packages-page">
      <PageHeader title={t('plans.title')} description={t('plans.description')}>
        {canWrite ? (
          <button type="button" className="btn-primary" onClick={() => openForm(null)}>
            <Plus className="size-4" aria-hidden="true" />
            {t('plans.add')}
          </button>
        ) : null}
      </PageHeader>
      <PlanCharts />
      <QueryView
        query={plans}
        fallback={t('plans.loadFailed')}
        empty={{
          when: (list) => list.length === 0,
          view: (
            <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">
              {t('plans.empty')}
            </p>
          ),
        }}
      >
        {(list) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                canWrite={canWrite}
                onEdit={() => openForm(plan)}
                onDelete={() => setDeleting(plan)}
              />
            ))}
          </div>
        )}
      </QueryView>
      <PlanFormModal open={formOpen} plan={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={t('plans.deleteDialog.title')}
        description={t('plans.deleteDialog.question')}
        cancelLabel={tc('action.cancel')}
        confirmLabel={tc('action.delete')}
        busyLabel={t('plans.deleteDialog.busy')}
        busy={remove.isPending}
      />
    </div>
  );
}
