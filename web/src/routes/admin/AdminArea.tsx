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
  MailPen,
  Package,
  Send,
  Timer,
  Settings,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../../layouts/AppLayout';
import type { SidebarItem } from '../../layouts/Sidebar';

const adminItems = [
  { to: '/app/admin/dashboard', label: 'nav.admin.dashboard', icon: LayoutDashboard },
  { to: '/app/admin/manage-users', label: 'nav.admin.users', icon: Users },
  { to: '/app/admin/manage-investments', label: 'nav.admin.investments', icon: TrendingUp },
  { to: '/app/admin/manage-transactions', label: 'nav.admin.transactions', icon: ArrowLeftRight },
  { to: '/app/admin/users-deposits', label: 'nav.admin.deposits', icon: ArrowDownToLine },
  { to: '/app/admin/user-withdrawal', label: 'nav.admin.withdrawals', icon: ArrowUpFromLine },
  { to: '/app/admin/packages', label: 'nav.admin.plans', icon: Package },
  { to: '/app/admin/kyc', label: 'nav.admin.verification', icon: IdCard },
  { to: '/app/admin/send-notification', label: 'nav.admin.notifications', icon: Send },
  { to: '/app/admin/support', label: 'nav.admin.support', icon: LifeBuoy },
  { to: '/app/admin/reports', label: 'nav.admin.reports', icon: FileText },
  { to: '/app/admin/audit-log', label: 'nav.admin.auditLog', icon: History },
  { to: '/app/admin/site-settings', label: 'nav.admin.siteSettings', icon: Settings },
  { to: '/app/admin/security-settings', label: 'nav.admin.security', icon: ShieldCheck },
  { to: '/app/admin/jobs', label: 'nav.admin.jobs', icon: Timer },
  { to: '/app/admin/mail-outbox', label: 'nav.admin.mailOutbox', icon: Mail },
  { to: '/app/admin/email-templates', label: 'nav.admin.emailTemplates', icon: MailPen },
] as const;

/** Lazy chunk: frame of /app/admin/*. */
export function Component() {
  const { t } = useTranslation('ui');
  const items: SidebarItem[] = adminItems.map(({ to, label, icon }) => ({ to, label: t(label), icon }));
  return <AppLayout title={t('area.admin')} items={items} homeTo="/app/admin/dashboard" area="admin" />;
}
