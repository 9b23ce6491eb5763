import { TriangleAlert } from 'lucide-react';

/** Full-screen failure view shared by the render and route error boundaries. */
export function ErrorView({ details }: { details?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-page px-4 py-12" data-testid="error-view">
      <div className="card w-full max-w-lg p-8 text-center">
        <TriangleAlert className="mx-auto size-10 text-danger" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Something went wrong.</h1>
        <p className="mt-2 text-muted">
          An unexpected error stopped this page. You can go back to the home page and try again.
        </p>
        {details ? (
          <pre className="mt-4 max-h-40 overflow-auto rounded-lg bg-surface-2 p-3 text-left text-sm whitespace-pre-wrap break-words">
            {details}
          </pre>
        ) : null}
        {/* A full page load, not a router link: the router itself may be what failed. */}
        <a href="/" className="btn-primary mt-6">
          Go to Home Page
        </a>
      </div>
    </main>
  );
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
