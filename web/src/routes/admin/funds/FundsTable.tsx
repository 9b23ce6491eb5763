import type { ReactNode } from 'react';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Date over time, so the column stays narrow. */
export function DateTimeCell({ iso }: { iso: string }) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <>—</>;
  return (
    <time dateTime={iso} className="flex flex-col whitespace-nowrap">
      <span>{day.format(d)}</span>
      <span className="text-xs text-muted">{time.format(d)}</span>
    </time>
  );
}

export interface Column {
  label: string;
  /** Right-aligned money columns. */
  numeric?: boolean;
  /** Screen-reader-only heading (the actions column). */
  hidden?: boolean;
}

interface TableFrameProps {
  caption: string;
  columns: Column[];
  /** Below this width the table scrolls sideways inside its card instead of squeezing. */
  minWidth: string;
  children: ReactNode;
  testId?: string;
}

/**
 * The card, scroller, caption and header row shared by the admin funds tables. Shown from
 * `lg` up; narrower screens get the same rows as cards (ItemList), which need no sideways scroll.
 */
export function TableFrame({ caption, columns, minWidth, children, testId }: TableFrameProps) {
  return (
    <div className="card relative hidden w-full max-w-full overflow-x-auto lg:block" data-testid={testId}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs text-muted uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`px-3 py-3 whitespace-nowrap ${c.numeric ? 'text-right' : ''}`}>
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** "No … match" in place of an empty table. */
export function EmptyTable({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted">{children}</p>;
}

/** The user column: user name, with the id under it. */
export function UserCell({ id, userName }: { id: number; userName: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium">{userName}</span>
      <span className="text-xs text-muted">ID #{id}</span>
    </div>
  );
}

interface DecisionButtonsProps {
  /** What is decided, for the buttons' accessible names, e.g. "deposit #12". */
  subject: string;
  onApprove: () => void;
  onReject: () => void;
}

/** Approve / Reject of a row that still waits for a decision. */
export function DecisionButtons({ subject, onApprove, onReject }: DecisionButtonsProps) {
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-emerald-700 dark:text-emerald-400"
        onClick={onApprove}
        aria-label={`Approve ${subject}`}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-danger"
        onClick={onReject}
        aria-label={`Reject ${subject}`}
      >
        Reject
      </button>
    </div>
  );
}

/** The actions cell of a row that has none left. */
export function NoAction() {
  return (
    <>
      <span className="text-muted" aria-hidden="true">
        —
      </span>
      <span className="sr-only">No action</span>
    </>
  );
}

/** The narrow-screen form of a table: one card per row, below `lg`. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:hidden">
      {children}
    </ul>
  );
}

interface ItemCardProps {
  testId: string;
  reference: string;
  title: ReactNode;
  badge: ReactNode;
  fields: { label: string; value: ReactNode }[];
  actions?: ReactNode;
}

/** One row of a table as a card: who and status on top, the figures under it, actions last. */
export function ItemCard({ testId, reference, title, badge, fields, actions }: ItemCardProps) {
  return (
    <li className="card flex min-w-0 flex-col gap-3 p-4" data-testid={testId} data-reference={reference}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{title}</div>
        {badge}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {fields.map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-muted">{f.label}</dt>
            <dd className="min-w-0 text-right break-words">{f.value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className="border-t border-line pt-3">{actions}</div> : null}
    </li>
  );
}
