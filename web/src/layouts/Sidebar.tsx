import type { LucideIcon } from 'lucide-react';
import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '../components/Logo';

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

interface SidebarProps {
  items: SidebarItem[];
  homeTo: string;
  collapsed: boolean;
  onLogout: () => void;
  /** Desktop only: the mobile drawer is always expanded. */
  onToggleCollapsed?: () => void;
  /** Above Collapse and Logout, e.g. the language menu in the phone's drawer. */
  footer?: ReactNode;
}

/** Area navigation: 16rem with labels, 5rem with icons only when collapsed (spec §9). */
export function Sidebar({ items, homeTo, collapsed, onLogout, onToggleCollapsed, footer }: SidebarProps) {
  const { t } = useTranslation('ui');
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${collapsed ? 'justify-center' : ''} ${
      isActive ? 'bg-surface-2 text-accent' : 'text-muted hover:bg-surface-2 hover:text-fg'
    }`;

  return (
    <div className="flex h-full flex-col">
      <div className={`flex h-16 shrink-0 items-center border-b border-line ${collapsed ? 'justify-center' : 'px-5'}`}>
        <Logo to={homeTo} compact={collapsed} />
      </div>
      <nav aria-label={t('layout.sections')} className="flex-1 overflow-y-auto p-3">
        <ul className="flex flex-col gap-1">
          {items.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={itemClass} title={collapsed ? label : undefined}>
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex shrink-0 flex-col gap-1 border-t border-line p-3">
        {footer}
        {onToggleCollapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            className={itemClass({ isActive: false })}
            aria-label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
            title={collapsed ? t('layout.expandSidebar') : undefined}
          >
            {collapsed ? (
              <PanelLeftOpen className="size-5 shrink-0" aria-hidden="true" />
            ) : (
              <PanelLeftClose className="size-5 shrink-0" aria-hidden="true" />
            )}
            <span className={collapsed ? 'sr-only' : ''}>{t('layout.collapse')}</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={onLogout}
          className={itemClass({ isActive: false })}
          title={collapsed ? t('layout.logout') : undefined}
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          <span className={collapsed ? 'sr-only' : ''}>{t('layout.logout')}</span>
        </button>
      </div>
    </div>
  );
}
