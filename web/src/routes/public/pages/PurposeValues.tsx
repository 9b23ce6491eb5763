import { Eye, Globe, HeartHandshake, Lock, Scale, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageMeta, purposeValuesPage } from '../../../content/marketingPages';
import { CtaCard, PageHero, Section } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

/** One icon per value, in the order of the content module. */
const icons: LucideIcon[] = [Eye, Scale, Lock, HeartHandshake, Globe, Users];

/** /purpose-values: why we exist and the values behind it. */
export function PurposeValues() {
  const { t } = useTranslation(['marketingPages', 'marketing']);
  const { t: tp } = useTranslation(['publicPages', 'public']);
  usePageMeta({ title: t(pageMeta.purposeValues.title), description: t(pageMeta.purposeValues.description) });
  const { purpose, values } = purposeValuesPage;
  // Figures named in a text are the same claims as elsewhere on the site.
  const figureValues = { countries: t('marketing:figures.countries') };
  return (
    <>
      <PageHero
        eyebrow={t(purposeValuesPage.eyebrow)}
        title={t(purposeValuesPage.title)}
        lead={t(purposeValuesPage.lead)}
      />
      <Section id="purpose" title={t(purpose.title)}>
        <p className="max-w-3xl border-l-4 border-accent-bg pl-5 text-lg sm:text-xl">{t(purpose.text)}</p>
      </Section>
      <Section id="values" title={tp('pages.purposeValues.values')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {values.map((value, i) => {
            const Icon = icons[i % icons.length] ?? Eye;
            return (
              <li key={value.title} className="card p-6">
                <span className="flex size-12 items-center justify-center rounded-lg bg-surface-2 text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(value.title)}</h3>
                <p className="mt-2 text-muted">{t(value.text, figureValues)}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <CtaCard title={tp('pages.purposeValues.ctaTitle')} text={tp('pages.purposeValues.ctaText')}>
          <Link to="/about-us" className="btn-primary">
            {tp('pages.purposeValues.aboutUs')}
          </Link>
          <Link to="/plans" className="btn-secondary">
            {tp('public:shared.viewPlans')}
          </Link>
        </CtaCard>
      </div>
    </>
  );
}
