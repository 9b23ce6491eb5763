import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationMsg } from '@contract/notifications';
import type { UserSummary } from '../../../api/adminFunds';
import { useSendNotificationForm } from './SendNotificationModal';
import { mount, network } from '../../../test/formHook';
import '../../../test/i18n';

const reader: UserSummary = {
  id: 9,
  userName: 'rita',
  firstName: 'Rita',
  lastName: 'Reed',
  email: 'rita@example.test',
  role: 'user',
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('send notification form', () => {
  it('tells an empty message from one of spaces and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => useSendNotificationForm(() => {}));
    await f.submit();
    expect(f.form.getFieldState('message').error?.message).toBe(NotificationMsg.messageRequired);
    f.form.setValue('message', '   ');
    await f.submit();
    expect(f.form.getFieldState('message').error?.message).toBe(NotificationMsg.messageEmpty);
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('asks for the user when sending to one, and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => useSendNotificationForm(() => {}));
    f.form.setValue('to', 'user');
    f.form.setValue('message', 'Hello');
    await f.submit();
    expect(f.form.getFieldState('user').error?.message).toBe(NotificationMsg.userIdRequired);
    expect(f.form.getFieldState('message').error).toBeUndefined();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('sends a broadcast as typed, with the later-users switch', async () => {
    const { requests, sent } = network({ success: true, message: NotificationMsg.sent, notificationId: 1 });
    const f = mount(() => useSendNotificationForm(() => {}));
    f.form.setValue('message', ' Maintenance tonight ');
    f.form.setValue('includeLaterUsers', true);
    await f.submit();
    await sent;
    expect(requests).toEqual([
      {
        url: '/api/notifications/send-all',
        method: 'POST',
        body: { message: ' Maintenance tonight ', includeLaterUsers: true },
      },
    ]);
  });

  it("sends to one user by id, without the broadcast's switch", async () => {
    const { requests, sent } = network({ success: true, message: NotificationMsg.sent, notificationId: 2 });
    const f = mount(() => useSendNotificationForm(() => {}));
    f.form.setValue('to', 'user');
    f.form.setValue('user', reader);
    f.form.setValue('includeLaterUsers', true);
    f.form.setValue('message', 'Your KYC was approved');
    await f.submit();
    await sent;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual({
      url: '/api/notifications/send-user',
      method: 'POST',
      body: { userId: 9, message: 'Your KYC was approved' },
    });
  });
});
