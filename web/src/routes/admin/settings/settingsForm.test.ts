import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SECRET_MASK, type SiteSettingsView } from '@contract/settings';
import { initialValues, toPatch, validate } from './settingsForm';

const view = (over: Partial<SiteSettingsView> = {}): SiteSettingsView => ({
  ...DEFAULT_SETTINGS,
  smtpConfigured: false,
  btcpayConfigured: false,
  updatedAt: null,
  ...over,
});

describe('settings Configure form', () => {
  it('starts secrets blank (write-only) and lists as comma-separated text', () => {
    const v = initialValues(
      'email',
      view({ smtpHost: 'smtp.test', smtpPort: 587, smtpPass: SECRET_MASK, fromEmail: 'a@b.test' }),
    );
    expect(v).toMatchObject({ smtpHost: 'smtp.test', smtpPort: '587', smtpPass: '' });
    expect(initialValues('operations', view()).referralLevels).toBe('5, 2, 1');
  });

  it('sends only the group, trimmed, with levels as a list and a blank secret left blank (kept by the server)', () => {
    const patch = toPatch('operations', { ...initialValues('operations', view()), referralLevels: ' 4, 2 ,, 1 ' });
    expect(patch.referralLevels).toEqual(['4', '2', '1']);
    expect(Object.keys(patch).sort()).toEqual([
      'accrualIntervalMinutes',
      'holidays',
      'maintenanceMode',
      'referralLevels',
      'requireStaffSecondFactor',
      'requireVerifiedEmailToLogin',
      'securityHoldHours',
    ]);
    const email = toPatch('email', {
      smtpHost: ' smtp.test ',
      smtpPort: '587',
      smtpUser: '',
      smtpPass: '',
      fromEmail: 'a@b.test',
    });
    expect(email).toEqual({
      smtpHost: 'smtp.test',
      smtpPort: '587',
      smtpUser: '',
      smtpPass: '',
      fromEmail: 'a@b.test',
    });
  });

  it('reads holidays one a line and sends them sorted, once each; refuses a date that is not YYYY-MM-DD', () => {
    const stored = view({ holidays: ['2031-12-25', '2032-01-01'] });
    expect(initialValues('operations', stored).holidays).toBe('2031-12-25\n2032-01-01');
    const patch = toPatch('operations', {
      ...initialValues('operations', stored),
      holidays: '2032-01-01, 2031-12-26\n2031-12-25  2031-12-26\n',
    });
    expect(patch.holidays).toEqual(['2031-12-25', '2031-12-26', '2032-01-01']);
    expect(validate('operations', patch, stored)).toEqual({});
    const bad = toPatch('operations', { ...initialValues('operations', stored), holidays: '25/12/2031' });
    expect(validate('operations', bad, stored)).toEqual({ holidays: 'Holidays must be dates written YYYY-MM-DD' });
  });

  it('checks fields like the server: formats, ranges and a half-filled group', () => {
    expect(
      validate(
        'general',
        { siteName: 'X', siteUrl: 'not a url', frontendUrl: 'http://x.test', defaultCurrency: 'USD', supportEmail: '' },
        view(),
      ),
    ).toEqual({ siteUrl: 'Must be an http(s) URL' });
    expect(
      validate(
        'general',
        {
          siteName: '',
          siteUrl: 'http://x.test',
          frontendUrl: 'http://x.test',
          defaultCurrency: 'USD',
          supportEmail: '',
        },
        view(),
      ),
    ).toEqual({ siteName: 'This field is required' });
    const half = validate(
      'email',
      { smtpHost: 'smtp.test', smtpPort: '', smtpUser: '', smtpPass: '', fromEmail: '' },
      view(),
    );
    expect(Object.keys(half).sort()).toEqual(['fromEmail', 'smtpPort']);
    // An emptied group is "not configured": valid.
    expect(
      validate(
        'email',
        { smtpHost: '', smtpPort: '', smtpUser: '', smtpPass: '', fromEmail: '' },
        view({ smtpPass: SECRET_MASK }),
      ),
    ).toEqual({});
  });

  it('accepts a configured payment group whose secrets stay stored (left blank)', () => {
    const stored = view({
      btcpayServerUrl: 'https://pay.test',
      btcpayApiKey: SECRET_MASK,
      btcpayStoreId: 's1',
      btcpayWebhookSecret: SECRET_MASK,
      btcpayOrderReturnUrl: 'https://site.test',
    });
    const patch = toPatch('payment', initialValues('payment', stored));
    expect(patch.btcpayApiKey).toBe('');
    expect(validate('payment', patch, stored)).toEqual({});
    // Without a stored key the blank one is missing.
    expect(validate('payment', patch, { ...stored, btcpayApiKey: '' })).toHaveProperty('btcpayApiKey');
  });
});
