import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { faq, pageMeta, plansPage, testimonials } from '../../../content/marketing';
import { FaqAccordion } from './faq/FaqAccordion';
import { toggleOpen } from './faq/faqState';
import { CtaCard, PageHero, RiskNotice, Section } from './PageHero';
import { PlanGrid } from './PlanGrid';
import { TestimonialGrid } from './Testimonials';
import { usePageMeta } from '../../../lib/usePageMeta';

/** /plans: hero, the live plan grid (#plans), FAQ, testimonials and the way in. */
export function Plans() {
  usePageMeta(pageMeta.plans);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <>
      <PageHero eyebrow={plansPage.eyebrow} title={plansPage.title} lead={plansPage.lead}>
        <a href="#plans" className="btn-primary px-6 py-3 text-base">
          See the plans
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
        <Link to="/login" className="btn border border-white/25 px-6 py-3 text-base text-white hover:bg-white/10">
          Login
        </Link>
      </PageHero>
      <Section id="plans" title={plansPage.sectionTitle} lead={plansPage.sectionLead}>
        <PlanGrid />
        <RiskNotice className="mt-8" />
      </Section>
      <Section title={plansPage.faqTitle}>
        <div className="max-w-3xl">
          <FaqAccordion
            items={faq[plansPage.faqCategory]}
            open={open}
            onToggle={(i) => setOpen((cur) => toggleOpen(cur, i))}
          />
          <Link to="/faq" className="mt-4 inline-flex font-semibold text-accent underline underline-offset-2">
            All frequently asked questions
          </Link>
        </div>
      </Section>
      <Section title={plansPage.testimonialsTitle}>
        <TestimonialGrid items={testimonials.slice(0, 3)} />
      </Section>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <CtaCard
          title="Open your free account"
          text="Register in a few minutes, then choose a plan once your account is activated."
        >
          <Link to="/register" className="btn-primary">
            Get Started
          </Link>
          <Link to="/login" className="btn-secondary">
            I already have an account
          </Link>
        </CtaCard>
      </div>
    </>
  );
}
