import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  FileText,
  History,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Package,
  Send,
  Timer,
  Settings,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import { AppLayout } from '../../layouts/AppLayout';
import type { SidebarItem } from '../../layouts/Sidebar';

const adminItems: SidebarItem[] = [
  { to: '/app/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/admin/manage-users', label: 'Users', icon: Users },
  { to: '/app/admin/manage-investments', label: 'Investments', icon: TrendingUp },
  { to: '/app/admin/manage-transactions', label: 'Transactions', icon: ArrowLeftRight },
  { to: '/app/admin/users-deposits', label: 'Deposits', icon: ArrowDownToLine },
  { to: '/app/admin/user-withdrawal', label: 'Withdrawals', icon: ArrowUpFromLine },
  { to: '/app/admin/packages', label: 'Plans', icon: Package },
  { to: '/app/admin/kyc', label: 'Verification', icon: IdCard },
  { to: '/app/admin/send-notification', label: 'Notifications', icon: Send },
  { to: '/app/admin/support', label: 'Support', icon: LifeBuoy },
  { to: '/app/admin/reports', label: 'Reports', icon: FileText },
  { to: '/app/admin/audit-log', label: 'Audit Log', icon: History },
  { to: '/app/admin/site-settings', label: 'Site Settings', icon: Settings },
  { to: '/app/admin/security-settings', label: 'Security Settings', icon: ShieldCheck },
  { to: '/app/admin/jobs', label: 'Jobs', icon: Timer },
  { to: '/app/admin/mail-outbox', label: 'Mail Outbox', icon: Mail },
];

/** Lazy chunk: frame of /app/admin/*. */
export function Component() {
  return <AppLayout title="Admin" items={adminItems} homeTo="/app/admin/dashboard" area="admin" />;
}
