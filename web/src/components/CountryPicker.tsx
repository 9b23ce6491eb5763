import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { Popover } from './ui/Popover';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countries, countryName } from '../content/countries';
import { Field, describedBy, inputClass } from './FormField';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface CountryPickerProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  label?: string;
  error?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** Searchable country select (ISO codes), the names in the active language and its alphabetical order. */
export function CountryPicker({ value, onChange, onBlur, label, error, ref }: CountryPickerProps) {
  const { t } = useTranslation('common');
  // Kept per language: the same list while the language stays.
  const all = countries();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => {
    const q = fold(query.trim());
    if (!q) return all;
    // Names starting with the query first, then a word starting with it, then anywhere.
    const rank = (name: string, code: string) => {
      const n = fold(name);
      if (n.startsWith(q) || code.toLowerCase() === q) return 0;
      if (n.split(/[\s(-]+/).some((word) => word.startsWith(q))) return 1;
      return n.includes(q) ? 2 : 3;
    };
    return all
      .map((c) => ({ c, r: rank(c.name, c.code) }))
      .filter((x) => x.r < 3)
      .sort((a, b) => a.r - b.r)
      .map((x) => x.c);
  }, [query, all]);

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(
        Math.max(
          0,
          all.findIndex((c) => c.code === value),
        ),
      );
    } else onBlur?.();
  };
  const choose = (code: string) => {
    onChange(code);
    openChange(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const pick = matches[active];
      if (pick) choose(pick.code);
    }
  };

  return (
    <Field id={id} label={label ?? t('country.label')} error={error}>
      <Popover
        open={open}
        onOpenChange={openChange}
        className="w-[var(--radix-popover-trigger-width)] min-w-64 p-2"
        trigger={
          <button
            id={id}
            ref={ref}
            type="button"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
            className={`${inputClass} flex items-center justify-between gap-2 text-left`}
          >
            <span className={value ? 'truncate' : 'truncate text-muted'}>
              {value ? countryName(value) : t('country.placeholder')}
            </span>
            <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden="true" />
          </button>
        }
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('country.search')}
            aria-label={t('country.search')}
            aria-controls={listId}
            aria-activedescendant={matches[active] ? `${id}-${matches[active].code}` : undefined}
            className={`${inputClass} pl-9`}
          />
        </div>
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label={t('country.list')}
          className="mt-2 max-h-64 overflow-y-auto"
        >
          {matches.map((country, index) => (
            <li
              key={country.code}
              id={`${id}-${country.code}`}
              data-index={index}
              role="option"
              aria-selected={country.code === value}
              onClick={() => choose(country.code)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${index === active ? 'bg-surface-2' : ''}`}
            >
              <span>{country.name}</span>
              {country.code === value ? (
                <Check className="size-4 text-accent" aria-hidden="true" />
              ) : (
                <span className="text-xs text-muted">{country.code}</span>
              )}
            </li>
          ))}
        </ul>
        {matches.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted">{t('country.noMatch', { query })}</p>
        ) : null}
      </Popover>
    </Field>
  );
}
