import { Briefcase } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useUserInvestments, type Investment } from '../../../api/investments';
import { SectionCard } from '../../../components/Card';
import { Badge, LoadError } from '../../../components/Notice';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatMoney } from '../../../lib/format';

const WIDE = '(min-width: 768px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** `wide` investments per page from 768 px up, 1 below (spec §9: portfolio 6, dashboard packages 3). */
function usePageSize(wide: number): number {
  return useSyncExternalStore(subscribe, () => (window.matchMedia(WIDE).matches ? wide : 1));
}

const statusTone = { running: 'success', ended: 'neutral', cancelled: 'error' } as const;

export function InvestmentCard({ investment: inv }: { investment: Investment }) {
  const progress = Math.min(100, Math.max(0, inv.progress));
  return (
    <article className="card flex flex-col gap-3 p-4" data-testid="investment-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold">{inv.planName}</h3>
        <Badge tone={statusTone[inv.status]}>{inv.status}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Principal</dt>
        <dd className="text-right font-medium">{formatMoney(inv.principal)}</dd>
        <dt className="text-muted">Total return</dt>
        <dd className="text-right font-medium">{formatMoney(inv.totalReturn)}</dd>
        <dt className="text-muted">Earned</dt>
        <dd className="text-right font-medium">{formatMoney(inv.income)}</dd>
        <dt className="text-muted">Rate</dt>
        <dd className="text-right">
          {inv.interestRate}% / {inv.duration} days
        </dd>
      </dl>
      <div>
        <div className="flex justify-between text-xs text-muted">
          <span>
            Day {inv.paidDays} of {inv.duration}
          </span>
          <span>{progress.toFixed(0)}%</span>
        </div>
        <div
          className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-label={`${inv.planName} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
        >
          <div className="h-full rounded-full bg-accent-bg" style={{ width: `${progress}%` }} />
        </div>
      </div>
      <p className="text-xs text-muted">
        {formatDate(inv.startDate)} – {formatDate(inv.endDate)}
      </p>
    </article>
  );
}

interface PortfolioGridProps {
  userId: number;
  title?: string;
  /** Investments per page from 768 px up (one below): 6 on Investments, 3 on the Dashboard. */
  widePageSize?: 3 | 6;
  testId?: string;
}

/** The user's investments as cards with their progress. */
export function PortfolioGrid({
  userId,
  title = 'Your Portfolio',
  widePageSize = 6,
  testId = 'portfolio',
}: PortfolioGridProps) {
  const limit = usePageSize(widePageSize);
  const [page, setPage] = useState(1);
  const [lastLimit, setLastLimit] = useState(limit);
  if (lastLimit !== limit) {
    setLastLimit(limit);
    setPage(1);
  }
  const list = useUserInvestments(userId, page, limit);

  return (
    <SectionCard title={title} icon={Briefcase} testId={testId}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} fallback="Could not load your investments" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">
          You have no investments yet.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className={`grid gap-4 ${widePageSize === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
            {list.data.data.map((inv) => (
              <InvestmentCard key={inv.id} investment={inv} />
            ))}
          </div>
          <Pagination page={list.data.currentPage} totalPages={list.data.totalPages} onPageChange={setPage} />
        </div>
      )}
    </SectionCard>
  );
}
