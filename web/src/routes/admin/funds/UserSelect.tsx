import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { useUserOptions, type UserSummary } from '../../../api/adminFunds';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { formatNumber } from '../../../lib/format';
import { userOptionLabel } from './fundsRules';

interface UserSelectProps {
  value: UserSummary | null;
  onChange: (user: UserSummary | null) => void;
  error?: string;
  /** How an option reads; defaults to id, name and user name. */
  optionLabel?: (user: UserSummary) => string;
}

/** Wait this long after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 300;

/**
 * Search box plus a native select of the first 100 matching users (spec §7: page 1, limit
 * 100). The chosen user stays an option while another search narrows the list, so the
 * select never silently shows someone else.
 */
export function UserSelect({ value, onChange, error, optionLabel = userOptionLabel }: UserSelectProps) {
  const { t } = useTranslation('adminMoney');
  const searchId = useId();
  const selectId = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useUserOptions(query, true);

  const found = users.data?.data ?? [];
  const options = value && !found.some((u) => u.id === value.id) ? [value, ...found] : found;
  const loadError = users.isError ? errorMessage(users.error, t('userSelect.loadFailed')) : undefined;
  const shown = error ?? loadError;
  const total = users.data?.totalItems ?? 0;
  const counts = { count: total, total: formatNumber(total), listed: formatNumber(found.length) };
  const hint = users.data
    ? total > found.length
      ? t('userSelect.foundListed', counts)
      : t('userSelect.found', counts)
    : undefined;

  return (
    <div className="flex flex-col gap-3">
      <Field id={searchId} label={t('userSelect.search')} hint={t('userSelect.searchHint')}>
        <input
          id={searchId}
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('userSelect.searchPlaceholder')}
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          aria-controls={selectId}
        />
      </Field>
      <Field id={selectId} label={t('userSelect.user')} error={shown} hint={hint}>
        <select
          id={selectId}
          className={inputClass}
          value={value ? String(value.id) : ''}
          onChange={(e) => onChange(options.find((u) => String(u.id) === e.target.value) ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, shown, hint)}
          aria-busy={users.isFetching}
          required
        >
          <option value="">
            {users.isPending
              ? t('userSelect.loading')
              : options.length === 0
                ? t('userSelect.none')
                : t('userSelect.choose')}
          </option>
          {options.map((u) => (
            <option key={u.id} value={u.id}>
              {optionLabel(u)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
