import {
  ArrowLeftRight,
  Bell,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  ShieldCheck,
  TrendingUp,
  User,
  Users,
  Wallet,
} from 'lucide-react';
import { useParams } from 'react-router';
import { AppLayout } from '../../layouts/AppLayout';
import type { SidebarItem } from '../../layouts/Sidebar';

const userSections = [
  { path: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { path: 'transactions-history', label: 'Transactions', icon: ArrowLeftRight },
  { path: 'investments', label: 'Investments', icon: TrendingUp },
  { path: 'account', label: 'Account', icon: Wallet },
  { path: 'profile', label: 'Profile', icon: User },
  { path: 'verification', label: 'Verification', icon: IdCard },
  { path: 'downlinks', label: 'Referrals', icon: Users },
  { path: 'notifications', label: 'Notifications', icon: Bell },
  { path: 'support', label: 'Support', icon: LifeBuoy },
  { path: 'security-settings', label: 'Security Settings', icon: ShieldCheck },
];

/** Lazy chunk: frame of /app/:userName/*. */
export function Component() {
  const { userName = '' } = useParams();
  const base = `/app/${encodeURIComponent(userName)}`;
  const items: SidebarItem[] = userSections.map(({ path, label, icon }) => ({ to: `${base}/${path}`, label, icon }));
  return <AppLayout title="Investor area" items={items} homeTo={`${base}/dashboard`} area="user" />;
}
