import type { Role } from '@contract/users';

interface Who {
  role: Role;
  userName: string;
}

const isStaff = (role: Role) => role === 'admin' || role === 'moderator';

/** The user area of a user name: /app/{userName}. */
export const userBase = (userName: string) => `/app/${encodeURIComponent(userName)}`;

/** Landing page after login: staff to the admin dashboard, investors to their own. */
export function homePath(who: Who): string {
  return isStaff(who.role) ? '/app/admin/dashboard' : `${userBase(who.userName)}/dashboard`;
}

export function securityPath(who: Who): string {
  return isStaff(who.role) ? '/app/admin/security-settings' : `${userBase(who.userName)}/security-settings`;
}

export function profilePath(who: Who): string | null {
  return isStaff(who.role) ? null : `${userBase(who.userName)}/profile`;
}

/** A return path from `?next=`: only an in-app path, never another origin. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/app/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/** The login page that returns to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNext(path);
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/**
 * Where a logged-in user goes after the password (and code): the security page when the
 * server demands a new password, else the page they came for, else their home.
 */
export function afterLoginPath(who: Who, mustChangePassword: boolean, next: string | null): string {
  if (mustChangePassword) return securityPath(who);
  return safeNext(next) ?? homePath(who);
}

/**
 * The same page in the caller's own area: /app/{other}/profile → /app/{own}/profile.
 * Staff whose name is taken by the admin area go to the admin dashboard.
 */
export function ownAreaPath(pathname: string, who: Who): string {
  const rest = pathname.split('/').slice(3).join('/');
  if (who.userName.toLowerCase() === 'admin' && isStaff(who.role)) return '/app/admin/dashboard';
  return `${userBase(who.userName)}/${rest || 'dashboard'}`;
}
