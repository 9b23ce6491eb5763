import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SECRET_MASK, type SiteSettingsView } from '@contract/settings';
import { useGroupForm } from './SettingsGroupModal';
import { mount, network } from '../../../test/formHook';

const view: SiteSettingsView = {
  ...DEFAULT_SETTINGS,
  adminCode: SECRET_MASK,
  smtpConfigured: false,
  btcpayConfigured: false,
  updatedAt: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('settings Configure form', () => {
  it("refuses a value out of the contract's range with its message and sends nothing", async () => {
    const { requests } = network({});
    const f = mount(() => useGroupForm('api', view, true, () => {}));
    f.form.setValue('priceRefreshSeconds', '5');
    await f.submit();
    expect(f.form.getFieldState('priceRefreshSeconds').error?.message).toBe('Too small: expected number to be >=10');
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('refuses a half-filled email group field by field', async () => {
    network({});
    const f = mount(() => useGroupForm('email', view, true, () => {}));
    f.form.setValue('smtpHost', 'smtp.test');
    await f.submit();
    const required = 'Required to configure email settings (or clear the whole group)';
    expect(f.form.getFieldState('smtpPort').error?.message).toBe(required);
    expect(f.form.getFieldState('fromEmail').error?.message).toBe(required);
    expect(f.form.getFieldState('smtpHost').error).toBeUndefined();
    expect(f.mutations()).toHaveLength(0);
  });

  it('sends the group trimmed, a blank secret left blank so the stored one stays', async () => {
    const { requests, sent } = network(view);
    const f = mount(() => useGroupForm('api', view, true, () => {}));
    f.form.setValue('priceRefreshSeconds', ' 60 ');
    await f.submit();
    await sent;
    expect(requests).toEqual([
      {
        url: '/api/utils/site-settings',
        method: 'PUT',
        body: {
          coingeckoEndpoint: DEFAULT_SETTINGS.coingeckoEndpoint,
          priceRefreshSeconds: '60',
          adminCode: '',
          liveChatWidgetId: '',
          telegramBotToken: '',
        },
      },
    ]);
  });

  it('saves nothing for a viewer who may not change settings', async () => {
    const { requests } = network({});
    const f = mount(() => useGroupForm('api', view, false, () => {}));
    await f.submit();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });
});
