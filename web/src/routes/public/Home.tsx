import { lazy, Suspense } from 'react';
import { ArrowRight, ChartLine, Pickaxe, ShieldCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { closingCta, features, hero, highlights, type FeatureIcon } from '../../content/marketing';
import { HeroGraphic } from '../../components/HeroGraphic';
import { numbersFirst } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';

// The sections under the hero come in chunks of their own (with their API contracts, plan and price
// code): the pre-rendered page shows them from its HTML, and React hydrates each once its chunk has
// arrived, in tasks of its own, instead of in one long start-up task.
// The first of them builds the number format the prices and plans are written with, in a task
// of its own, so it is not built while they are drawn.
const PriceMarquee = lazy(numbersFirst(() => import('./home/PriceMarquee').then((m) => ({ default: m.PriceMarquee }))));
const PlansGrid = lazy(() => import('./home/PlansGrid').then((m) => ({ default: m.PlansGrid })));
const PopularAssets = lazy(() => import('./home/PopularAssets').then((m) => ({ default: m.PopularAssets })));
const Testimonials = lazy(() => import('./home/Testimonials').then((m) => ({ default: m.Testimonials })));

const featureIcons: Record<FeatureIcon, LucideIcon> = { mining: Pickaxe, plans: ChartLine, security: ShieldCheck };

/**
 * Home is pre-rendered at build time, once per language (web/src/prerender.tsx), and hydrated
 * in the browser: its first screen draws only from the catalogues `namespacesFor('/')` loads
 * before hydration (common, public, marketing), so both renders write the same words.
 */
function Hero() {
  const { t } = useTranslation('marketing');
  // The hero stays navy in both themes; its colours are set here, not by theme tokens.
  return (
    <section className="relative overflow-hidden bg-[#0b1220] text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,181,36,0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(56,189,248,0.14),transparent_50%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t(hero.eyebrow)}</p>
            <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl xl:text-6xl">
              {t(hero.title)}
            </h1>
            <p className="max-w-2xl text-lg text-slate-300">{t(hero.lead)}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link to={hero.primaryCta.to} className="btn-primary px-6 py-3 text-base">
                {t(hero.primaryCta.label)}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link
                to={hero.secondaryCta.to}
                className="btn border border-white/25 px-6 py-3 text-base text-white hover:bg-white/10"
              >
                {t(hero.secondaryCta.label)}
              </Link>
            </div>
          </div>
          <HeroGraphic className="hidden w-full max-w-md justify-self-end lg:block" />
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 border-t border-white/15 pt-8 md:grid-cols-4">
          {highlights.map((item) => (
            <div key={item.label} className="flex flex-col">
              <dt className="text-sm text-slate-300">{t(item.label)}</dt>
              <dd className="order-first text-2xl font-bold text-white sm:text-3xl">{t(item.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation('marketing');
  const { t: tp } = useTranslation('public');
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="features-title">
      <h2 id="features-title" className="text-3xl font-bold tracking-tight">
        {tp('home.features.title')}
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {features.map((feature) => {
          const Icon = featureIcons[feature.icon];
          return (
            <article key={feature.title} className="card p-6">
              <span className="flex size-12 items-center justify-center rounded-lg bg-surface-2 text-accent">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(feature.title)}</h3>
              <p className="mt-2 text-muted">{t(feature.text)}</p>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function ClosingCta() {
  const { t } = useTranslation('marketing');
  const { t: tp } = useTranslation('public');
  const { t: tc } = useTranslation('common');
  return (
    <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6" aria-labelledby="cta-title">
      <div className="relative overflow-hidden rounded-2xl bg-[#0b1220] p-6 text-white sm:p-10">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(245,181,36,0.2),transparent_60%)]"
        />
        <div className="relative flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
              {t(closingCta.title)}
            </h2>
            <p className="mt-2 max-w-xl text-slate-300">{t(closingCta.text)}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/register" className="btn-primary px-6 py-3 text-base">
              {tp('shared.getStarted')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to="/about-us"
              className="btn border border-white/25 px-6 py-3 text-base text-white hover:bg-white/10"
            >
              {tp('home.closingCta.learnMore')}
            </Link>
          </div>
        </div>
      </div>
      <p
        className="mt-6 flex items-start gap-2 rounded-lg border border-line bg-surface-2 p-4 text-sm text-muted"
        data-testid="risk-disclosure"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          <strong className="font-semibold text-fg">{tp('home.riskDisclosure')}</strong> {tc('risk.disclosure')}
        </span>
      </p>
    </section>
  );
}

export function Home() {
  const { t } = useTranslation('public');
  usePageMeta({ description: t('home.metaDescription') });
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <PriceMarquee />
      </Suspense>
      <Features />
      <Suspense fallback={null}>
        <PlansGrid />
      </Suspense>
      <Suspense fallback={null}>
        <PopularAssets />
      </Suspense>
      <Suspense fallback={null}>
        <Testimonials />
      </Suspense>
      <ClosingCta />
    </>
  );
}
