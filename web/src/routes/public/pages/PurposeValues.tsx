import { Eye, Globe, HeartHandshake, Lock, Scale, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { pageMeta, purposeValuesPage } from '../../../content/marketing';
import { CtaCard, PageHero, Section } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

/** One icon per value, in the order of the content module. */
const icons: LucideIcon[] = [Eye, Scale, Lock, HeartHandshake, Globe, Users];

/** /purpose-values: why we exist and the values behind it. */
export function PurposeValues() {
  usePageMeta(pageMeta.purposeValues);
  const { purpose, values } = purposeValuesPage;
  return (
    <>
      <PageHero eyebrow={purposeValuesPage.eyebrow} title={purposeValuesPage.title} lead={purposeValuesPage.lead} />
      <Section id="purpose" title={purpose.title}>
        <p className="max-w-3xl border-l-4 border-accent-bg pl-5 text-lg sm:text-xl">{purpose.text}</p>
      </Section>
      <Section id="values" title="Our values">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {values.map((value, i) => {
            const Icon = icons[i % icons.length] ?? Eye;
            return (
              <li key={value.title} className="card p-6">
                <span className="flex size-12 items-center justify-center rounded-lg bg-surface-2 text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-muted">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <CtaCard
          title="Learn more about us"
          text="Meet the teams behind the rigs and the ledger, or see the plans we offer."
        >
          <Link to="/about-us" className="btn-primary">
            About us
          </Link>
          <Link to="/plans" className="btn-secondary">
            View plans
          </Link>
        </CtaCard>
      </div>
    </>
  );
}
