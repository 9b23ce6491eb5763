import { Hourglass } from 'lucide-react';
import { usePageTitle } from '../lib/usePageTitle';

interface ComingSoonProps {
  /** The screen's name, shown as its heading. */
  title: string;
  description?: string;
}

/** Stand-in for a screen that a later release builds. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16" aria-labelledby="coming-soon-title">
      <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-accent">
          <Hourglass className="size-7" aria-hidden="true" />
        </span>
        <h1 id="coming-soon-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="max-w-md text-muted">
          {description ?? 'This page is being prepared and will be available soon. Thank you for your patience.'}
        </p>
      </div>
    </section>
  );
}
