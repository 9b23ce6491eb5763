import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Controls at the right of the title (edit toggle, refresh...). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** A titled card: the building block of the account screens. */
export function SectionCard({
  title,
  description,
  icon: Icon,
  actions,
  children,
  className = '',
  testId,
}: SectionCardProps) {
  return (
    <section className={`card flex min-w-0 flex-col ${className}`} data-testid={testId}>
      <header className="flex flex-wrap items-start gap-3 border-b border-line px-5 py-4">
        {Icon ? (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        ) : null}
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">{title}</h2>
          {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </header>
      <div className="flex-1 px-5 py-4">{children}</div>
    </section>
  );
}

/** Screen heading of the app area. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-muted">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

interface AuthCardProps {
  icon: LucideIcon;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}

/** Centered card of the logged-out screens (login, register, 2FA, password, email). */
export function AuthCard({ icon: Icon, title, subtitle, children, footer, wide = false, testId }: AuthCardProps) {
  return (
    <section className="relative px-4 py-10 sm:py-16" data-testid={testId}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-[radial-gradient(ellipse_at_top,rgba(245,181,36,0.18),transparent_65%)]"
      />
      <div className={`card relative mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'} p-6 sm:p-8`}>
        <div className="flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-navy text-amber-300">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        </div>
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-line pt-4 text-center text-sm text-muted">{footer}</div> : null}
      </div>
    </section>
  );
}

/** A figure with its label and icon (summary rows of the investment screens). */
export function StatCard({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="card flex items-center gap-4 p-4" data-testid={testId}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="truncate text-xl font-bold">{value}</p>
      </div>
    </div>
  );
}
