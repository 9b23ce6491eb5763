import { Link } from 'react-router';
import { aboutPage, pageMeta } from '../../../content/marketing';
import { CtaCard, PageHero, RiskNotice, Section } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

/** /about-us: mission, approach, team and the way in (spec §2 About). */
export function About() {
  usePageMeta(pageMeta.about);
  const { mission, approach, team, figures, cta } = aboutPage;
  return (
    <>
      <PageHero eyebrow={aboutPage.eyebrow} title={aboutPage.title} lead={aboutPage.lead}>
        <Link to="/register" className="btn-primary px-6 py-3 text-base">
          Get Started
        </Link>
      </PageHero>
      <Section id="mission" title={mission.title}>
        <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <p className="text-lg">{mission.text}</p>
          <dl className="grid grid-cols-2 gap-4">
            {figures.map((f) => (
              <div key={f.label} className="card flex flex-col p-4">
                <dt className="text-sm text-muted">{f.label}</dt>
                <dd className="order-first text-2xl font-bold text-accent">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section id="approach" title="Our approach">
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
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section
        id="team"
        title="Our team"
        lead="Four teams share one job: running the rigs well and keeping investors informed."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li key={member.name} className="card flex flex-col gap-3 p-6">
              <span
                className="flex size-12 items-center justify-center rounded-full bg-navy font-bold text-amber-300"
                aria-hidden="true"
              >
                {member.initials}
              </span>
              <h3 className="font-semibold">{member.name}</h3>
              <p className="text-sm text-muted">{member.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pb-16 sm:px-6">
        <CtaCard title={cta.title} text={cta.text}>
          <Link to="/register" className="btn-primary">
            Get Started
          </Link>
          <Link to="/plans" className="btn-secondary">
            View plans
          </Link>
        </CtaCard>
        <RiskNotice />
      </div>
    </>
  );
}
