import { CircleAlert, CircleCheck, Info, RotateCw, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';
import type { ReactNode } from 'react';

export type Tone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<Tone, { icon: LucideIcon; className: string }> = {
  info: {
    icon: Info,
    className: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100',
  },
  success: {
    icon: CircleCheck,
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100',
  },
  warning: {
    icon: TriangleAlert,
    className:
      'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
  },
  error: {
    icon: CircleAlert,
    className: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  },
};

interface NoticeProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  className?: string;
  testId?: string;
}

/** Inline message box; errors and warnings are announced as alerts. */
export function Notice({ tone = 'info', title, children, action, className = '', testId }: NoticeProps) {
  const { icon: Icon, className: toneClass } = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex gap-3 rounded-xl border px-4 py-3 text-sm ${toneClass} ${className}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="break-words">{children}</div> : null}
        {action ? <div className="mt-1 flex flex-wrap gap-2">{action}</div> : null}
      </div>
    </div>
  );
}

/** Small status pill (Verified, Enabled, This device...). */
export function Badge({ tone = 'info', children }: { tone?: Tone | 'neutral'; children: ReactNode }) {
  const className =
    tone === 'neutral'
      ? 'bg-surface-2 text-muted'
      : tone === 'success'
        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
        : tone === 'warning'
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100'
          : tone === 'error'
            ? 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100'
            : 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      {children}
    </span>
  );
}

/** A failed load with the server's message (or `fallback`) and a way to retry. */
export function LoadError({
  error,
  fallback,
  onRetry,
  className = '',
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-3 rounded-xl border border-dashed border-line px-4 py-8 text-center ${className}`}
    >
      <TriangleAlert className="size-8 text-danger" aria-hidden="true" />
      <p className="text-sm">{errorMessage(error, fallback)}</p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('error.retry')}
      </button>
    </div>
  );
}
