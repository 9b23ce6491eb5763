import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Modal } from '../components/ui/Modal';
import { loginPathFor } from '../lib/paths';

/** The popup of spec §2 Guards: log in, then come back to this page. */
export function LoginRequired({ from }: { from: string }) {
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
