import { useReducer } from 'react';
import { Link } from 'react-router';
import { FAQ_CATEGORIES, faq, pageMeta } from '../../../../content/marketing';
import { PageHero, RiskNotice } from '../PageHero';
import { usePageMeta } from '../../../../lib/usePageMeta';
import { FaqAccordion } from './FaqAccordion';
import { faqReducer, initialFaqState } from './faqState';

/** /faq: category sidebar and a one-open-at-a-time accordion (spec §2 FAQ). */
export function Faq() {
  usePageMeta(pageMeta.faq);
  const [state, dispatch] = useReducer(faqReducer, initialFaqState);

  return (
    <>
      <PageHero
        eyebrow="Help centre"
        title="Frequently asked questions"
        lead="Quick answers about your account, deposits, withdrawals and how returns are paid."
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="FAQ categories" className="md:sticky md:top-20 md:self-start">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">Categories</h2>
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
                    {category}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="faq-category-title" className="min-w-0">
          <h2 id="faq-category-title" className="mb-4 text-2xl font-bold">
            {state.category}
          </h2>
          <FaqAccordion
            items={faq[state.category]}
            open={state.open}
            onToggle={(index) => dispatch({ type: 'toggle', index })}
          />
          <RiskNotice className="mt-8" />
          <p className="mt-6 text-muted">
            Still have a question?{' '}
            <Link to="/contact-us" className="font-semibold text-accent underline underline-offset-2">
              Contact our team
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
