import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/i18n';
import { createStaticI18n } from '../../../i18n/static';
import { kycNeededFor } from './kycWords';

describe('what identity verification is needed for, in words', () => {
  const t = testI18n.getFixedT('en', 'account');
  it('names the gates the site has switched on, one whole sentence each', () => {
    expect(kycNeededFor(t, { forWithdrawal: true, aboveInvestment: null })).toBe(
      'You need a verified identity to withdraw.',
    );
    expect(kycNeededFor(t, { forWithdrawal: true, aboveInvestment: 5000 })).toBe(
      'You need a verified identity to withdraw or invest more than $5,000.00 at once.',
    );
    expect(kycNeededFor(t, { forWithdrawal: false, aboveInvestment: 250 })).toBe(
      'You need a verified identity to invest more than $250.00 at once.',
    );
    expect(kycNeededFor(t, { forWithdrawal: false, aboveInvestment: null })).toBe(
      'Verifying your identity keeps your account and payouts safe.',
    );
  });

  it("is written in the reader's language", () => {
    const ru = createStaticI18n('ru').getFixedT('ru', 'account');
    expect(kycNeededFor(ru, { forWithdrawal: true, aboveInvestment: null })).toBe(
      'Подтверждённая личность нужна, чтобы выводить средства.',
    );
  });
});
