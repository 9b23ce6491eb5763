import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Inline loading indicator, announced to screen readers. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-muted ${className}`}>
      <LoaderCircle className="size-5 animate-spin text-accent" aria-hidden="true" />
      <span className="text-sm">{label ?? t('word.loading')}</span>
    </span>
  );
}

/** Loading view that replaces a whole screen (lazy routes, first load). */
export function PageLoader({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8" data-testid="page-loader">
      <Spinner label={label} />
    </div>
  );
}
