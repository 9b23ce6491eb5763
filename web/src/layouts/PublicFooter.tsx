import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '../api/queries';
import { Logo } from '../components/Logo';
import { footerGroups } from '../content/navigation';
import { useHydrated } from '../lib/useHydrated';

/** The line with the visitor's year, filled in once hydrated (pre-rendered at build time); a leaf: only it redraws. */
function Copyright({ siteName }: { siteName: string }) {
  const { t } = useTranslation('public');
  const year = useHydrated() ? `${new Date().getFullYear()} ` : '';
  return <p>{t('footer.copyright', { year, siteName })}</p>;
}

export function PublicFooter() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation('common');
  const siteName = useSiteName();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 flex flex-col gap-3 sm:col-span-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-muted">{t('footer.tagline')}</p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={t(group.label)}>
            <h2 className="text-sm font-semibold">{t(group.title)}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted hover:text-accent">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted sm:px-6">
          <p>{tc('risk.disclosure')}</p>
          <Copyright siteName={siteName} />
        </div>
      </div>
    </footer>
  );
}
