import { useTranslation } from 'react-i18next';
import { pageMeta, terms, termsLastUpdated } from '../../../content/marketingPages';
import { PageHero } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

/** /terms: the nine sections of spec §2, with a table of contents. */
export function Terms() {
  const { t } = useTranslation('marketingPages');
  const { t: tp } = useTranslation('publicPages');
  usePageMeta({ title: t(pageMeta.terms.title), description: t(pageMeta.terms.description) });
  const date = t(termsLastUpdated);
  return (
    <>
      <PageHero
        eyebrow={tp('pages.terms.eyebrow')}
        title={tp('pages.terms.title')}
        lead={tp('pages.terms.lead', { date })}
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={tp('pages.terms.sections')} className="lg:sticky lg:top-20 lg:self-start">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
            {tp('pages.terms.contents')}
          </h2>
          <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm">
            {terms.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-fg underline-offset-2 hover:text-accent hover:underline">
                  {t(section.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex min-w-0 flex-col gap-8">
          <p className="text-sm text-muted" data-testid="terms-updated">
            {tp('pages.terms.updated', { date })}
          </p>
          {terms.map((section, i) => {
            const risk = section.id === 'risk-disclosure';
            return (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className={`scroll-mt-20 ${risk ? 'rounded-xl border-2 border-amber-400 bg-amber-50 p-5 text-amber-950 dark:border-amber-600 dark:bg-amber-950/40 dark:text-amber-50' : ''}`}
                data-testid="terms-section"
              >
                <h2 id={`${section.id}-title`} className="text-xl font-bold">
                  {i + 1}. {t(section.title)}
                </h2>
                <div className="mt-3 flex flex-col gap-3 leading-relaxed">
                  {section.paragraphs.map((key) => (
                    <p key={key} className={risk ? '' : 'text-muted'}>
                      {t(key)}
                    </p>
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      </div>
    </>
  );
}
