import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import type { Profile } from '@contract/users';
import { SectionCard } from '../../../components/Card';
import { Badge, Notice } from '../../../components/Notice';
import { formatDateTime } from '../../../lib/format';
import { activeHold, securityScore } from './securityScore';

const barColour = { Weak: 'bg-red-500', Fair: 'bg-amber-500', Good: 'bg-lime-500', Strong: 'bg-emerald-500' };

/** Status, strength and alerts of the account, from the live profile. */
export function SecurityStatus({ profile }: { profile: Profile }) {
  const [now] = useState(() => Date.now());
  const score = securityScore(profile);
  const hold = activeHold(profile.securityHoldUntil, now);
  const alerts = [
    profile.mustChangePassword
      ? { tone: 'error' as const, text: 'Your password was generated for you. Change it below before anything else.' }
      : null,
    hold
      ? {
          tone: 'warning' as const,
          text: `Security hold: withdrawals are paused until ${formatDateTime(hold.toISOString())} after a recent security change.`,
        }
      : null,
    profile.isEmailVerified
      ? null
      : {
          tone: 'warning' as const,
          text: 'Your email address is not confirmed. Confirm it from your profile to use every feature.',
        },
    profile.twoFactorEnabled
      ? null
      : {
          tone: 'info' as const,
          text: 'Turn on two-factor authentication so a stolen password is not enough to sign in.',
        },
  ].filter((a) => a !== null);

  return (
    <SectionCard title="Security Status" icon={ShieldCheck} testId="security-status">
      <div className="flex flex-col gap-5">
        <div>
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">Account protection</span>
            <span className="font-semibold" data-testid="security-strength">
              {score.label} · {score.percent}%
            </span>
          </div>
          <div
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface-2"
            role="meter"
            aria-label="Account protection"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score.percent}
            aria-valuetext={`${score.label}, ${score.percent}%`}
          >
            <div
              className={`h-full rounded-full ${barColour[score.label]} transition-[width]`}
              style={{ width: `${score.percent}%` }}
            />
          </div>
          <ul className="mt-3 flex flex-col gap-1.5 text-sm">
            {score.checks.map((check) => (
              <li key={check.label} className="flex items-center gap-2">
                {check.ok ? (
                  <Check className="size-4 text-emerald-600" aria-hidden="true" />
                ) : (
                  <X className="size-4 text-danger" aria-hidden="true" />
                )}
                <span className={check.ok ? '' : 'text-muted'}>{check.label}</span>
                <span className="sr-only">{check.ok ? '(done)' : '(missing)'}</span>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-xs text-muted uppercase">Email</dt>
            <dd className="mt-1">
              {profile.isEmailVerified ? (
                <Badge tone="success">Verified</Badge>
              ) : (
                <Badge tone="warning">Not verified</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">Two-factor</dt>
            <dd className="mt-1" data-testid="twofactor-status">
              {profile.twoFactorEnabled ? (
                <Badge tone="success">Enabled</Badge>
              ) : (
                <Badge tone="neutral">Disabled</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted uppercase">Withdrawals</dt>
            <dd className="mt-1">
              {hold ? <Badge tone="warning">On hold</Badge> : <Badge tone="success">Available</Badge>}
            </dd>
          </div>
        </dl>
        {alerts.length > 0 ? (
          <div className="flex flex-col gap-2" data-testid="security-alerts">
            {alerts.map((alert) => (
              <Notice key={alert.text} tone={alert.tone}>
                {alert.text}
              </Notice>
            ))}
          </div>
        ) : (
          <Notice tone="success">No security issues found. Well done.</Notice>
        )}
      </div>
    </SectionCard>
  );
}
