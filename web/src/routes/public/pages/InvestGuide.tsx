import { ArrowRight, BookCheck, CircleCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RISK_LINK } from '../../../content/marketing';
import { performance, riskPoints, type GuidePage, type PageMeta } from '../../../content/marketingPages';
import { CtaCard, PageHero, RiskNotice, Section } from './PageHero';
import { PlanGrid } from './PlanGrid';
import { usePageMeta } from '../../../lib/usePageMeta';

/**
 * The body of /trade and /invest: what investing here is, the live plans, how returns are
 * paid and checked, the risk, and Get Started. The two routes differ only in their copy.
 */
export function InvestGuide({ page, meta, testId }: { page: GuidePage; meta: PageMeta; testId: string }) {
  const { t } = useTranslation('marketingPages');
  const { t: tm } = useTranslation('marketing');
  const { t: tp } = useTranslation(['publicPages', 'public']);
  const { t: tc } = useTranslation('common');
  usePageMeta({ title: t(meta.title), description: t(meta.description) });
  return (
    <div data-testid={testId}>
      <PageHero eyebrow={t(page.eyebrow)} title={t(page.title)} lead={t(page.lead)}>
        <Link to={page.cta.to} className="btn-primary px-6 py-3 text-base">
          {t(page.cta.label)}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <a href="#plans" className="btn border border-white/25 px-6 py-3 text-base text-white hover:bg-white/10">
          {tp('public:shared.seePlans')}
        </a>
      </PageHero>

      <Section id="what" title={tp('pages.guide.what')}>
        <ul className="grid gap-6 md:grid-cols-3">
          {page.what.map((item) => (
            <li key={item.title} className="card p-6">
              <h3 className="text-lg font-semibold">{t(item.title)}</h3>
              <p className="mt-2 text-muted">{t(item.text)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how" title={tp('pages.guide.how')}>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.steps.map((step, i) => (
            <li key={step.title} className="card flex flex-col gap-3 p-6">
              <span
                className="flex size-9 items-center justify-center rounded-full bg-accent-bg font-bold text-accent-fg"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="font-semibold">{t(step.title)}</h3>
              <p className="text-sm text-muted">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="plans" title={tp('pages.guide.plans')} lead={tp('pages.guide.plansLead')}>
        <PlanGrid />
        <RiskNotice className="mt-8" />
      </Section>

      <Section id="ledger" title={t(page.ledger.title)}>
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <p className="text-lg">{t(page.ledger.text)}</p>
            <ul className="flex flex-col gap-3">
              {page.ledger.points.map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
                  <span>{t(point)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="card flex flex-col gap-4 p-6">
            <h3 className="flex items-center gap-2 font-semibold">
              <BookCheck className="size-5 text-accent" aria-hidden="true" />
              {tp('pages.guide.trackRecord')}
            </h3>
            <dl className="grid grid-cols-2 gap-4">
              {performance.map((f) => (
                <div key={f.label} className="flex flex-col">
                  <dt className="text-sm text-muted">{tm(f.label)}</dt>
                  <dd className="order-first text-2xl font-bold">{tm(f.value)}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted">{tp('pages.guide.pastFigures')}</p>
          </div>
        </div>
      </Section>

      <Section id="risk" title={tp('pages.guide.risk')}>
        <ul className="flex max-w-3xl flex-col gap-3" data-testid="risk-points">
          {riskPoints.map((point) => (
            <li key={point} className="flex items-start gap-2">
              <TriangleAlert className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <span>{t(point)}</span>
            </li>
          ))}
        </ul>
        <Link to={RISK_LINK} className="mt-4 inline-flex font-semibold text-accent underline underline-offset-2">
          {tc('risk.readDisclosure')}
        </Link>
      </Section>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <CtaCard title={tp('pages.guide.ctaTitle')} text={tp('pages.guide.ctaText')}>
          <Link to={page.cta.to} className="btn-primary">
            {t(page.cta.label)}
          </Link>
          <Link to="/faq" className="btn-secondary">
            {tp('pages.guide.readFaq')}
          </Link>
        </CtaCard>
      </div>
    </div>
  );
}
