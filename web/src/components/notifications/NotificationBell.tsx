import { Bell } from 'lucide-react';
import { Popover } from '../ui/Popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BELL_SIZE, badgeText } from '@contract/notification-badge';
import { useMarkNotification, useUserNotifications } from '../../api/notifications';
import type { Session } from '../../api/session';
import { userBase } from '../../lib/paths';
import { NotificationText } from './NotificationText';

/** Header bell: unread badge (99+ above 99), the latest 5, and a link to all of them. Polls every 30 s. */
export function NotificationBell({ session, area }: { session: Session; area: 'user' | 'admin' }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation(['ui', 'common']);
  const list = useUserNotifications(session.id, 1, BELL_SIZE);
  const mark = useMarkNotification();
  const unread = list.data?.unreadCount ?? 0;
  const allPath = area === 'user' ? `${userBase(session.userName)}/notifications` : '/app/admin/send-notification';
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      align="end"
      sideOffset={8}
      className="w-[min(22rem,calc(100vw-1rem))]"
      testId="notification-dropdown"
      trigger={
        <button
          type="button"
          className="icon-btn relative"
          aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white"
            >
              {badgeText(unread)}
            </span>
          ) : null}
        </button>
      }
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 className="text-sm font-semibold">{t('bell.label')}</h2>
        <span className="text-xs text-muted">{t('bell.unread', { count: unread })}</span>
      </div>
      {list.isPending ? (
        <p className="px-4 py-6 text-center text-sm text-muted">{t('common:word.loading')}</p>
      ) : list.isError ? (
        <p className="px-4 py-6 text-center text-sm text-danger">{t('bell.failed')}</p>
      ) : list.data.data.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted">{t('bell.empty')}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-line overflow-y-auto">
          {list.data.data.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="flex w-full gap-2 px-4 py-3 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                onClick={() => {
                  if (!n.isRead) mark.mutate({ id: n.id, read: true });
                }}
                data-testid="bell-item"
              >
                <span
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${n.isRead ? 'bg-transparent' : 'bg-accent'}`}
                  aria-hidden="true"
                />
                <NotificationText notification={n} compact />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-line p-2">
        <Link
          to={allPath}
          onClick={() => setOpen(false)}
          className="btn-ghost w-full justify-center text-sm"
          data-testid="view-all-notifications"
        >
          {t('bell.viewAll')}
        </Link>
      </div>
    </Popover>
  );
}
