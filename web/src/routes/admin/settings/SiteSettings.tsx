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
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useHealthWords } from '../jobs/healthWords';
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

type AdminT = TFunction<'admin'>;

/** "2 d 3 h", "5 h 12 min", "42 s". */
export function formatUptime(seconds: number, t: AdminT): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return t('settings.uptime.days', { d: formatNumber(d), h: formatNumber(h) });
  if (h > 0) return t('settings.uptime.hours', { h: formatNumber(h), m: formatNumber(m) });
  if (m > 0) return t('settings.uptime.minutes', { m: formatNumber(m) });
  return t('settings.uptime.seconds', { s: formatNumber(seconds) });
}
const ms = (v: number | null, t: AdminT) =>
  v === null
    ? '—'
    : t('settings.health.ms', {
        value: formatNumber(v, { minimumFractionDigits: v < 10 ? 2 : 0, maximumFractionDigits: v < 10 ? 2 : 0 }),
      });
const percent = (v: number) =>
  formatNumber(v / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  const { t } = useTranslation('admin');
  const words = useHealthWords();
  const s = health?.serverStatus;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <HealthCard
        icon={Users}
        label={t('settings.cards.activeUsers')}
        value={
          health
            ? t('settings.cards.activeOfTotal', {
                active: formatNumber(health.activeUsers),
                total: formatNumber(health.totalUsers),
              })
            : '…'
        }
        sub={t('settings.cards.activeSub')}
        testId="card-active-users"
      />
      <HealthCard
        icon={Server}
        label={t('settings.cards.serverStatus')}
        value={s ? (s.status === 'online' ? t('settings.health.online') : t('settings.health.degraded')) : '…'}
        sub={s ? t('settings.cards.uptime', { percent: percent(s.uptimePercentage) }) : ''}
        testId="card-server-status"
      />
      <HealthCard
        icon={Clock}
        label={t('settings.cards.lastUpdated')}
        value={health ? words.timeAgo(health.lastUpdated.timeAgo) : '…'}
        sub={s ? t('settings.cards.responseTime', { time: ms(s.responseTime, t) }) : ''}
        testId="card-last-updated"
      />
    </div>
  );
}

/** A group's current state in one line: configured or not, and how many fields are set. */
function groupSummary(group: SettingsGroup, view: SiteSettingsView, t: AdminT): string {
  // The protocol and brand names, hosts and addresses read the same in every language.
  if (group === 'email')
    return view.smtpConfigured ? `SMTP: ${view.smtpHost}:${view.smtpPort}` : t('settings.summary.emailNotConfigured');
  if (group === 'payment')
    return view.btcpayConfigured ? `BTCPay: ${view.btcpayServerUrl}` : t('settings.summary.paymentNotConfigured');
  if (group === 'deposits') {
    const addresses = [
      ['BTC', view.depositAddressBtc],
      ['USDT', view.depositAddressUsdt],
      ['LTC', view.depositAddressLtc],
    ].filter(([, address]) => address);
    if (addresses.length === 0) return t('settings.summary.noAddresses');
    return addresses.map(([currency, address]) => `${currency}: ${address}`).join(' · ');
  }
  const fields = groupFields(group);
  const set = fields.filter((f) => {
    const v = view[f];
    return Array.isArray(v) ? v.length > 0 : v !== '' && v !== false;
  });
  const count = t('settings.summary.fieldsSet', { set: formatNumber(set.length), total: formatNumber(fields.length) });
  // How withdrawals are paid matters more than a count: say it first.
  if (group === 'withdrawals')
    return view.payoutMode === 'btcpay'
      ? t('settings.summary.payoutsBtcpay', { fields: count })
      : t('settings.summary.payoutsManual', { fields: count });
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
  const { t } = useTranslation('admin');
  const Icon = GROUP_ICONS[group];
  const title = t(GROUP_META[group].title);
  const secrets = groupFields(group).filter(isSecretField);
  return (
    <div className="card flex min-w-0 flex-col gap-3 p-4" data-testid={`group-${group}`}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted">{t(GROUP_META[group].description)}</p>
        </div>
      </div>
      <p className="text-sm break-words">{groupSummary(group, view, t)}</p>
      {secrets.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('settings.card.secrets')}>
          {secrets.map((s) => (
            <li key={s} className="max-w-full">
              <Badge tone={view[s] ? 'success' : 'neutral'}>
                {/* Wraps rather than overflow a phone's card: some languages name a secret at length. */}
                <span className="whitespace-normal">
                  {view[s]
                    ? t('settings.card.secretStored', { label: t(FIELD_META[s].label) })
                    : t('settings.card.secretNotSet', { label: t(FIELD_META[s].label) })}
                </span>
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
          aria-label={canEdit ? t('settings.card.configureLabel', { title }) : t('settings.card.viewLabel', { title })}
        >
          <Settings2 className="size-4" aria-hidden="true" />
          {canEdit ? t('settings.card.configure') : t('settings.card.view')}
        </button>
      </div>
      {children}
    </div>
  );
}

function ResultNotice({ result, error }: { result: SettingsTestResult | undefined; error: unknown }) {
  const { t } = useTranslation('admin');
  if (error) return <Notice tone="error">{errorMessage(error, t('settings.tests.failed'))}</Notice>;
  if (!result) return null;
  return <Notice tone={result.ok ? 'success' : 'error'}>{translateMessage(result.message)}</Notice>;
}

/** Whether BTCPay can pay withdrawals by itself: the store answers and sends on-chain BTC payouts automatically. */
function PayoutTest() {
  const { t } = useTranslation('admin');
  const test = useTestPayouts();
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3">
      <div>
        <button type="button" className="btn-secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {test.isPending ? t('settings.tests.testing') : t('settings.tests.payouts')}
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
  const { t } = useTranslation('admin');
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
    <SectionCard title={t('settings.tests.title')} icon={PlugZap} description={t('settings.tests.description')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <form className="flex flex-col gap-3" onSubmit={sendTest} aria-label={t('settings.tests.email')}>
          <TextField
            label={t('settings.tests.emailTo')}
            type="email"
            placeholder={t('settings.tests.emailToPlaceholder')}
            aside={t('shared.optional')}
            error={form.formState.errors.to?.message}
            {...form.register('to')}
          />
          <div>
            <button type="submit" className="btn-secondary" disabled={email.isPending}>
              <Mail className="size-4" aria-hidden="true" />
              {email.isPending ? t('settings.tests.sending') : t('settings.tests.email')}
            </button>
          </div>
          <div data-testid="test-email-result" aria-live="polite">
            <ResultNotice result={email.data} error={email.error} />
          </div>
        </form>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('settings.tests.btcpayDescription')}</p>
          <div>
            <button type="button" className="btn-secondary" onClick={() => btcpay.mutate()} disabled={btcpay.isPending}>
              <CreditCard className="size-4" aria-hidden="true" />
              {btcpay.isPending ? t('settings.tests.testing') : t('settings.tests.btcpay')}
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
  const { t } = useTranslation('admin');
  const words = useHealthWords();
  // Each row's test id stays the same in every language.
  const rows: [id: string, label: string, value: string][] = health
    ? [
        [
          'server-status',
          t('settings.health.serverStatus'),
          health.serverStatus.status === 'online' ? t('settings.health.online') : t('settings.health.degraded'),
        ],
        [
          'uptime',
          t('settings.health.uptime'),
          t('settings.health.uptimeValue', {
            uptime: formatUptime(health.serverStatus.uptime, t),
            percent: percent(health.serverStatus.uptimePercentage),
          }),
        ],
        [
          'average-response-time',
          t('settings.health.responseTime'),
          t('settings.health.responseTimeValue', { time: ms(health.serverStatus.responseTime, t) }),
        ],
        ['currently-online', t('settings.health.online5'), formatNumber(health.currentlyOnline)],
        ['total-users', t('settings.health.totalUsers'), formatNumber(health.totalUsers)],
        [
          'settings-last-changed',
          t('settings.health.settingsChanged'),
          health.lastUpdated.timestamp
            ? t('settings.health.changedAt', {
                date: formatDateTime(health.lastUpdated.timestamp),
                ago: words.timeAgo(health.lastUpdated.timeAgo),
              })
            : words.timeAgo('never'),
        ],
      ]
    : [];
  return (
    <SectionCard
      title={t('settings.health.title')}
      icon={Activity}
      description={t('settings.health.description')}
      testId="site-health"
    >
      {error ? (
        <LoadError error={error} fallback={t('shared.failedToFetch')} onRetry={onRetry} />
      ) : !health ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {rows.map(([id, label, value]) => (
              <div key={id} className="flex min-w-0 flex-col">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="font-medium break-words" data-testid={`health-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {health.warnings.length > 0 ? (
            <Notice tone="warning" title={t('settings.health.warnings')}>
              <ul className="list-disc pl-4">
                {health.warnings.map((w) => (
                  <li key={w}>{words.warning(w)}</li>
                ))}
              </ul>
            </Notice>
          ) : (
            <p className="text-sm text-muted">{t('settings.health.noWarnings')}</p>
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
  const { t } = useTranslation('admin');
  usePageTitle(t('settings.title'));
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
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <HealthCards health={health.data} />
      {!canEdit ? (
        <Notice tone="info">{t('settings.viewOnly', { message: translateMessage(Messages.settingsForbidden) })}</Notice>
      ) : null}
      <section aria-labelledby={groupsId} className="flex flex-col gap-4">
        <h2 id={groupsId} className="text-lg font-semibold">
          {t('settings.heading')}
        </h2>
        <QueryView query={settings} fallback={t('shared.failedToFetch')}>
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
