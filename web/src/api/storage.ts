import type { SessionUser } from '@contract/auth';

/**
 * Browser-side memory of the login state. The session cookie is HttpOnly, so the app keeps
 * a hint that a login happened: visitors who never logged in are not probed on every page.
 */
const HINT_KEY = 'signed-in';
const PENDING_KEY = 'pending-2fa';
/** The server's two-factor challenge lives 5 minutes. */
export const PENDING_2FA_TTL_MS = 5 * 60_000;

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    // Storage blocked: always ask the server.
    return true;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Not remembered; the server stays the authority.
  }
}

/** A password step that passed and now waits for the second factor (spec §4 Auth). */
export interface Pending2fa {
  tempToken: string;
  user: SessionUser;
  /** Where to go after the code, when the login started from a guarded page. */
  next: string | null;
  expiresAt: number;
}

export function savePending2fa(pending: Omit<Pending2fa, 'expiresAt'>, now = Date.now()): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...pending, expiresAt: now + PENDING_2FA_TTL_MS }));
  } catch {
    // Without storage the OTP screen sends the user back to the login.
  }
}

export function readPending2fa(now = Date.now()): Pending2fa | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Pending2fa>;
    if (
      typeof value.tempToken !== 'string' ||
      typeof value.expiresAt !== 'number' ||
      !value.user ||
      value.expiresAt <= now
    )
      return null;
    return {
      tempToken: value.tempToken,
      user: value.user,
      next: typeof value.next === 'string' ? value.next : null,
      expiresAt: value.expiresAt,
    };
  } catch {
    return null;
  }
}

/**
 * A social sign-in whose account has two-factor on arrives at the OTP screen as
 * `#social=<base64url JSON {tempToken, user}>` (the server's callback); keep it as the
 * pending step. Answers whether the hash held one.
 */
export function adoptSocialPending2fa(hash: string, now = Date.now()): boolean {
  const match = /^#social=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return false;
  try {
    const json = atob(match[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const value = JSON.parse(json) as Partial<Pending2fa>;
    if (typeof value.tempToken !== 'string' || !value.user) return false;
    savePending2fa({ tempToken: value.tempToken, user: value.user, next: null }, now);
    return true;
  } catch {
    return false;
  }
}

export function clearPending2fa(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored.
  }
}
