import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../api/adminAudit';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/format';
import { changedFields, showValue } from './auditDiff';
import { useAuditWords } from './auditWords';

/** One audit record: who, what, when, and a table of the fields it changed (old struck through, new beside it). */
export function AuditEntryModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const words = useAuditWords();
  const changes = entry ? changedFields(entry.before, entry.after) : [];
  const empty = t('audit.entry.empty');
  const by = (e: AuditEntry) => {
    const values = {
      actor: words.actor(e, 'unknown'),
      role: words.role(e.actorRole, 'long'),
      date: formatDateTime(e.createdAt),
    };
    return e.ip ? t('audit.entry.byFrom', { ...values, ip: e.ip }) : t('audit.entry.by', values);
  };
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        entry
          ? t('audit.entry.title', {
              action: words.action(entry.action),
              target: words.targetInline(entry.targetType),
              id: entry.targetId,
            })
          : ''
      }
      description={entry ? by(entry) : undefined}
      size="lg"
      testId="audit-entry-modal"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          {tc('action.close')}
        </button>
      }
    >
      {changes.length === 0 ? (
        <p className="text-sm text-muted">{t('audit.entry.none')}</p>
      ) : (
        <div>
          {/* Fixed layout: on a phone the three columns share the width and long values wrap, no sideways scroll. */}
          <table className="w-full table-fixed text-left text-sm" data-testid="audit-diff">
            <caption className="sr-only">{t('audit.entry.changed')}</caption>
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="w-1/4 px-2 py-2">
                  {t('audit.entry.field')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('audit.entry.before')}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t('audit.entry.after')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {changes.map((c) => (
                <tr key={c.field} data-testid="audit-diff-row">
                  <th scope="row" className="px-2 py-2 align-top font-medium [overflow-wrap:anywhere]">
                    {c.field}
                  </th>
                  <td className="px-2 py-2 align-top break-words">
                    <span
                      className={
                        c.before === undefined
                          ? 'text-muted'
                          : 'rounded bg-red-100 [overflow-wrap:anywhere] px-1 text-red-900 dark:bg-red-950 dark:text-red-200'
                      }
                    >
                      {showValue(c.before, empty)}
                    </span>
                  </td>
                  <td className="px-2 py-2 align-top break-words">
                    <span
                      className={
                        c.after === undefined
                          ? 'text-muted'
                          : 'rounded bg-emerald-100 [overflow-wrap:anywhere] px-1 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                      }
                    >
                      {showValue(c.after, empty)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
