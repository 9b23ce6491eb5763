import { describe, expect, it } from 'vitest';
import { disableProof, zAppCode } from './TwoFactor';

describe('turning 2FA off', () => {
  it('with the code field shown, waits for six digits and sends only the code', () => {
    expect(disableProof(false).safeParse({ token: '12345', password: 'secret' }).success).toBe(false);
    expect(disableProof(false).parse({ token: '123456', password: 'secret' })).toEqual({ token: '123456' });
  });

  it('with the password field shown, sends only the password, as typed', () => {
    expect(disableProof(true).safeParse({ token: '123456', password: '' }).success).toBe(false);
    expect(disableProof(true).parse({ token: '123456', password: ' pass word ' })).toEqual({ password: ' pass word ' });
  });
});

describe('the code of the setup and recovery-code screens', () => {
  it('is the six digits the app shows', () => {
    expect(zAppCode.parse({ token: '012345' })).toEqual({ token: '012345' });
    for (const token of ['', '12345', '1234567']) expect(zAppCode.safeParse({ token }).success).toBe(false);
  });
});
