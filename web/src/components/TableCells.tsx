import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';

/** Date over time, so the column stays narrow; in the active language, in the browser's time zone. */
export function DateTimeCell({ iso }: { iso: string }) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <>—</>;
  const locale = currentLocale();
  return (
    <time dateTime={iso} className="flex flex-col whitespace-nowrap">
      <span>{d.toLocaleDateString(locale, { dateStyle: 'medium' })}</span>
      <span className="text-xs text-muted">{d.toLocaleTimeString(locale, { timeStyle: 'short' })}</span>
    </time>
  );
}

/** The user column: user name, with the id under it. */
export function UserCell({ id, userName }: { id: number; userName: string }) {
  const { t } = useTranslation('ui');
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium">{userName}</span>
      <span className="text-xs text-muted">{t('cells.id', { id })}</span>
    </div>
  );
}

/** The actions cell of a row that has none left. */
export function NoAction() {
  const { t } = useTranslation('ui');
  return (
    <>
      <span className="text-muted" aria-hidden="true">
        —
      </span>
      <span className="sr-only">{t('cells.noAction')}</span>
    </>
  );
}

interface DecisionButtonsProps {
  /** What is decided, for the buttons' accessible names, e.g. "deposit #12". */
  subject: string;
  /** The Approve button's text, e.g. "Approve (2 of 2)" for the second of two approvals. */
  approveLabel?: string;
  /** Why this staff member cannot approve it, shown in place of the Approve button. */
  approveBlocked?: string | null;
  onApprove: () => void;
  onReject: () => void;
}

/** Approve / Reject of a row that still waits for a decision. */
export function DecisionButtons({
  subject,
  approveLabel: ownApproveLabel,
  approveBlocked = null,
  onApprove,
  onReject,
}: DecisionButtonsProps) {
  const { t } = useTranslation('ui');
  const approveLabel = ownApproveLabel ?? t('cells.approve');
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {approveBlocked ? (
        <span className="px-2 text-xs text-muted">{approveBlocked}</span>
      ) : (
        <button
          type="button"
          className="btn-ghost px-2 py-1 whitespace-nowrap text-emerald-700 dark:text-emerald-400"
          onClick={onApprove}
          aria-label={`${approveLabel} ${subject}`}
        >
          {approveLabel}
        </button>
      )}
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-danger"
        onClick={onReject}
        aria-label={t('cells.rejectSubject', { subject })}
      >
        {t('cells.reject')}
      </button>
    </div>
  );
}
