import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError, clientFailureMessage } from '../api/client';

/** Full-screen failure view shared by the render and route error boundaries. */
export function ErrorView({ details }: { details?: string }) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen items-center justify-center bg-page px-4 py-12" data-testid="error-view">
      <div className="card w-full max-w-lg p-8 text-center">
        <TriangleAlert className="mx-auto size-10 text-danger" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('error.title')}</h1>
        <p className="mt-2 text-muted">{t('error.body')}</p>
        {details ? (
          <pre className="mt-4 max-h-40 overflow-auto rounded-lg bg-surface-2 p-3 text-left text-sm whitespace-pre-wrap break-words">
            {details}
          </pre>
        ) : null}
        {/* A full page load, not a router link: the router itself may be what failed. */}
        <a href="/" className="btn-primary mt-6">
          {t('error.home')}
        </a>
      </div>
    </main>
  );
}

/** What failed, for the details box: an API failure in the active language, else the error's own message. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return clientFailureMessage(error);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
