import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAccountLink } from '../api/useAccountLink';
import { usePageTitle } from '../lib/usePageTitle';

function NotFoundPanel({ testId, text, children }: { testId: string; text: string; children: ReactNode }) {
  usePageTitle('Page not found');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center" data-testid={testId}>
      <Compass className="size-12 text-accent" aria-hidden="true" />
      <h1 className="mt-4 flex flex-col gap-1">
        <span className="text-6xl font-extrabold tracking-tight">404</span>
        <span className="text-2xl font-bold">Page not found</span>
      </h1>
      <p className="mt-3 text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

/** Any unknown path outside /app. */
export function PublicNotFound() {
  return (
    <NotFoundPanel testId="public-404" text="The page you are looking for does not exist or has been moved.">
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
      <Link to="/login" className="btn-secondary">
        Login
      </Link>
    </NotFoundPanel>
  );
}

/** Unknown /app/* path: offers the right way back for admins, users and visitors. */
export function AppNotFound() {
  const target = useAccountLink();
  return (
    <main className="flex min-h-screen items-center bg-page">
      <NotFoundPanel testId="app-404" text="This page does not exist, or you do not have permission to view it.">
        <Link to={target.to} className="btn-primary">
          {target.label}
        </Link>
        <Link to="/" className="btn-secondary">
          Go Home
        </Link>
      </NotFoundPanel>
    </main>
  );
}
