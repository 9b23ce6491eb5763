import type { Profile } from '@contract/users';

export interface SecurityCheck {
  /** Which fact: the screen names it in the reader's language. */
  id: 'password' | 'email' | 'twoFactor';
  ok: boolean;
  weight: number;
}

export interface SecurityScore {
  percent: number;
  label: 'Weak' | 'Fair' | 'Good' | 'Strong';
  checks: SecurityCheck[];
}

/**
 * Account protection from real facts (instead of the spec's fixed 85 % "Strong"):
 * a password the user chose, a confirmed email (recovery channel), and two-factor sign-in.
 */
export function securityScore(
  p: Pick<Profile, 'mustChangePassword' | 'isEmailVerified' | 'twoFactorEnabled'>,
): SecurityScore {
  const checks: SecurityCheck[] = [
    { id: 'password', ok: !p.mustChangePassword, weight: 40 },
    { id: 'email', ok: p.isEmailVerified, weight: 20 },
    { id: 'twoFactor', ok: p.twoFactorEnabled, weight: 40 },
  ];
  const percent = Math.min(
    100,
    checks.reduce((sum, c) => sum + (c.ok ? c.weight : 0), 0),
  );
  const label = percent >= 100 ? 'Strong' : percent >= 80 ? 'Good' : percent >= 60 ? 'Fair' : 'Weak';
  return { percent, label, checks };
}

/** The hold on withdrawals after a security change, when it is still running. */
export function activeHold(securityHoldUntil: string | null, now: number): Date | null {
  if (!securityHoldUntil) return null;
  const until = new Date(securityHoldUntil);
  return until.getTime() > now ? until : null;
}
