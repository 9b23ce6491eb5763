import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useUserOptions, type UserSummary } from '../../../api/adminFunds';
import { Field, describedBy, inputClass } from '../../../components/FormField';
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
  const loadError = users.isError ? errorMessage(users.error, 'Failed to fetch users') : undefined;
  const shown = error ?? loadError;
  const hint = users.data
    ? `${users.data.totalItems} user${users.data.totalItems === 1 ? '' : 's'} found${users.data.totalItems > found.length ? `, first ${found.length} listed` : ''}`
    : undefined;

  return (
    <div className="flex flex-col gap-3">
      <Field id={searchId} label="Search users" hint="Name, user name or email">
        <input
          id={searchId}
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search..."
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          aria-controls={selectId}
        />
      </Field>
      <Field id={selectId} label="User" error={shown} hint={hint}>
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
            {users.isPending ? 'Loading users...' : options.length === 0 ? 'No users found' : 'Select a user'}
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
