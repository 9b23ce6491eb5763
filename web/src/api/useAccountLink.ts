import { useTranslation } from 'react-i18next';
import { useSession } from './session';

/**
 * Where "back to my account" leads: admin dashboard, own dashboard, or the login page; its label in the
 * active language.
 */
export function useAccountLink(): { to: string; label: string } {
  const { data: session } = useSession();
  const { t } = useTranslation('common');
  if (session?.role === 'admin' || session?.role === 'moderator')
    return { to: '/app/admin/dashboard', label: t('accountLink.admin') };
  if (session?.userName)
    return { to: `/app/${encodeURIComponent(session.userName)}/dashboard`, label: t('accountLink.dashboard') };
  return { to: '/login', label: t('accountLink.login') };
}
