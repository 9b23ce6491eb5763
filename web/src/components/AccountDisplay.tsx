import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DeviceSession } from '@contract/auth';
import { describeDevice, formatDateTime } from '../lib/format';
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
  const [failed, setFailed] = useState<string | null>(null);
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-9 text-sm';
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={`${name}'s profile image`}
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

const icons = { Mobile: Smartphone, Tablet: Tablet };

/** One signed-in device: what, where, when, and an action (Disconnect). */
export function DeviceRow({ session, action }: { session: DeviceSession; action?: ReactNode }) {
  const Icon = icons[session.deviceInfo.device as keyof typeof icons] ?? Monitor;
  const place = [session.ip, session.location && session.location !== 'Unknown' ? session.location : '']
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
          {session.current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="text-xs break-words text-muted">{place || 'Unknown location'}</p>
        <p className="text-xs text-muted">Last active {formatDateTime(session.lastActive)}</p>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
