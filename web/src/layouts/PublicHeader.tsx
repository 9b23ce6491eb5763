import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAccountLink } from '../api/useAccountLink';
import { Logo } from '../components/Logo';
import { ThemeToggle } from '../components/ThemeToggle';
import { companyLinks, mainLinks } from '../content/navigation';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useHydrated, useMediaQuery } from '../lib/useHydrated';
import { CompanyMenuButton } from './CompanyMenuButton';

// The menu library loads once the page is up (after hydration on the pre-rendered Home page),
// and only where the full bar shows (Tailwind's xl); until then the same button stands still.
const CompanyMenu = lazy(() => import('./CompanyMenu').then((m) => ({ default: m.CompanyMenu })));
const FULL_BAR_QUERY = '(min-width: 80rem)';

const linkLook = (isActive: boolean) =>
  `rounded-lg py-2 text-sm font-medium transition-colors hover:bg-surface-2 ${isActive ? 'text-accent' : 'text-fg'}`;
const linkClass = ({ isActive }: { isActive: boolean }) => `${linkLook(isActive)} px-3`;
/** In the full bar: closer together until the screen is wide (Spanish and Russian words are long). */
const barLinkClass = ({ isActive }: { isActive: boolean }) => `${linkLook(isActive)} px-2 2xl:px-3`;

/**
 * Eleven public links and the language menu do not fit one bar below 1280 px in every
 * language (Russian and Spanish words run a third longer), so the full bar starts at `xl`
 * and narrower screens get the menu button. The language menu sits in the full bar and at
 * the top of the menu; it is part of the pre-rendered Home page, so hydration moves nothing.
 */
/** The full bar's company menu: the button alone until hydrated (as pre-rendered), the menu on a wide screen. */
function CompanyNav() {
  const fullBar = useMediaQuery(FULL_BAR_QUERY);
  return <Suspense fallback={<CompanyMenuButton />}>{fullBar ? <CompanyMenu /> : <CompanyMenuButton />}</Suspense>;
}

/** The phone menu's button: pre-rendered, so inert until hydration (an early tap is not lost). */
function MenuButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('public');
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="icon-btn xl:hidden"
      aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
      aria-expanded={open}
      aria-controls="mobile-nav"
      onClick={onToggle}
      disabled={!hydrated}
    >
      {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
    </button>
  );
}

// Hooks whose answer differs once hydrated live in the leaves above, so hydration's end draws
// only them again, not the whole header.
export function PublicHeader() {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  // Logged in: one way back to the account instead of Login / Register.
  const account = useAccountLink();
  const signedIn = account.to !== '/login';
  const accountLabel = account.to.startsWith('/app/admin') ? t('header.adminDashboard') : t('header.dashboard');
  // Close the mobile menu once a link in it is followed.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('header.mainNav')} className="ml-4 hidden items-center gap-0.5 xl:flex 2xl:ml-6 2xl:gap-1">
          <CompanyNav />
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={barLinkClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 2xl:gap-2">
          <div className="hidden xl:block">
            <LanguageSwitcher />
          </div>
          <ThemeToggle />
          {signedIn ? (
            <Link to={account.to} className="btn-primary hidden sm:inline-flex xl:px-3 2xl:px-4">
              {accountLabel}
            </Link>
          ) : (
            <>
              <Link to="/login" className="btn-ghost hidden sm:inline-flex xl:px-3 2xl:px-4">
                {t('header.login')}
              </Link>
              <Link to="/register" className="btn-primary hidden sm:inline-flex xl:px-3 2xl:px-4">
                {t('header.register')}
              </Link>
            </>
          )}
          <MenuButton open={open} onToggle={() => setOpen((value) => !value)} />
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-nav"
          aria-label={t('header.siteNav')}
          className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-line bg-surface px-4 pt-2 pb-4 xl:hidden"
          onClick={closeOnLink}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <LanguageSwitcher className="mb-2 px-3 py-1" />
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {[...mainLinks, ...companyLinks].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={(state) => `block ${linkClass(state)}`}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-line pt-3 sm:hidden">
            {signedIn ? (
              <Link to={account.to} className="btn-primary col-span-2">
                {accountLabel}
              </Link>
            ) : (
              <>
                <Link to="/login" className="btn-secondary">
                  {t('header.login')}
                </Link>
                <Link to="/register" className="btn-primary">
                  {t('header.register')}
                </Link>
              </>
            )}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
