import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/app';

const contact = { name: 'Ada Lovelace', email: 'ada@example.test', message: 'How do I start mining?' };

describe('rateLimitFactor (browser tests only)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitFactor: 2 });
  });
  afterAll(() => t.close());

  it('multiplies a per-IP limit: the contact form takes 2 × 5 messages from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/utils/contact',
            remoteAddress: '10.62.0.1',
            payload: { ...contact, message: `note ${i}` },
          })
        ).statusCode,
      );
    expect(codes).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it('multiplies the login lockout: 2 × 10 wrong passwords from one address on one account, then 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.63.0.1',
        payload: { usernameOrEmail: 'nobody-here', password: 'wrong password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(20).fill(401), 429]);
  });

  it('is read from TEST_RATE_LIMIT_FACTOR only when NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_RATE_LIMIT_FACTOR: '20' }).testRateLimitFactor).toBe(20);
    expect(loadConfig({ NODE_ENV: 'development', TEST_RATE_LIMIT_FACTOR: '20' }).testRateLimitFactor).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'production', TEST_RATE_LIMIT_FACTOR: '20', APP_SECRET: 'x'.repeat(32) })
        .testRateLimitFactor,
    ).toBeUndefined();
  });
});
