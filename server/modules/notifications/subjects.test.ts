import { describe, expect, it } from 'vitest';
import { noticeSubject } from './subjects';

describe('notification email subjects', () => {
  it('name the event, one subject per notice; security notices say so first', () => {
    expect(noticeSubject('MineVest', 'deposit.settled', 'deposit')).toBe('MineVest: Your deposit was credited');
    expect(noticeSubject('MineVest', 'withdrawal.invalid', 'withdrawal')).toBe(
      'MineVest: Your withdrawal was rejected',
    );
    expect(noticeSubject('MineVest', 'security.newDevice', 'security')).toBe(
      'MineVest security alert: New sign-in to your account',
    );
    expect(noticeSubject('MineVest', 'text', 'system')).toBe('MineVest: A message from the team');
    expect(noticeSubject('MineVest', 'text', 'security')).toBe('MineVest security alert');
    const keys = ['deposit.settled', 'deposit.invalid', 'withdrawal.settled', 'withdrawal.invalid', 'kyc.approved'];
    expect(new Set(keys.map((k) => noticeSubject('S', k, 'x'))).size).toBe(keys.length);
  });
});
