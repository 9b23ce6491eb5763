import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlans, type InvestmentFilters } from '../../../api/investments';
import { Field, TextField, inputClass } from '../../../components/FormField';

interface Props {
  filters: InvestmentFilters;
  onChange: (filters: InvestmentFilters) => void;
}

/** Status, plan, user id and start date filters of Manage Investments. */
export function InvestmentFilterBar({ filters, onChange }: Props) {
  const { t } = useTranslation('adminMoney');
  const plans = usePlans(true);
  const statusId = useId();
  const planId = useId();
  const set = (key: keyof InvestmentFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value || undefined });

  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('investments.filterLabel')}
    >
      <Field id={statusId} label={t('filter.status')}>
        <select id={statusId} className={inputClass} value={filters.status ?? ''} onChange={set('status')}>
          <option value="">{t('filter.allStatuses')}</option>
          <option value="running">{t('investments.filter.running')}</option>
          <option value="ended">{t('investments.filter.ended')}</option>
          <option value="cancelled">{t('investments.filter.cancelled')}</option>
        </select>
      </Field>
      <Field id={planId} label={t('investments.filter.plan')}>
        <select id={planId} className={inputClass} value={filters.planId ?? ''} onChange={set('planId')}>
          <option value="">{t('investments.filter.allPlans')}</option>
          {plans.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        label={t('investments.filter.userId')}
        inputMode="numeric"
        value={filters.userId ?? ''}
        onChange={(e) => set('userId')({ target: { value: e.target.value.replace(/\D/g, '') } })}
      />
      <TextField
        label={t('investments.filter.startedFrom')}
        type="date"
        value={filters.startDate ?? ''}
        onChange={set('startDate')}
      />
      <div className="flex items-end">
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => onChange({})}
          disabled={Object.values(filters).every((v) => !v)}
        >
          {t('filter.clear')}
        </button>
      </div>
    </form>
  );
}
