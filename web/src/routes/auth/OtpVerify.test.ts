import { describe, expect, it } from 'vitest';
import { tokenSchema } from './OtpVerify';

describe('the login 2FA step', () => {
  it('takes the six digits of the app', () => {
    expect(tokenSchema(false).parse({ token: '123456' })).toEqual({ token: '123456' });
    for (const token of ['', '12345', 'abcde-12345'])
      expect(tokenSchema(false).safeParse({ token }).success).toBe(false);
  });

  it('takes a recovery code with or without its dash, sent trimmed', () => {
    expect(tokenSchema(true).parse({ token: 'abcde-12345 ' })).toEqual({ token: 'abcde-12345' });
    expect(tokenSchema(true).parse({ token: 'ABCDE12345' })).toEqual({ token: 'ABCDE12345' });
    for (const token of ['', '123456', 'abcd-12345'])
      expect(tokenSchema(true).safeParse({ token }).success).toBe(false);
  });
});
