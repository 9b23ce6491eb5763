import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountLink } from '../../api/useAccountLink';
import { usePageTitle } from '../../lib/usePageTitle';

/** Where a non-admin lands after opening an admin page. */
export function Unauthorized() {
  const { t } = useTranslation('ui');
  usePageTitle(t('unauthorized.title'));
  const target = useAccountLink();
  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="unauthorized"
    >
      <ShieldAlert className="size-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold">{t('unauthorized.title')}</h1>
      <p className="mt-3 text-muted">{t('unauthorized.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={target.to} className="btn-primary">
          {target.label}
        </Link>
        <Link to="/" className="btn-secondary">
          {t('unauthorized.home')}
        </Link>
      </div>
    </section>
  );
}
