import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

/** A new random TOTP secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    digits: 6,
    algorithm: 'SHA1',
  }).toString();
}

/**
 * RFC 6238 with a ±1 step window. Returns the time step the code belongs to (so callers can
 * refuse a step already used), or null when the code is wrong.
 */
export function matchTotp(secret: string, token: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    digits: 6,
    algorithm: 'SHA1',
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** The current code; used by tests and nothing else. */
export function currentTotp(secret: string, nowMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    digits: 6,
    algorithm: 'SHA1',
    timestamp: nowMs,
  });
}
