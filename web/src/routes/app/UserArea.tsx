import {
  ArrowLeftRight,
  Bell,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  Scale,
  ShieldCheck,
  TrendingUp,
  User,
  Users,
  Wallet,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { rememberTimeZone } from '../../api/server-reads';
import { AppLayout } from '../../layouts/AppLayout';
import { whenIdle } from '../../lib/tasks';
import type { SidebarItem } from '../../layouts/Sidebar';

const userSections = [
  { path: 'dashboard', label: 'nav.user.dashboard', icon: LayoutDashboard },
  { path: 'transactions-history', label: 'nav.user.transactions', icon: ArrowLeftRight },
  { path: 'investments', label: 'nav.user.investments', icon: TrendingUp },
  { path: 'account', label: 'nav.user.account', icon: Wallet },
  { path: 'profile', label: 'nav.user.profile', icon: User },
  { path: 'verification', label: 'nav.user.verification', icon: IdCard },
  { path: 'proof-of-liabilities', label: 'nav.user.proof', icon: Scale },
  { path: 'downlinks', label: 'nav.user.referrals', icon: Users },
  { path: 'notifications', label: 'nav.user.notifications', icon: Bell },
  { path: 'support', label: 'nav.user.support', icon: LifeBuoy },
  { path: 'security-settings', label: 'nav.user.security', icon: ShieldCheck },
] as const;

/** Lazy chunk: frame of /app/:userName/*. */
export function Component() {
  const { t } = useTranslation('ui');
  const { userName = '' } = useParams();
  // The investor area is what the server draws (in this zone). Not on public pages, nor in the
  // start's work: the first date formatter a page builds loads the browser's locale data
  // (~100 ms at 4x CPU), which a public page may never need.
  useEffect(() => whenIdle(rememberTimeZone), []);
  const base = `/app/${encodeURIComponent(userName)}`;
  const items: SidebarItem[] = userSections.map(({ path, label, icon }) => ({
    to: `${base}/${path}`,
    label: t(label),
    icon,
  }));
  return <AppLayout title={t('area.user')} items={items} homeTo={`${base}/dashboard`} area="user" />;
}
