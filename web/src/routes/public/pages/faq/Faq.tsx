import { useReducer } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAQ_CATEGORIES, FAQ_CATEGORY_LABEL, faq, pageMeta } from '../../../../content/marketingPages';
import { PageHero, RiskNotice } from '../PageHero';
import { usePageMeta } from '../../../../lib/usePageMeta';
import { FaqAccordion } from './FaqAccordion';
import { faqReducer, initialFaqState } from './faqState';

/** /faq: category sidebar and a one-open-at-a-time accordion (spec §2 FAQ). */
export function Faq() {
  const { t } = useTranslation('marketingPages');
  const { t: tp } = useTranslation('publicPages');
  usePageMeta({ title: t(pageMeta.faq.title), description: t(pageMeta.faq.description) });
  const [state, dispatch] = useReducer(faqReducer, initialFaqState);

  return (
    <>
      <PageHero eyebrow={tp('pages.faq.eyebrow')} title={tp('pages.faq.title')} lead={tp('pages.faq.lead')} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label={tp('pages.faq.categoriesLabel')} className="md:sticky md:top-20 md:self-start">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
            {tp('pages.faq.categories')}
          </h2>
          <ul className="flex gap-2 overflow-x-auto md:flex-col">
            {FAQ_CATEGORIES.map((category) => {
              const active = category === state.category;
              return (
                <li key={category}>
                  <button
                    type="button"
                    aria-pressed={active}
                    className={`w-full rounded-lg px-4 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors ${active ? 'bg-accent-bg text-accent-fg' : 'bg-surface-2 text-fg hover:bg-line'}`}
                    onClick={() => dispatch({ type: 'category', category })}
                  >
                    {t(FAQ_CATEGORY_LABEL[category])}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="faq-category-title" className="min-w-0">
          <h2 id="faq-category-title" className="mb-4 text-2xl font-bold">
            {t(FAQ_CATEGORY_LABEL[state.category])}
          </h2>
          <FaqAccordion
            items={faq[state.category]}
            open={state.open}
            onToggle={(index) => dispatch({ type: 'toggle', index })}
          />
          <RiskNotice className="mt-8" />
          <p className="mt-6 text-muted">
            <Trans
              t={tp}
              i18nKey="pages.faq.stillQuestion"
              components={{
                contact: <Link to="/contact-us" className="font-semibold text-accent underline underline-offset-2" />,
              }}
            />
          </p>
        </section>
      </div>
    </>
  );
}
