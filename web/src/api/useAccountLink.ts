import { useSession } from './session';

/** Where "back to my account" leads: admin dashboard, own dashboard, or the login page. */
export function useAccountLink(): { to: string; label: string } {
  const { data: session } = useSession();
  if (session?.role === 'admin' || session?.role === 'moderator')
    return { to: '/app/admin/dashboard', label: 'Go to Admin Dashboard' };
  if (session?.userName)
    return { to: `/app/${encodeURIComponent(session.userName)}/dashboard`, label: 'Go to Dashboard' };
  return { to: '/login', label: 'Login' };
}
