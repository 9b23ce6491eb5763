import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RISK_LINK } from '../../../content/marketing';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}

/** Navy banner opening every marketing page (the same colours as the Home hero in both themes). */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-[#0b1220] text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,181,36,0.2),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(56,189,248,0.12),transparent_50%)]"
      />
      <div className="relative mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{eyebrow}</p>
        <h1 className="max-w-3xl text-3xl leading-tight font-extrabold tracking-tight break-words sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        <p className="max-w-2xl text-base text-slate-300 sm:text-lg">{lead}</p>
        {children ? <div className="mt-2 flex flex-col gap-3 sm:flex-row">{children}</div> : null}
      </div>
    </section>
  );
}

interface SectionProps {
  id?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A titled page section; its heading labels it for assistive technology. Give it an `id`: a
 * translated title (Cyrillic) makes no id of its own.
 */
export function Section({ id, title, lead, children, className = '' }: SectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`mx-auto max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6 ${className}`}
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 max-w-3xl text-muted">{lead}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The risk line shown wherever returns are advertised, linking to the terms' risk section. */
export function RiskNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation('publicPages');
  const { t: tc } = useTranslation('common');
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border border-line bg-surface-2 p-4 text-sm text-muted ${className}`}
      data-testid="risk-notice"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        <strong className="font-semibold text-fg">{t('pages.risk.label')}</strong> {tc('risk.notice')}{' '}
        <Link to={RISK_LINK} className="font-medium text-accent underline underline-offset-2">
          {tc('risk.readDisclosure')}
        </Link>
      </span>
    </p>
  );
}

/** A closing call to action card. */
export function CtaCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="card flex flex-col items-start gap-4 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
      <div>
        <h2 className="text-2xl font-bold">{title}</h2>
        <p className="mt-2 max-w-xl text-muted">{text}</p>
      </div>
      <div className="flex flex-wrap gap-3">{children}</div>
    </div>
  );
}
