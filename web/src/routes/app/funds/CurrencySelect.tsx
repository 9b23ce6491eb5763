import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/FormField';
import { CURRENCY_LABELS, isCurrencyLabelled } from './amounts';

interface CurrencySelectProps {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLSelectElement>;
}

/** The currency of a deposit or withdrawal; spread a react-hook-form `Controller`'s field into it. */
export function CurrencySelect({ label, options, value, onChange, onBlur, ref }: CurrencySelectProps) {
  const { t } = useTranslation('app');
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        ref={ref}
      >
        {options.map((c) => (
          <option key={c} value={c}>
            {isCurrencyLabelled(c) ? t(CURRENCY_LABELS[c]) : c}
          </option>
        ))}
      </select>
    </Field>
  );
}
