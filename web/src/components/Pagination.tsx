import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';

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
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  // A page past the end (an old link, or a list that shrank) moves to the last page.
  useEffect(() => {
    if (page > last) onPageChange(last, true);
  }, [page, last, onPageChange]);
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-between gap-3 ${className}`}>
      <button type="button" className="btn-secondary" onClick={() => onPageChange(current - 1)} disabled={current <= 1}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Previous</span>
      </button>
      <span className="text-sm whitespace-nowrap text-muted" aria-live="polite">
        Page {current} of {last}
      </span>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onPageChange(current + 1)}
        disabled={current >= last}
      >
        <span className="max-sm:sr-only">Next</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
