import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  /** `replace` is set when the page is corrected, not chosen: an address keeps no history step for it. */
  onPageChange: (page: number, replace?: boolean) => void;
  className?: string;
}

/** Previous / Next with "Page X of Y"; the buttons are disabled at either end. */
export function Pagination({ page, totalPages, onPageChange, className = '' }: PaginationProps) {
  const { t } = useTranslation('ui');
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  // A page past the end (an old link, or a list that shrank) moves to the last page.
  useEffect(() => {
    if (page > last) onPageChange(last, true);
  }, [page, last, onPageChange]);
  return (
    <nav aria-label={t('table.pagination')} className={`flex items-center justify-between gap-3 ${className}`}>
      <button type="button" className="btn-secondary" onClick={() => onPageChange(current - 1)} disabled={current <= 1}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('table.previous')}</span>
      </button>
      <span className="text-sm whitespace-nowrap text-muted" aria-live="polite">
        {t('table.page', { page: current, total: last })}
      </span>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onPageChange(current + 1)}
        disabled={current >= last}
      >
        <span className="max-sm:sr-only">{t('table.next')}</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
