import { useTranslation } from 'react-i18next';
import type { Notification } from '../../api/notifications';
import { formatDateTime } from '../../lib/format';

/** A notice's text (always plain React text, never HTML), its date and, when unread, a screen-reader hint. */
export function NotificationText({
  notification: n,
  compact = false,
}: {
  notification: Notification;
  compact?: boolean;
}) {
  const { t } = useTranslation('ui');
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span
        className={`text-sm break-words whitespace-pre-wrap ${n.isRead ? 'text-muted' : 'font-medium'} ${compact ? 'line-clamp-3' : ''}`}
      >
        {n.message}
      </span>
      <span className="text-xs text-muted">
        {formatDateTime(n.createdAt)}
        {n.isRead ? null : <span className="sr-only"> {t('notification.unread')}</span>}
      </span>
    </span>
  );
}
