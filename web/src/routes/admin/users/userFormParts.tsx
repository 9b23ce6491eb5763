import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@contract/errors';
import { ApiError, fieldIssues, type ClientErrorCode } from '../../../api/client';
import { Field, inputClass } from '../../../components/FormField';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly string[];
  /** How a value reads ("moderator" -> "Moderator"). */
  optionLabel: (value: string) => string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select of lower-case values, each shown in words; spread `register(name)` into it. */
export function SelectField({ label, options, optionLabel, ref, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select id={id} ref={ref} className={inputClass} {...select}>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function FormButtons({ busy, label, onClose }: { busy: boolean; label: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={onClose}>
        {tc('action.cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('shared.saving') : label}
      </button>
    </div>
  );
}

/** Conflicts the server answers without field details, and the field each one is about. */
const CONFLICT_FIELDS: Partial<Record<ClientErrorCode, string>> = { EMAIL_TAKEN: 'email', USERNAME_TAKEN: 'userName' };

/** A failed save's messages by field, the first one for each: validation issues and an email or name taken. */
export function serverFieldErrors(err: unknown): Map<string, string> {
  const issues: FieldIssue[] = fieldIssues(err);
  const conflict = err instanceof ApiError ? CONFLICT_FIELDS[err.code] : undefined;
  if (conflict && err instanceof ApiError) issues.push({ field: conflict, message: err.message });
  const out = new Map<string, string>();
  for (const i of issues) if (!out.has(i.field)) out.set(i.field, i.message);
  return out;
}
