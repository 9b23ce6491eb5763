import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aboutPage, pageMeta } from '../../../content/marketingPages';
import { CtaCard, PageHero, RiskNotice, Section } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

/** /about-us: mission, approach, team and the way in (spec §2 About). */
export function About() {
  const { t } = useTranslation('marketingPages');
  const { t: tm } = useTranslation('marketing');
  const { t: tp } = useTranslation(['publicPages', 'public']);
  usePageMeta({ title: t(pageMeta.about.title), description: t(pageMeta.about.description) });
  const { mission, approach, team, figures, cta } = aboutPage;
  // Figures named in a text are the same claims as in the figures list.
  const figureValues = { rigUptime: tm('figures.rigUptime') };
  return (
    <>
      <PageHero eyebrow={t(aboutPage.eyebrow)} title={t(aboutPage.title)} lead={t(aboutPage.lead)}>
        <Link to="/register" className="btn-primary px-6 py-3 text-base">
          {tp('public:shared.getStarted')}
        </Link>
      </PageHero>
      <Section id="mission" title={t(mission.title)}>
        <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <p className="text-lg">{t(mission.text)}</p>
          <dl className="grid grid-cols-2 gap-4">
            {figures.map((f) => (
              <div key={f.label} className="card flex flex-col p-4">
                <dt className="text-sm text-muted">{tm(f.label)}</dt>
                <dd className="order-first text-2xl font-bold text-accent">{tm(f.value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section id="approach" title={tp('pages.about.approach')}>
        <ol className="grid gap-6 sm:grid-cols-2">
          {approach.map((step, i) => (
            <li key={step.title} className="card flex gap-4 p-6">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-bg font-bold text-accent-fg"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(step.title)}</h3>
                <p className="mt-1 text-muted">{t(step.text, figureValues)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="team" title={tp('pages.about.team')} lead={tp('pages.about.teamLead')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li key={member.name} className="card flex flex-col gap-3 p-6">
              <span
                className="flex size-12 items-center justify-center rounded-full bg-navy font-bold text-amber-300"
                aria-hidden="true"
              >
                {t(member.initials)}
              </span>
              <h3 className="font-semibold">{t(member.name)}</h3>
              <p className="text-sm text-muted">{t(member.text)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pb-16 sm:px-6">
        <CtaCard title={t(cta.title)} text={t(cta.text)}>
          <Link to="/register" className="btn-primary">
            {tp('public:shared.getStarted')}
          </Link>
          <Link to="/plans" className="btn-secondary">
            {tp('public:shared.viewPlans')}
          </Link>
        </CtaCard>
        <RiskNotice />
      </div>
    </>
  );
}
