import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { testimonials } from '../../../content/marketing';
import { faq, pageMeta, plansPage } from '../../../content/marketingPages';
import { FaqAccordion } from './faq/FaqAccordion';
import { toggleOpen } from './faq/faqState';
import { CtaCard, PageHero, RiskNotice, Section } from './PageHero';
import { PlanGrid } from './PlanGrid';
import { TestimonialGrid } from './Testimonials';
import { usePageMeta } from '../../../lib/usePageMeta';

/** /plans: hero, the live plan grid (#plans), FAQ, testimonials and the way in. */
export function Plans() {
  const { t } = useTranslation('marketingPages');
  const { t: tp } = useTranslation(['publicPages', 'public']);
  usePageMeta({ title: t(pageMeta.plans.title), description: t(pageMeta.plans.description) });
  const [open, setOpen] = useState<number | null>(null);

  return (
    <>
      <PageHero eyebrow={t(plansPage.eyebrow)} title={t(plansPage.title)} lead={t(plansPage.lead)}>
        <a href="#plans" className="btn-primary px-6 py-3 text-base">
          {tp('public:shared.seePlans')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
        <Link to="/login" className="btn border border-white/25 px-6 py-3 text-base text-white hover:bg-white/10">
          {tp('public:header.login')}
        </Link>
      </PageHero>
      <Section id="plans" title={t(plansPage.sectionTitle)} lead={t(plansPage.sectionLead)}>
        <PlanGrid />
        <RiskNotice className="mt-8" />
      </Section>
      <Section id="questions-about-plans" title={t(plansPage.faqTitle)}>
        <div className="max-w-3xl">
          <FaqAccordion
            items={faq[plansPage.faqCategory]}
            open={open}
            onToggle={(i) => setOpen((cur) => toggleOpen(cur, i))}
          />
          <Link to="/faq" className="mt-4 inline-flex font-semibold text-accent underline underline-offset-2">
            {tp('pages.plans.allFaq')}
          </Link>
        </div>
      </Section>
      <Section id="what-investors-say" title={t(plansPage.testimonialsTitle)}>
        <TestimonialGrid items={testimonials.slice(0, 3)} />
      </Section>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <CtaCard title={tp('pages.plans.ctaTitle')} text={tp('pages.plans.ctaText')}>
          <Link to="/register" className="btn-primary">
            {tp('public:shared.getStarted')}
          </Link>
          <Link to="/login" className="btn-secondary">
            {tp('pages.plans.haveAccount')}
          </Link>
        </CtaCard>
      </div>
    </>
  );
}
