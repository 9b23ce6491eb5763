import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceSession } from '@contract/auth';
import { accountState, type AccountState, type UserStatus } from '@contract/account-state';
import { describeDevice, deviceClass, formatDateTime } from '../lib/format';
import { Badge } from './Notice';

interface AvatarProps {
  /** URL of the profile image (served to the owner with the session cookie). */
  src: string | null | undefined;
  name: string;
  size?: 'sm' | 'lg';
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Profile image, or the initials when there is none or it fails to load. */
export function Avatar({ src, name, size = 'sm' }: AvatarProps) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState<string | null>(null);
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-9 text-sm';
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={t('device.avatarAlt', { name })}
        className={`${box} shrink-0 rounded-full border border-line object-cover`}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-navy font-semibold text-amber-300 ring-1 ring-amber-300/40`}
    >
      {initialsOf(name)}
    </span>
  );
}

const STATE_TONE: Record<AccountState, 'success' | 'warning' | 'error'> = {
  active: 'success',
  unverified: 'warning',
  suspended: 'error',
};

// Keys spelled out whole, one per state, so the catalogue check sees each one used.
const STATE_WORD = {
  active: 'accountState.active',
  unverified: 'accountState.unverified',
  suspended: 'accountState.suspended',
} as const satisfies Record<AccountState, string>;

/** The one word of an account's state, the same on the profile and in the staff list (signed-in areas only). */
export function AccountStateBadge({ account }: { account: { status: UserStatus; isEmailVerified: boolean } }) {
  const { t } = useTranslation('ui');
  const state = accountState(account);
  return <Badge tone={STATE_TONE[state]}>{t(STATE_WORD[state])}</Badge>;
}

const icons = { Mobile: Smartphone, Tablet: Tablet };

/**
 * One signed-in device, told apart from the others by browser and version, system, device class,
 * address, when it signed in and when it was last seen; "This device" marks the caller's own.
 */
export function DeviceRow({ session, action }: { session: DeviceSession; action?: ReactNode }) {
  const { t } = useTranslation('common');
  const Icon = icons[session.deviceInfo.device as keyof typeof icons] ?? Monitor;
  const known = (v: string) => (v && v !== 'Unknown' ? v : '');
  const place = [
    deviceClass(session.deviceInfo.device),
    session.ip || t('device.unknownAddress'),
    known(session.location),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="flex items-center gap-3 py-3" data-testid="device-row">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted sm:flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{describeDevice(session.deviceInfo)}</span>
          {session.current ? <Badge tone="success">{t('device.current')}</Badge> : null}
        </p>
        <p className="text-xs break-words text-muted">{place}</p>
        <p className="text-xs text-muted">
          <span className="whitespace-nowrap">{t('device.signedIn', { date: formatDateTime(session.createdAt) })}</span>
          {' · '}
          <span className="whitespace-nowrap">
            {session.current
              ? t('device.activeNow')
              : t('device.lastSeen', { date: formatDateTime(session.lastActive) })}
          </span>
        </p>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
