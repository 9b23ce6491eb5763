import { ArrowRight, Coins, Droplets, Handshake, Lightbulb, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { investmentBankingPage, pageMeta } from '../../../content/marketingPages';
import { CtaCard, PageHero, Section } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

const icons: Record<string, LucideIcon> = {
  'token-offerings': Coins,
  'ma-advisory': Handshake,
  'defi-liquidity': Droplets,
  'strategic-advisory': Lightbulb,
};

/** /investment-banking: the four advisory services and a way to get in touch (spec §2). */
export function InvestmentBanking() {
  const { t } = useTranslation('marketingPages');
  const { t: tp } = useTranslation('publicPages');
  usePageMeta({ title: t(pageMeta.investmentBanking.title), description: t(pageMeta.investmentBanking.description) });
  const { services, cta, disclaimer } = investmentBankingPage;
  return (
    <>
      <PageHero
        eyebrow={t(investmentBankingPage.eyebrow)}
        title={t(investmentBankingPage.title)}
        lead={t(investmentBankingPage.lead)}
      >
        <Link to={cta.to} className="btn-primary px-6 py-3 text-base">
          {t(cta.label)}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </PageHero>
      <Section id="services" title={tp('pages.banking.services')}>
        <ul className="grid gap-6 md:grid-cols-2" data-testid="banking-services">
          {services.map((service) => {
            const Icon = icons[service.id] ?? Coins;
            return (
              <li key={service.id} className="card flex gap-4 p-6">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold">{t(service.title)}</h3>
                  <p className="mt-2 text-muted">{t(service.text)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pb-16 sm:px-6">
        <CtaCard title={t(cta.title)} text={t(cta.text)}>
          <Link to={cta.to} className="btn-primary">
            {t(cta.label)}
          </Link>
        </CtaCard>
        <p className="text-sm text-muted">{t(disclaimer)}</p>
      </div>
    </>
  );
}
