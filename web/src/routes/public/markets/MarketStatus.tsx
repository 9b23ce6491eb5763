import { CircleAlert, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Market } from '../../../api/market';
import { formatDate, formatDateTime } from '../../../lib/format';

/**
 * Where the prices come from: the time of the newest live read, or a clear statement that
 * live data is unavailable and the prices shown are the shipped reference set of a date.
 */
export function MarketStatus({ market, className = '' }: { market: Market; className?: string }) {
  const { t } = useTranslation('public');
  if (market.usingFallback) {
    return (
      <p className={`flex items-start gap-2 text-sm text-muted ${className}`} data-testid="market-fallback">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          <strong className="font-semibold text-fg">{t('shared.marketStatus.fallbackLead')}</strong>{' '}
          {t('shared.marketStatus.fallback', { date: formatDate(market.fallbackDate) })}
        </span>
      </p>
    );
  }
  return (
    <p className={`flex items-center gap-2 text-sm text-muted ${className}`} data-testid="market-live">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>{t('shared.marketStatus.live', { time: formatDateTime(market.lastUpdated) })}</span>
    </p>
  );
}
