import { useId } from 'react';
import { usePlans, type InvestmentFilters } from '../../../api/investments';
import { Field, TextField, inputClass } from '../../../components/FormField';

interface Props {
  filters: InvestmentFilters;
  onChange: (filters: InvestmentFilters) => void;
}

/** Status, plan, user id and start date filters of Manage Investments. */
export function InvestmentFilterBar({ filters, onChange }: Props) {
  const plans = usePlans(true);
  const statusId = useId();
  const planId = useId();
  const set = (key: keyof InvestmentFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value || undefined });

  return (
    <form
      className="card grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Filter investments"
    >
      <Field id={statusId} label="Status">
        <select id={statusId} className={inputClass} value={filters.status ?? ''} onChange={set('status')}>
          <option value="">All statuses</option>
          <option value="running">Running</option>
          <option value="ended">Ended</option>
          <option value="cancelled">Cancelled</option>
        </select>
      </Field>
      <Field id={planId} label="Plan">
        <select id={planId} className={inputClass} value={filters.planId ?? ''} onChange={set('planId')}>
          <option value="">All plans</option>
          {plans.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        label="User ID"
        inputMode="numeric"
        value={filters.userId ?? ''}
        onChange={(e) => set('userId')({ target: { value: e.target.value.replace(/\D/g, '') } })}
      />
      <TextField label="Started on or after" type="date" value={filters.startDate ?? ''} onChange={set('startDate')} />
      <div className="flex items-end">
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => onChange({})}
          disabled={Object.values(filters).every((v) => !v)}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
