import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrationPart } from '../components/HydrationPart';
import { Outlet, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import { useActivityLog } from '../api/account';
import { useLogout, useSession } from '../api/session';
import { ThemeToggle } from '../components/ThemeToggle';
import { Drawer } from '../components/ui/Drawer';
import { AccountBanners, UserMenu } from './AccountHeader';
import { NotificationBell } from '../components/notifications/NotificationBell';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { Sidebar, type SidebarItem } from './Sidebar';
import { useClientValue } from '../lib/useHydrated';

const COLLAPSED_KEY = 'sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The sidebar's saved width. The server draws it open (it cannot read the browser's storage),
 * so while a server-drawn page hydrates it reads open too, and the saved choice follows at once.
 */
function useCollapsed(): [boolean, (next: boolean) => void] {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const saved = useClientValue(readCollapsed, false);
  const set = (next: boolean) => {
    setChosen(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Not remembered across reloads; harmless.
    }
  };
  return [chosen ?? saved, set];
}

interface AppLayoutProps {
  /** Shown in the header, e.g. "Investor area". */
  title: string;
  items: SidebarItem[];
  homeTo: string;
  area: 'user' | 'admin';
}

/**
 * Frame of the user and admin areas. From `md` up the sidebar sits beside the content and
 * collapses to icons; below `md` it opens as a drawer so 360 px screens keep their width.
 * Its parts hydrate on their own (HydrationPart) so that a page the server drew (the investor
 * dashboard) hydrates in short tasks rather than all in one.
 */
export function AppLayout({ title, items, homeTo, area }: AppLayoutProps) {
  const [collapsed, setCollapsed] = useCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const logout = useLogout();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const { t } = useTranslation('ui');
  useActivityLog();

  const toggleCollapsed = () => setCollapsed(!collapsed);
  const handleLogout = () => {
    setDrawerOpen(false);
    void logout().then(() => {
      toast.success(t('layout.logoutSuccess'));
      void navigate('/login', { replace: true });
    });
  };

  return (
    <div className="flex min-h-screen bg-page">
      {/* The panel and its border run the page's full height; its navigation stays in view as the page scrolls. */}
      <aside
        className={`hidden shrink-0 border-r border-line bg-surface transition-[width] duration-200 md:block ${collapsed ? 'w-20' : 'w-64'}`}
        data-testid="app-sidebar"
        data-collapsed={collapsed}
      >
        <div className="sticky top-0 h-screen">
          <HydrationPart>
            <Sidebar
              items={items}
              homeTo={homeTo}
              collapsed={collapsed}
              onLogout={handleLogout}
              onToggleCollapsed={toggleCollapsed}
            />
          </HydrationPart>
        </div>
      </aside>

      <Drawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        title={t('layout.navigation', { area: title })}
        className="md:hidden"
      >
        {/* Any click inside that lands on a link navigates away: close the drawer. */}
        <div className="h-full" onClick={(event) => (event.target as HTMLElement).closest('a') && setDrawerOpen(false)}>
          <Sidebar
            items={items}
            homeTo={homeTo}
            collapsed={false}
            onLogout={handleLogout}
            footer={<LanguageSwitcher className="px-3 py-2 sm:hidden" />}
          />
        </div>
      </Drawer>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="icon-btn md:hidden"
            aria-label={t('layout.openNavigation')}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <p className="truncate text-base font-semibold">{title}</p>
          <div className="ml-auto flex items-center gap-2">
            <HydrationPart>
              {/* On a phone the language menu sits in the navigation drawer: the header has no room for it. */}
              <div className="hidden sm:block">
                <LanguageSwitcher />
              </div>
              <ThemeToggle />
              {session ? <NotificationBell session={session} area={area} /> : null}
              {session ? <UserMenu session={session} area={area} onLogout={handleLogout} /> : null}
            </HydrationPart>
          </div>
        </header>
        <HydrationPart>{session ? <AccountBanners session={session} area={area} /> : null}</HydrationPart>
        <main id="main" className="flex-1">
          <HydrationPart>
            <Outlet />
          </HydrationPart>
        </main>
      </div>
    </div>
  );
}
