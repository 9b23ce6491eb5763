import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----minevest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('avatar upload', () => {
  it('stores a real image and serves it to its owner and staff only', async () => {
    const a = await signIn(t.database);
    const b = await signIn(t.database);
    const mod = await signIn(t.database, 'moderator');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${a.userId}/profile-image`,
      cookies: a.cookie,
      ...multipart('profileImage', 'me.txt', 'text/plain', PNG),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile image updated successfully');
    const url: string = res.json().profileImage;
    expect(url).toMatch(new RegExp(`^/api/users/${a.userId}/profile-image/${a.userId}-[0-9a-f]{16}\\.png$`));
    const own = await t.app.inject({ method: 'GET', url, cookies: a.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, cookies: mod.cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, cookies: b.cookie })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${a.userId}/profile-image/..%2F..%2Fapp-secret`,
          cookies: a.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("refuses a non-image named .png, an oversized file, another user's avatar and the wrong field", async () => {
    const a = await signIn(t.database);
    const b = await signIn(t.database);
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/users/${a.userId}/profile-image`,
      cookies: a.cookie,
      ...multipart('profileImage', 'x.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Please upload a JPEG, PNG, GIF or WebP image of at most 2 MB');
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/users/${a.userId}/profile-image`,
      cookies: a.cookie,
      ...multipart('profileImage', 'x.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)])),
    });
    expect(big.statusCode).toBe(413);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/users/${b.userId}/profile-image`,
      cookies: a.cookie,
      ...multipart('profileImage', 'x.png', 'image/png', PNG),
    });
    expect(other.statusCode).toBe(403);
    const field = await t.app.inject({
      method: 'POST',
      url: `/api/users/${a.userId}/profile-image`,
      cookies: a.cookie,
      ...multipart('avatar', 'x.png', 'image/png', PNG),
    });
    expect(field.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${a.userId}/profile-image`,
      cookies: a.cookie,
      payload: { x: 1 },
    });
    expect(json.statusCode).toBe(400);
  });

  it('other routes still refuse multipart bodies', async () => {
    const a = await signIn(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${a.userId}`,
      cookies: a.cookie,
      ...multipart('firstName', 'x', 'text/plain', Buffer.from('x')),
    });
    expect(res.statusCode).toBe(415);
  });
});
