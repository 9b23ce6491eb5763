import { describe, expect, it } from 'vitest';
import { badgeText, NotificationMsg, zSendToAll, zSendToUser } from './notifications';

describe('notification contract', () => {
  it('caps the bell badge at 99+ (spec §9)', () => {
    expect([0, 1, 99, 100, 12_345].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('reads the spec’s send messages', () => {
    const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.success ? null : r.error!.issues[0]!.message;
    expect(first(zSendToAll.safeParse({}))).toBe(NotificationMsg.messageRequired);
    expect(first(zSendToAll.safeParse({ message: ' \n ' }))).toBe(NotificationMsg.messageEmpty);
    expect(first(zSendToUser.safeParse({ message: 'hi' }))).toBe(NotificationMsg.userIdRequired);
    expect(first(zSendToUser.safeParse({ userId: -3, message: 'hi' }))).toBe(NotificationMsg.userIdRequired);
    expect(zSendToUser.parse({ userId: '7', message: '  hi  ' })).toEqual({ userId: 7, message: 'hi' });
    expect(zSendToAll.parse({ message: 'x' })).toEqual({ message: 'x', includeLaterUsers: false });
  });
});
