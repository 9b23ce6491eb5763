import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, PayoutRulesMsg, SECRET_MASK, type SiteSettingsView } from '@contract/settings';
import { useGroupForm } from './SettingsGroupModal';
import { mount, network } from '../../../test/formHook';
import '../../../test/i18n';

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

  it('refuses payout rules that disagree, on the field, and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => useGroupForm('withdrawals', view, true, () => {}));
    f.form.setValue('autoApproveMax', '600');
    f.form.setValue('autoApproveDailyMax', '500');
    f.form.setValue('fourEyesWithdrawalMin', '500');
    f.form.setValue('payoutMode', 'btcpay');
    await f.submit();
    expect(f.form.getFieldState('autoApproveMax').error?.message).toBe(PayoutRulesMsg.autoAboveFourEyes(50_000n));
    expect(f.form.getFieldState('autoApproveDailyMax').error?.message).toBe(PayoutRulesMsg.dailyBelowMax(60_000n));
    expect(f.form.getFieldState('payoutMode').error?.message).toBe(PayoutRulesMsg.btcpayNotConfigured);
    expect(requests).toEqual([]);
  });

  it('sends the payout rules with the rest of the Withdrawals group', async () => {
    const { requests, sent } = network(view);
    const f = mount(() =>
      useGroupForm('withdrawals', { ...view, btcpayServerUrl: 'https://pay.test' }, true, () => {}),
    );
    f.form.setValue('payoutMode', 'btcpay');
    f.form.setValue('autoApproveMax', ' 250.50 ');
    f.form.setValue('autoApproveDailyMax', '1000');
    f.form.setValue('autoApproveMinAccountDays', '30');
    f.form.setValue('fourEyesWithdrawalMin', '5000');
    f.form.setValue('fourEyesDepositMin', '10000');
    f.form.setValue('payoutStuckHours', '6');
    await f.submit();
    await sent;
    expect(requests[0]?.body).toMatchObject({
      payoutMode: 'btcpay',
      autoApproveMax: '250.50',
      autoApproveDailyMax: '1000',
      autoApproveMinAccountDays: '30',
      fourEyesWithdrawalMin: '5000',
      fourEyesDepositMin: '10000',
      payoutStuckHours: '6',
    });
  });

  it('saves nothing for a viewer who may not change settings', async () => {
    const { requests } = network({});
    const f = mount(() => useGroupForm('api', view, false, () => {}));
    await f.submit();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });
});
