import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES } from '@contract/locales';
import { useSession } from '../api/session';
import { changeLocale, useLocale } from './locale';
import { toast } from '../lib/toast';

/** The language menu: each language named in itself; signed in, the choice is saved on the account. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: session } = useSession();
  return (
    <label className={`inline-flex items-center gap-1.5 text-sm ${className}`}>
      <Languages className="size-4 text-muted" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        className="rounded-md border border-line bg-transparent py-1 pr-7 pl-2 text-sm"
        value={locale}
        data-testid="language-switcher"
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          changeLocale(next, { signedIn: Boolean(session) }).catch(() => toast.error(t('language.saveFailed')));
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
