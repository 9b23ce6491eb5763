import { Briefcase } from 'lucide-react';
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NARROW_PAGE_SIZE, useUserInvestments, type Investment } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { Badge } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { rateWithUnitWords } from '../../../lib/planOffer';
import { CompoundingControl, EndInvestment } from './InvestmentActions';
import { usePageParam } from '../../../lib/useListState';

const WIDE = '(min-width: 768px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** `wide` investments per page from 768 px up, 1 below (spec §9: portfolio 6, dashboard packages 3). */
function usePageSize(wide: number): number {
  // Drawn on the server (the signed-in dashboard), a phone's page: the browser's render follows its width.
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(WIDE).matches ? wide : NARROW_PAGE_SIZE),
    () => NARROW_PAGE_SIZE,
  );
}

const statusTone = { running: 'success', ended: 'neutral', cancelled: 'error' } as const;
const STATUS = {
  running: 'portfolio.status.running',
  ended: 'portfolio.status.ended',
  cancelled: 'portfolio.status.cancelled',
} as const satisfies Record<Investment['status'], string>;

export function InvestmentCard({ investment: inv }: { investment: Investment }) {
  const { t } = useTranslation('app');
  const progress = Math.min(100, Math.max(0, inv.progress));
  const running = inv.status === 'running';
  const rate = rateWithUnitWords(inv);
  return (
    <article className="card flex flex-col gap-3 p-4" data-testid="investment-card" data-investment={inv.id}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold">{inv.planName}</h3>
        <Badge tone={statusTone[inv.status]}>{t(STATUS[inv.status])}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('portfolio.principal')}</dt>
        <dd className="text-right font-medium">
          {formatMoney(inv.principal)}
          {inv.compounded > 0 ? (
            <span className="block text-xs text-muted">
              {t('portfolio.compounded', { amount: formatMoney(inv.compounded, { sign: true }) })}
            </span>
          ) : null}
        </dd>
        {inv.totalReturn !== null ? (
          <>
            <dt className="text-muted">{t('portfolio.totalReturn')}</dt>
            <dd className="text-right font-medium">{formatMoney(inv.totalReturn)}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('portfolio.earned')}</dt>
        <dd className="text-right font-medium">{formatMoney(inv.income)}</dd>
        <dt className="text-muted">{t('portfolio.rate')}</dt>
        <dd className="text-right">{rate}</dd>
        {inv.nextPayout ? (
          <>
            <dt className="text-muted">{t('portfolio.nextPayout')}</dt>
            <dd className="text-right" data-testid="next-payout">
              {formatMoney(inv.nextPayout.amount)}
              <span className="block text-xs text-muted">{formatDateTime(inv.nextPayout.at)}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {!inv.capitalReturned ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
          data-testid="capital-not-returned"
        >
          {t('portfolio.notReturned')}
        </p>
      ) : null}
      {inv.duration !== null ? (
        <div>
          <div className="flex justify-between text-xs text-muted">
            <span>{t('portfolio.progress.term', { paid: inv.paidPeriods, total: inv.duration })}</span>
            <span>{formatNumber(progress / 100, { style: 'percent', maximumFractionDigits: 0 })}</span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
            role="progressbar"
            aria-label={t('portfolio.progress.label', { plan: inv.planName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <div className="h-full rounded-full bg-accent-bg" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : (
        <p className="text-xs text-muted">{t('portfolio.progress.open', { count: inv.paidPeriods })}</p>
      )}
      <p className="text-xs text-muted">
        {formatDate(inv.startDate)} – {inv.endDate ? formatDate(inv.endDate) : t('portfolio.untilEnded')}
      </p>
      {running && inv.compounding ? <CompoundingControl investment={inv} /> : null}
      {running && inv.duration === null ? <EndInvestment investment={inv} /> : null}
    </article>
  );
}

/** The page (1-based) that holds item `index` (0-based) when a page holds `size` items. */
export function pageHolding(index: number, size: number): number {
  return Math.floor(index / size) + 1;
}

/**
 * The grid's page, kept in the address as `?portfolio=` and counted in the current page size. When the window crosses
 * 768 px the size changes, and the page becomes the one that holds the first card on screen before, in place of the
 * address entry. A shared link opens that page in the reader's size; one past the end moves to the last (Pagination).
 */
function usePortfolioPage(size: number) {
  const [page, setPage] = usePageParam('portfolio');
  const [shownSize, setShownSize] = useState(size);
  // Between a change of size and the address catching up: the address's page and the page to show instead.
  const [moved, setMoved] = useState<{ from: number; to: number } | null>(null);
  if (shownSize !== size) {
    setShownSize(size);
    setMoved({ from: page, to: pageHolding((page - 1) * shownSize, size) });
  } else if (moved && moved.from !== page) setMoved(null);
  const writeMove = useEffectEvent((to: number) => setPage(to, true));
  useEffect(() => {
    if (moved && moved.from !== moved.to) writeMove(moved.to);
  }, [moved]);
  return [moved && moved.from === page ? moved.to : page, setPage] as const;
}

interface PortfolioGridProps {
  userId: number;
  title?: string;
  /** Investments per page from 768 px up (one below): 6 on Investments, 3 on the Dashboard. */
  widePageSize?: 3 | 6;
  testId?: string;
}

/** The user's investments as cards with their progress. */
export function PortfolioGrid({ userId, title, widePageSize = 6, testId = 'portfolio' }: PortfolioGridProps) {
  const { t } = useTranslation('app');
  const limit = usePageSize(widePageSize);
  const [page, setPage] = usePortfolioPage(limit);
  const list = useUserInvestments(userId, page, limit);

  return (
    <SectionCard title={title ?? t('portfolio.title')} icon={Briefcase} testId={testId}>
      <QueryView
        query={list}
        fallback={t('portfolio.loadFailed')}
        empty={{
          // Over all pages: a link's page past the end is not "no investments"; Pagination moves it to the last.
          when: (data) => data.totalItems === 0,
          view: (
            <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">
              {t('portfolio.empty')}
            </p>
          ),
        }}
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            <div className={`grid gap-4 ${widePageSize === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
              {data.data.map((inv) => (
                <InvestmentCard key={inv.id} investment={inv} />
              ))}
            </div>
            <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </SectionCard>
  );
}
