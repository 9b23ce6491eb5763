import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from './Pagination';

export interface PaginatedListProps<T> {
  /** Items of the current page (the server pages; this component does not slice). */
  items: T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey?: (item: T, index: number) => Key;
  /** 1-based current page, as in the API's `currentPage`. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  emptyText?: string;
  className?: string;
}

/** One page of a server-paged list (`Page<T>` in contract/pagination) with its pager. */
export function PaginatedList<T>({
  items,
  renderItem,
  getKey = (_item, index) => index,
  page,
  totalPages,
  onPageChange,
  emptyText,
  className = '',
}: PaginatedListProps<T>) {
  const { t } = useTranslation('ui');
  if (items.length === 0) {
    return (
      <p className={`rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted ${className}`}>
        {emptyText ?? t('table.empty')}
      </p>
    );
  }
  return (
    <div className={`flex flex-col gap-4 ${className}`}>
      <ul className="flex flex-col gap-2">
        {items.map((item, index) => (
          <li key={getKey(item, index)}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
