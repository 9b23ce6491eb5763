import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Previous / Next with "Page X of Y"; the buttons are disabled at either end. */
export function Pagination({ page, totalPages, onPageChange, className = '' }: PaginationProps) {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
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
