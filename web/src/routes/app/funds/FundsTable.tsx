import type { Key, ReactNode } from 'react';
import { Pagination } from '../../../components/Pagination';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of both the header and the cells, e.g. 'hidden sm:table-cell' or 'text-right'. */
  className?: string;
}

interface FundsTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  getKey: (row: T) => Key;
  caption: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  /** The page shown is an old one while the next loads. */
  stale?: boolean;
  /** Below `sm` each row as a stacked item instead of a table row (a table does not fit 360 px). */
  mobileRow?: (row: T) => ReactNode;
  testId?: string;
}

/** One server page of a money list as a table, with the pager; columns drop out on narrow screens. */
export function FundsTable<T>({
  rows,
  columns,
  getKey,
  caption,
  page,
  totalPages,
  onPageChange,
  emptyText,
  stale = false,
  mobileRow,
  testId,
}: FundsTableProps<T>) {
  if (rows.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted"
        data-testid={testId}
      >
        {emptyText}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {mobileRow ? (
        <ul
          className={`-mx-5 divide-y divide-line border-y border-line sm:hidden ${stale ? 'opacity-60' : ''}`}
          aria-label={caption}
          aria-busy={stale}
        >
          {rows.map((row) => (
            <li key={getKey(row)} className="px-5 py-3">
              {mobileRow(row)}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={`-mx-5 overflow-x-auto transition-opacity ${mobileRow ? 'max-sm:hidden' : ''} ${stale ? 'opacity-60' : ''}`}
        aria-busy={stale}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-xs tracking-wide text-muted uppercase">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={`px-3 py-2 font-semibold whitespace-nowrap first:pl-5 last:pr-5 ${c.className ?? ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={getKey(row)} className="hover:bg-surface-2/60">
                {columns.map((c) => (
                  <td key={c.header} className={`px-3 py-2.5 align-middle first:pl-5 last:pr-5 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} /> : null}
    </div>
  );
}

/** A row on a narrow screen: what and its status, then when and how much. */
export function StackedRow({
  title,
  status,
  detail,
  amount,
}: {
  title: ReactNode;
  status: ReactNode;
  detail: ReactNode;
  amount: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 truncate">{title}</div>
        <div className="shrink-0">{status}</div>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 text-xs text-muted">{detail}</span>
        <span className="shrink-0 text-sm font-semibold">{amount}</span>
      </div>
    </div>
  );
}
