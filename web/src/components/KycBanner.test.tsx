import { describe, expect, it } from 'vitest';
import { kycNeededFor } from './KycBanner';
import { checkFile } from '../routes/app/verification/VerificationForm';
import '../test/i18n';

describe('what identity verification is needed for', () => {
  it('names the gates the site has switched on', () => {
    expect(kycNeededFor({ forWithdrawal: true, aboveInvestment: null })).toBe(
      'You need a verified identity to withdraw.',
    );
    expect(kycNeededFor({ forWithdrawal: true, aboveInvestment: 5000 })).toBe(
      'You need a verified identity to withdraw or invest more than $5,000.00 at once.',
    );
    expect(kycNeededFor({ forWithdrawal: false, aboveInvestment: null })).toBe(
      'Verifying your identity keeps your account and payouts safe.',
    );
  });
});

describe('upload checks before sending', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
  it('needs a file of an accepted type, at most 5 MB', () => {
    expect(checkFile('document', null)).toBe('Please upload an image or PDF of your identity document');
    expect(checkFile('selfie', null)).toBe('Please upload a selfie holding your document');
    expect(checkFile('document', file('image/gif', 10))).toBe('Files must be JPEG, PNG, WebP images or PDF documents');
    expect(checkFile('document', file('application/pdf', 5 * 1024 * 1024 + 1))).toBe('Each file must be at most 5 MB');
    expect(checkFile('selfie', file('image/png', 100))).toBeUndefined();
  });
});
