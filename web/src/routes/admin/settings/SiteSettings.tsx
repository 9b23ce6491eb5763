import { zodResolver } from '@hookform/resolvers/zod';
import {
  Activity,
  Clock,
  CreditCard,
  Globe,
  KeyRound,
  LogIn,
  Mail,
  PlugZap,
  QrCode,
  Send,
  Server,
  Settings2,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Messages } from '@contract/errors';
import { zTestEmailRequest, type SettingsGroup } from '@contract/settings';
import { useSession } from '../../../api/session';
import {
  useSiteHealth,
  useSiteSettings,
  useTestBtcpay,
  useTestEmail,
  useTestPayouts,
  type SettingsTestResult,
  type SiteHealth,
  type SiteSettingsView,
} from '../../../api/siteSettings';
import { errorMessage } from '../../../api/client';
import { PageHeader, SectionCard } from '../../../components/Card';
import { TextField } from '../../../components/FormField';
import { Badge, LoadError, Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SettingsGroupModal } from './SettingsGroupModal';
import { FIELD_META, GROUPS, GROUP_META, groupFields, isSecretField } from './settingsFields';

const GROUP_ICONS: Record<SettingsGroup, LucideIcon> = {
  general: Globe,
  email: Mail,
  payment: CreditCard,
  api: KeyRound,
  social: LogIn,
  operations: Wrench,
  withdrawals: Wallet,
  deposits: QrCode,
};

/** "2 d 3 h", "5 h 12 min", "42 s". */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}
const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(v < 10 ? 2 : 0)} ms`);

/** A figure with a second line under it (the StatCard of the funds screens has one line only). */
function HealthCard({
  icon: Icon,
  label,
  value,
  sub,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  sub: string;
  testId: string;
}) {
  return (
    <div className="card flex min-w-0 items-center gap-4 p-4" data-testid={testId}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-accent">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="text-xl font-bold break-words">{value}</p>
        <p className="text-sm break-words text-muted">{sub}</p>
      </div>
    </div>
  );
}

function HealthCards({ health }: { health: SiteHealth | undefined }) {
  const s = health?.serverStatus;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <HealthCard
        icon={Users}
        label="Active Users"
        value={health ? `${health.activeUsers} of ${health.totalUsers}` : '…'}
        sub="active of all users"
        testId="card-active-users"
      />
      <HealthCard
        icon={Server}
        label="Server Status"
        value={s ? (s.status === 'online' ? 'Online' : 'Degraded') : '…'}
        sub={s ? `${s.uptimePercentage.toFixed(2)}% uptime` : ''}
        testId="card-server-status"
      />
      <HealthCard
        icon={Clock}
        label="Last Updated"
        value={health ? health.lastUpdated.timeAgo : '…'}
        sub={s ? `${ms(s.responseTime)} response time` : ''}
        testId="card-last-updated"
      />
    </div>
  );
}

/** A group's current state in one line: configured or not, and how many fields are set. */
function groupSummary(group: SettingsGroup, view: SiteSettingsView): string {
  if (group === 'email')
    return view.smtpConfigured ? `SMTP: ${view.smtpHost}:${view.smtpPort}` : 'Not configured: mail waits in the outbox';
  if (group === 'payment')
    return view.btcpayConfigured ? `BTCPay: ${view.btcpayServerUrl}` : 'Not configured: deposits wait for an admin';
  if (group === 'deposits') {
    const addresses = [
      ['BTC', view.depositAddressBtc],
      ['USDT', view.depositAddressUsdt],
      ['LTC', view.depositAddressLtc],
    ].filter(([, address]) => address);
    if (addresses.length === 0) return 'No addresses: a pending deposit tells the investor to contact support';
    return addresses.map(([currency, address]) => `${currency}: ${address}`).join(' · ');
  }
  const fields = groupFields(group);
  const set = fields.filter((f) => {
    const v = view[f];
    return Array.isArray(v) ? v.length > 0 : v !== '' && v !== false;
  });
  const count = `${set.length} of ${fields.length} set`;
  // How withdrawals are paid matters more than a count: say it first.
  if (group === 'withdrawals') return `Payouts: ${view.payoutMode === 'btcpay' ? 'BTCPay' : 'manual'} · ${count}`;
  return count;
}

function GroupCard({
  group,
  view,
  canEdit,
  onOpen,
  children,
}: {
  group: SettingsGroup;
  view: SiteSettingsView;
  canEdit: boolean;
  onOpen: () => void;
  /** The group's own test action, under its button. */
  children?: ReactNode;
}) {
  const Icon = GROUP_ICONS[group];
  const secrets = groupFields(group).filter(isSecretField);
  return (
    <div className="card flex min-w-0 flex-col gap-3 p-4" data-testid={`group-${group}`}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{GROUP_META[group].title}</h3>
          <p className="text-sm text-muted">{GROUP_META[group].description}</p>
        </div>
      </div>
      <p className="text-sm break-words">{groupSummary(group, view)}</p>
      {secrets.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Secrets">
          {secrets.map((s) => (
            <li key={s}>
              <Badge tone={view[s] ? 'success' : 'neutral'}>
                {FIELD_META[s].label}: {view[s] ? '••••••••' : 'not set'}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto">
        <button
          type="button"
          className="btn-secondary"
          onClick={onOpen}
          aria-label={`${canEdit ? 'Configure' : 'View'} ${GROUP_META[group].title}`}
        >
          <Settings2 className="size-4" aria-hidden="true" />
          {canEdit ? 'Configure' : 'View'}
        </button>
      </div>
      {children}
    </div>
  );
}

function ResultNotice({ result, error }: { result: SettingsTestResult | undefined; error: unknown }) {
  if (error) return <Notice tone="error">{errorMessage(error, 'The test could not run')}</Notice>;
  if (!result) return null;
  return <Notice tone={result.ok ? 'success' : 'error'}>{result.message}</Notice>;
}

/** Whether BTCPay can pay withdrawals by itself: the store answers and sends on-chain BTC payouts automatically. */
function PayoutTest() {
  const test = useTestPayouts();
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3">
      <div>
        <button type="button" className="btn-secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {test.isPending ? 'Testing...' : 'Test payouts'}
        </button>
      </div>
      <div data-testid="test-payouts-result" aria-live="polite">
        <ResultNotice result={test.data} error={test.error} />
      </div>
    </div>
  );
}

/** Send test email / Test BTCPay connection: real calls, real answers. */
function ConnectionTests() {
  const email = useTestEmail();
  const btcpay = useTestBtcpay();
  const form = useForm<z.input<typeof zTestEmailRequest>, unknown, z.output<typeof zTestEmailRequest>>({
    resolver: zodResolver(zTestEmailRequest),
    defaultValues: { to: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // No noValidate: the browser checks the address first, as before; empty means the admin's own address.
  const sendTest = form.handleSubmit(({ to = '' }) => email.mutate(to));
  return (
    <SectionCard
      title="Test connections"
      icon={PlugZap}
      description="Check the saved Email and Payment settings against the real servers."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <form className="flex flex-col gap-3" onSubmit={sendTest} aria-label="Send test email">
          <TextField
            label="Send test email to"
            type="email"
            placeholder="Your own address when empty"
            aside="optional"
            error={form.formState.errors.to?.message}
            {...form.register('to')}
          />
          <div>
            <button type="submit" className="btn-secondary" disabled={email.isPending}>
              <Mail className="size-4" aria-hidden="true" />
              {email.isPending ? 'Sending...' : 'Send test email'}
            </button>
          </div>
          <div data-testid="test-email-result" aria-live="polite">
            <ResultNotice result={email.data} error={email.error} />
          </div>
        </form>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Reads the configured store through the BTCPay Greenfield API with the stored API key.
          </p>
          <div>
            <button type="button" className="btn-secondary" onClick={() => btcpay.mutate()} disabled={btcpay.isPending}>
              <CreditCard className="size-4" aria-hidden="true" />
              {btcpay.isPending ? 'Testing...' : 'Test BTCPay connection'}
            </button>
          </div>
          <div data-testid="test-btcpay-result" aria-live="polite">
            <ResultNotice result={btcpay.data} error={btcpay.error} />
          </div>
        </div>
      </div>
    </SectionCard>
  );
}

function HealthPanel({
  health,
  onRetry,
  error,
}: {
  health: SiteHealth | undefined;
  onRetry: () => void;
  error: unknown;
}) {
  const rows: [string, string][] = health
    ? [
        ['Server status', health.serverStatus.status === 'online' ? 'Online' : 'Degraded'],
        [
          'Uptime',
          `${formatUptime(health.serverStatus.uptime)} (${health.serverStatus.uptimePercentage.toFixed(2)}% of health checks passed)`,
        ],
        ['Average response time', `${ms(health.serverStatus.responseTime)} (last 5 minutes)`],
        ['Currently online', String(health.currentlyOnline)],
        ['Total users', String(health.totalUsers)],
        [
          'Settings last changed',
          health.lastUpdated.timestamp
            ? `${formatDateTime(health.lastUpdated.timestamp)} (${health.lastUpdated.timeAgo})`
            : 'never',
        ],
      ]
    : [];
  return (
    <SectionCard
      title="Site Health"
      icon={Activity}
      description="Measured by this server; refreshed every 30 seconds."
      testId="site-health"
    >
      {error ? (
        <LoadError error={error} fallback="Failed to fetch data" onRetry={onRetry} />
      ) : !health ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label} className="flex min-w-0 flex-col">
                <dt className="text-sm text-muted">{label}</dt>
                <dd
                  className="font-medium break-words"
                  data-testid={`health-${label.toLowerCase().replace(/\s+/g, '-')}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {health.warnings.length > 0 ? (
            <Notice tone="warning" title="Warnings">
              <ul className="list-disc pl-4">
                {health.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Notice>
          ) : (
            <p className="text-sm text-muted">No warnings.</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}

/**
 * /app/admin/site-settings: health cards, the settings groups with their Configure modals, connection tests,
 * Site Health.
 */
export function Component() {
  usePageTitle('Site Settings');
  const canEdit = useSession().data?.role === 'admin';
  const settings = useSiteSettings();
  const health = useSiteHealth();
  const [open, setOpen] = useState<SettingsGroup | null>(null);
  const groupsId = useId();

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="site-settings-page"
    >
      <PageHeader
        title="Site Settings"
        description="How the platform runs: addresses, email, payments, price feed and rules."
      />
      <HealthCards health={health.data} />
      {!canEdit ? <Notice tone="info">{Messages.settingsForbidden}. You can view them.</Notice> : null}
      <section aria-labelledby={groupsId} className="flex flex-col gap-4">
        <h2 id={groupsId} className="text-lg font-semibold">
          Settings
        </h2>
        <QueryView query={settings} fallback="Failed to fetch data">
          {(data) => (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {GROUPS.map((g) => (
                <GroupCard key={g} group={g} view={data} canEdit={canEdit} onOpen={() => setOpen(g)}>
                  {g === 'withdrawals' && canEdit ? <PayoutTest /> : null}
                </GroupCard>
              ))}
            </div>
          )}
        </QueryView>
      </section>
      {canEdit ? <ConnectionTests /> : null}
      <HealthPanel health={health.data} error={health.error} onRetry={() => void health.refetch()} />
      <SettingsGroupModal group={open} view={settings.data} canEdit={canEdit} onClose={() => setOpen(null)} />
    </div>
  );
}
