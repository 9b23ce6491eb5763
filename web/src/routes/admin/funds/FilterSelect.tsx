import { useId } from 'react';
import { Field, inputClass } from '../../../components/FormField';
import { useMoneyWords } from '../../../lib/words';

interface FilterSelectProps<T extends string> {
  label: string;
  value: T | undefined;
  /** The values offered besides "All", with their labels. */
  options: readonly { value: T; label: string }[];
  allLabel: string;
  onChange: (value: T | undefined) => void;
}

/** A labelled select of a filter bar; the empty option means no filter. */
export function FilterSelect<T extends string>({ label, value, options, allLabel, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={inputClass}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Options from a list of statuses, in the one word of each in the active language: "invalid" -> "Rejected". */
export function useStatusOptions<T extends string>(values: readonly T[]) {
  const words = useMoneyWords();
  return values.map((value) => ({ value, label: words.statusFilter(value) }));
}
