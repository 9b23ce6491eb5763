import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession } from '../api/session';
import { LoadError } from '../components/Notice';
import { PageLoader } from '../components/Spinner';
import { ownAreaPath } from '../lib/paths';

// The popup carries the dialog library: loaded only when someone actually needs to log in.
const LoginRequired = lazy(() => import('./LoginRequired').then((m) => ({ default: m.LoginRequired })));

/** Every /app page but the 404 and /app/unauthorized needs a session. */
export function RequireSession() {
  const { data: session, isPending, isError, error, refetch } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader label="Checking your session..." />;
  if (isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <LoadError error={error} fallback="Could not check your session." onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!session)
    return (
      <Suspense fallback={<PageLoader />}>
        <LoginRequired from={`${location.pathname}${location.search}`} />
      </Suspense>
    );
  return <Outlet />;
}

const STAFF_SECURITY = '/app/admin/security-settings';

/**
 * The admin area: admins and moderators; investors go to /app/unauthorized. Staff the site
 * requires a passkey or TOTP of, who have neither, see only Security Settings until they add one.
 */
export function RequireStaff() {
  const { data: session } = useSession();
  const { pathname } = useLocation();
  if (session?.role === 'user') return <Navigate to="/app/unauthorized" replace />;
  if (session?.secondFactorRequired && pathname !== STAFF_SECURITY) return <Navigate to={STAFF_SECURITY} replace />;
  return <Outlet />;
}

/** /app/{userName}/…: only one's own; anyone else's name is replaced by the caller's. */
export function RequireOwnArea() {
  const { data: session } = useSession();
  const { userName } = useParams();
  const location = useLocation();
  if (session && userName !== session.userName)
    return <Navigate to={`${ownAreaPath(location.pathname, session)}${location.search}`} replace />;
  return <Outlet />;
}
