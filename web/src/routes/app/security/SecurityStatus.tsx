import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@contract/users';
import { SectionCard } from '../../../components/Card';
import { Badge, Notice, type Tone } from '../../../components/Notice';
import { formatDateTime } from '../../../lib/format';
import { activeHold, securityScore, type SecurityCheck, type SecurityScore } from './securityScore';

const barColour = { Weak: 'bg-red-500', Fair: 'bg-amber-500', Good: 'bg-lime-500', Strong: 'bg-emerald-500' };

const LEVEL = {
  Weak: 'security.status.level.weak',
  Fair: 'security.status.level.fair',
  Good: 'security.status.level.good',
  Strong: 'security.status.level.strong',
} as const satisfies Record<SecurityScore['label'], string>;

const CHECK = {
  password: 'security.status.check.password',
  email: 'security.status.check.email',
  twoFactor: 'security.status.check.twoFactor',
} as const satisfies Record<SecurityCheck['id'], string>;

/** Status, strength and alerts of the account, from the live profile. */
export function SecurityStatus({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const [now] = useState(() => Date.now());
  const score = securityScore(profile);
  const level = t(LEVEL[score.label]);
  const hold = activeHold(profile.securityHoldUntil, now);
  const alerts: { id: string; tone: Tone; text: string }[] = [];
  if (profile.mustChangePassword)
    alerts.push({ id: 'password', tone: 'error', text: t('security.status.alert.mustChangePassword') });
  if (hold)
    alerts.push({
      id: 'hold',
      tone: 'warning',
      text: t('security.status.alert.hold', { date: formatDateTime(hold.toISOString()) }),
    });
  if (!profile.isEmailVerified)
    alerts.push({ id: 'email', tone: 'warning', text: t('security.status.alert.emailUnconfirmed') });
  if (!profile.twoFactorEnabled)
    alerts.push({ id: 'twoFactor', tone: 'info', text: t('security.status.alert.twoFactorOff') });

  return (
    <SectionCard title={t('security.status.title')} icon={ShieldCheck} testId="security-status">
      <div className="flex flex-col gap-5">
        <div>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="font-medium">{t('security.status.protection')}</span>
            <span className="font-semibold" data-testid="security-strength">
              {t('security.status.strength', { level, percent: score.percent })}
            </span>
          </div>
          <div
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface-2"
            role="meter"
            aria-label={t('security.status.protection')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score.percent}
            aria-valuetext={t('security.status.strengthSpoken', { level, percent: score.percent })}
          >
            <div
              className={`h-full rounded-full ${barColour[score.label]} transition-[width]`}
              style={{ width: `${score.percent}%` }}
            />
          </div>
          <ul className="mt-3 flex flex-col gap-1.5 text-sm">
            {score.checks.map((check) => (
              <li key={check.id} className="flex items-center gap-2">
                {check.ok ? (
                  <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <X className="size-4 shrink-0 text-danger" aria-hidden="true" />
                )}
                <span className={check.ok ? '' : 'text-muted'}>{t(CHECK[check.id])}</span>
                <span className="sr-only">{check.ok ? t('security.status.done') : t('security.status.missing')}</span>
              </li>
            ))}
          </ul>
        </div>
        {/* Side by side while they fit: the words run longer in some languages. */}
        <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
          <div>
            <dt className="text-xs text-muted uppercase">{t('security.status.email')}</dt>
            <dd className="mt-1">
              {profile.isEmailVerified ? (
                <Badge tone="success">{t('security.status.verified')}</Badge>
              ) : (
                <Badge tone="warning">{t('security.status.notVerified')}</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">{t('security.status.twoFactor')}</dt>
            <dd className="mt-1" data-testid="twofactor-status">
              {profile.twoFactorEnabled ? (
                <Badge tone="success">{t('security.enabled')}</Badge>
              ) : (
                <Badge tone="neutral">{t('security.disabled')}</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">{t('security.status.withdrawals')}</dt>
            <dd className="mt-1">
              {hold ? (
                <Badge tone="warning">{t('security.status.onHold')}</Badge>
              ) : (
                <Badge tone="success">{t('security.status.available')}</Badge>
              )}
            </dd>
          </div>
        </dl>
        {alerts.length > 0 ? (
          <div className="flex flex-col gap-2" data-testid="security-alerts">
            {alerts.map((alert) => (
              <Notice key={alert.id} tone={alert.tone}>
                {alert.text}
              </Notice>
            ))}
          </div>
        ) : (
          <Notice tone="success">{t('security.status.noIssues')}</Notice>
        )}
      </div>
    </SectionCard>
  );
}
