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
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLayout } from '../../layouts/AppLayout';
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
  const base = `/app/${encodeURIComponent(userName)}`;
  const items: SidebarItem[] = userSections.map(({ path, label, icon }) => ({
    to: `${base}/${path}`,
    label: t(label),
    icon,
  }));
  return <AppLayout title={t('area.user')} items={items} homeTo={`${base}/dashboard`} area="user" />;
}
