import type { AuditEntry } from '../../../api/adminAudit';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, changedFields, showValue } from './auditDiff';

/** One audit record: who, what, when, and a table of the fields it changed (old struck through, new beside it). */
export function AuditEntryModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const changes = entry ? changedFields(entry.before, entry.after) : [];
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={entry ? `${actionLabel(entry.action)} · ${entry.targetType} #${entry.targetId}` : ''}
      description={
        entry
          ? `${entry.actorUserName || `User #${entry.actorId ?? '?'}`} (${entry.actorRole || 'unknown role'}) on ${formatDateTime(entry.createdAt)}${entry.ip ? ` from ${entry.ip}` : ''}`
          : undefined
      }
      size="lg"
      testId="audit-entry-modal"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {changes.length === 0 ? (
        <p className="text-sm text-muted">This action recorded no field changes.</p>
      ) : (
        <div>
          {/* Fixed layout: on a phone the three columns share the width and long values wrap, no sideways scroll. */}
          <table className="w-full table-fixed text-left text-sm" data-testid="audit-diff">
            <caption className="sr-only">Changed fields</caption>
            <thead className="border-b border-line text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="w-1/4 px-2 py-2">
                  Field
                </th>
                <th scope="col" className="px-2 py-2">
                  Before
                </th>
                <th scope="col" className="px-2 py-2">
                  After
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
                      {showValue(c.before)}
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
                      {showValue(c.after)}
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
