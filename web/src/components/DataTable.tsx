import type { Key, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, type PaginationProps } from './Pagination';

export interface Column<T> {
  /** Unique in its table; the label when left out. */
  key?: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned: money, counts, actions. */
  numeric?: boolean;
  /** A heading for screen readers only (an actions column). */
  hidden?: boolean;
  /** Extra classes of the column's cells, not its heading: widths, weight, wrapping. */
  className?: string;
  /** Shown from this width up, heading and cells: how a section table makes room on a small screen. */
  from?: 'sm' | 'md' | 'lg';
  /** `data-testid` of each of the column's cells. */
  testId?: string;
  /**
   * Its place on a narrow-screen card: a field (when left out), the title, the badge, the actions, or nowhere;
   * 'only': a field of the card that the table leaves out (its cells show it inside another column).
   */
  card?: 'title' | 'badge' | 'actions' | 'none' | 'only';
  /** What the card shows, where it differs from the table cell. */
  cardCell?: (row: T) => ReactNode;
}

type DataAttributes = Record<`data-${string}`, string>;

export interface DataTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  /** The table's name for screen readers; the narrow list's too. */
  caption: string;
  /** Shown in place of the table when there are no rows ("No data available" when left out). */
  emptyText?: ReactNode;
  /**
   * 'page' (an admin list): the table in a card of its own from `lg` up, scrolling sideways below `minWidth`, and
   * a card per row below `lg`. 'section' (a user's history, inside a section card): the table flush with the
   * card's edges from `sm` up, `narrowRow` below `sm`; without `narrowRow` the table stays and drops columns
   * (`from`), and `pager` under it once there is more than one page.
   */
  layout?: 'page' | 'section';
  /** A Tailwind min-width of the page table, e.g. 'min-w-[640px]'. */
  minWidth?: string;
  /** The narrow-screen item of a row, in place of the card made from the columns. */
  narrowRow?: (row: T) => ReactNode;
  testId?: string;
  rowTestId?: string;
  cardTestId?: string;
  /** Data attributes of each table row, e.g. what a browser test finds it by. */
  rowData?: (row: T) => DataAttributes;
  /** `data-reference` of each card. */
  cardReference?: (row: T) => string;
  /** A row that opens something. Clicks in its actions cell stay there. */
  onRowClick?: (row: T) => void;
  rowClassName?: string;
  /** The page shown is an old one while the next loads (section). */
  stale?: boolean;
  /** A section table's pager (a page table's screen places its own). */
  pager?: PaginationProps;
}

const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' } as const;

const STYLE = {
  page: {
    head: 'border-b border-line text-xs text-muted uppercase',
    th: 'px-3 py-3 whitespace-nowrap',
    td: 'px-3 py-3',
    tr: '',
  },
  section: {
    head: 'border-b border-line text-xs tracking-wide text-muted uppercase',
    th: 'px-3 py-2 font-semibold whitespace-nowrap first:pl-5 last:pr-5',
    td: 'px-3 py-2.5 align-middle first:pl-5 last:pr-5',
    tr: 'hover:bg-surface-2/60',
  },
} as const;

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
const keyOf = <T,>(c: Column<T>) => c.key ?? c.label;
const stop = (e: MouseEvent) => e.stopPropagation();

/** "No … match" in place of an empty table. */
function EmptyTable({ section, testId, children }: { section: boolean; testId?: string; children?: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <p
      className={classes(
        'rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted',
        section && 'text-sm',
      )}
      data-testid={testId}
    >
      {children ?? t('table.empty')}
    </p>
  );
}

function Table<T>({
  rows,
  columns: allColumns,
  rowKey,
  caption,
  layout = 'page',
  minWidth,
  rowTestId,
  rowData,
  onRowClick,
  rowClassName,
}: DataTableProps<T>) {
  const style = STYLE[layout];
  const columns = allColumns.filter((c) => c.card !== 'only');
  return (
    <table className={classes('w-full text-left text-sm', minWidth)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={style.head}>
        <tr>
          {columns.map((c) => (
            <th
              key={keyOf(c)}
              scope="col"
              className={classes(style.th, c.numeric && 'text-right', c.from && FROM[c.from])}
            >
              {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            data-testid={rowTestId}
            {...rowData?.(row)}
            className={classes(style.tr, onRowClick && 'cursor-pointer hover:bg-surface-2', rowClassName)}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            {columns.map((c) => (
              <td
                key={keyOf(c)}
                className={classes(style.td, c.numeric && 'text-right', c.from && FROM[c.from], c.className)}
                data-testid={c.testId}
                onClick={onRowClick && c.card === 'actions' ? stop : undefined}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One row as a card: title and badge on top, the other columns as fields under them, actions last. */
function ItemCard<T>({
  row,
  columns,
  testId,
  reference,
}: {
  row: T;
  columns: Column<T>[];
  testId?: string;
  reference?: string;
}) {
  const show = (c: Column<T> | undefined) => (c ? (c.cardCell ?? c.cell)(row) : null);
  const placed = (card: Column<T>['card']) => columns.find((c) => c.card === card);
  const actions = show(placed('actions'));
  return (
    <li className="card flex min-w-0 flex-col gap-3 p-4" data-testid={testId} data-reference={reference}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{show(placed('title'))}</div>
        {show(placed('badge'))}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {columns
          .filter((c) => c.card === undefined || c.card === 'only')
          .map((c) => (
            <div key={keyOf(c)} className="contents">
              <dt className="text-muted">{c.label}</dt>
              <dd className="min-w-0 text-right break-words">{show(c)}</dd>
            </div>
          ))}
      </dl>
      {actions ? <div className="border-t border-line pt-3">{actions}</div> : null}
    </li>
  );
}

function PageTable<T>(props: DataTableProps<T>) {
  const { rows, columns, rowKey, caption, narrowRow, testId, cardTestId, cardReference } = props;
  return (
    <>
      <div className="card relative hidden w-full max-w-full overflow-x-auto lg:block" data-testid={testId}>
        <Table {...props} />
      </div>
      {narrowRow ? (
        <ul aria-label={caption} className="flex flex-col gap-3 lg:hidden">
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              className="card flex flex-col gap-2 p-4"
              data-testid={cardTestId}
              data-reference={cardReference?.(row)}
            >
              {narrowRow(row)}
            </li>
          ))}
        </ul>
      ) : (
        <ul aria-label={caption} className="grid gap-3 sm:grid-cols-2 lg:hidden">
          {rows.map((row) => (
            <ItemCard
              key={rowKey(row)}
              row={row}
              columns={columns}
              testId={cardTestId}
              reference={cardReference?.(row)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function SectionTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, caption, narrowRow, testId, stale = false, pager } = props;
  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {narrowRow ? (
        <ul
          className={classes('-mx-5 divide-y divide-line border-y border-line sm:hidden', stale && 'opacity-60')}
          aria-label={caption}
          aria-busy={stale}
        >
          {rows.map((row) => (
            <li key={rowKey(row)} className="px-5 py-3">
              {narrowRow(row)}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={classes(
          '-mx-5 overflow-x-auto transition-opacity',
          narrowRow && 'max-sm:hidden',
          stale && 'opacity-60',
        )}
        aria-busy={stale}
      >
        <Table {...props} />
      </div>
      {pager && pager.totalPages > 1 ? <Pagination {...pager} /> : null}
    </div>
  );
}

/**
 * One page of a list as a table, with its narrow-screen form: the columns are described once and give both the
 * table and the cards.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const section = props.layout === 'section';
  if (props.rows.length === 0)
    return (
      <EmptyTable section={section} testId={section ? props.testId : undefined}>
        {props.emptyText}
      </EmptyTable>
    );
  return section ? <SectionTable {...props} /> : <PageTable {...props} />;
}

/** A section table's row on a narrow screen: what and its status, then when and how much. */
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
