import { describe, expect, it } from 'vitest';
import { activeHold, securityScore } from './securityScore';

describe('securityScore', () => {
  it('is Strong only with a chosen password, a confirmed email and 2FA', () => {
    expect(securityScore({ mustChangePassword: false, isEmailVerified: true, twoFactorEnabled: true })).toMatchObject({
      percent: 100,
      label: 'Strong',
    });
  });

  it('rates the missing pieces lower', () => {
    expect(securityScore({ mustChangePassword: false, isEmailVerified: false, twoFactorEnabled: true })).toMatchObject({
      percent: 80,
      label: 'Good',
    });
    expect(securityScore({ mustChangePassword: false, isEmailVerified: true, twoFactorEnabled: false })).toMatchObject({
      percent: 60,
      label: 'Fair',
    });
    expect(securityScore({ mustChangePassword: false, isEmailVerified: false, twoFactorEnabled: false })).toMatchObject(
      { percent: 40, label: 'Weak' },
    );
    expect(securityScore({ mustChangePassword: true, isEmailVerified: false, twoFactorEnabled: false })).toMatchObject({
      percent: 0,
      label: 'Weak',
    });
  });

  it('lists each fact it used', () => {
    const { checks } = securityScore({ mustChangePassword: false, isEmailVerified: true, twoFactorEnabled: false });
    expect(checks.map((c) => c.ok)).toEqual([true, true, false]);
  });
});

describe('activeHold', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  it('is the end of a hold still running, else null', () => {
    expect(activeHold('2025-01-02T00:00:00Z', now)?.toISOString()).toBe('2025-01-02T00:00:00.000Z');
    expect(activeHold('2024-12-31T00:00:00Z', now)).toBeNull();
    expect(activeHold(null, now)).toBeNull();
  });
});
