import { LogIn } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession } from '../api/session';
import { Modal } from '../components/Modal';
import { LoadError } from '../components/Notice';
import { PageLoader } from '../components/Spinner';
import { loginPathFor, ownAreaPath } from '../lib/paths';

/** The popup of spec §2 Guards: log in, then come back to this page. */
function LoginRequired({ from }: { from: string }) {
  return (
    <div className="min-h-[60vh] bg-page" data-testid="login-required-page">
      <Modal
        open
        onOpenChange={() => undefined}
        dismissible={false}
        size="sm"
        testId="login-required"
        title="Login required"
        description="You need to be logged in to access this page."
        footer={
          <>
            <Link to="/" className="btn-secondary">
              Go Home
            </Link>
            <Link to={loginPathFor(from)} className="btn-primary">
              <LogIn className="size-4" aria-hidden="true" />
              Login
            </Link>
          </>
        }
      />
    </div>
  );
}

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
  if (!session) return <LoginRequired from={`${location.pathname}${location.search}`} />;
  return <Outlet />;
}

/** The admin area: admins and moderators; investors go to /app/unauthorized. */
export function RequireStaff() {
  const { data: session } = useSession();
  if (session?.role === 'user') return <Navigate to="/app/unauthorized" replace />;
  return <Outlet />;
}

/** /app/{userName}/…: only one's own; anyone else's name is replaced by the caller's. */
export function RequireOwnArea() {
  const { data: session } = useSession();
  const { userName } = useParams();
  const location = useLocation();
  if (session && userName !== session.userName) return <Navigate to={`${ownAreaPath(location.pathname, session)}${location.search}`} replace />;
  return <Outlet />;
}
