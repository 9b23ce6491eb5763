import { BarChart3, Layers, PieChart, Plus, Users, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { PlanCard } from './PlanCard';
import { PlanFormModal } from './PlanFormModal';

/** The plan figures and charts; `…` and spinners until `m` arrives. */
function PlanFigures({ m }: { m?: PlanMetrics }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard icon={Layers} label="Total Plans" value={m ? String(m.totalPlans) : '…'} testId="total-plans" />
        <StatCard
          icon={Users}
          label="Active Subscriptions"
          value={m ? String(m.totalSubscriptions) : '…'}
          testId="total-subscriptions"
        />
        <StatCard
          icon={Wallet}
          label="Total Revenue"
          value={m ? formatMoney(m.totalRevenue) : '…'}
          testId="total-revenue"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Plan Subscriptions" icon={BarChart3}>
          {m ? <BarChart data={m.planSubscriptionData} label="Active subscriptions per plan" /> : <Spinner />}
        </SectionCard>
        <SectionCard title="Revenue Distribution" icon={PieChart}>
          {m ? <DoughnutChart data={m.planRevenueData} label="Revenue per plan" /> : <Spinner />}
        </SectionCard>
      </div>
    </>
  );
}

function PlanCharts() {
  const metrics = usePlanMetrics();
  return (
    <QueryView query={metrics} fallback="Could not load the plan figures" pending={<PlanFigures />}>
      {(m) => <PlanFigures m={m} />}
    </QueryView>
  );
}

/** /app/admin/packages: Plan Management (spec §2). Moderators see it without the write buttons. */
export function Component() {
  usePageTitle('Plan Management');
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
        toast.success(archived ? message || PlanMsg.archived : PlanMsg.deleted);
        setDeleting(null);
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not delete the plan')),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid="packages-page">
      <PageHeader title="Plan Management" description="Investment plans, their subscribers and revenue.">
        {canWrite ? (
          <button type="button" className="btn-primary" onClick={() => openForm(null)}>
            <Plus className="size-4" aria-hidden="true" />
            Add New Plan
          </button>
        ) : null}
      </PageHeader>
      <PlanCharts />
      <QueryView
        query={plans}
        fallback="Could not load the plans"
        empty={{
          when: (list) => list.length === 0,
          view: (
            <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">
              No plans yet.
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
        title="Delete plan"
        description="Are you sure you want to delete this plan?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
      />
    </div>
  );
}
