import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(40));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.encrypt('hunter2');
    const b = box.encrypt('hunter2');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hunter2');
    expect(box.decrypt(a)).toBe('hunter2');
  });

  it('refuses tampered text and a different app secret', () => {
    const sealed = box.encrypt('api-key');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.decrypt('v1:' + raw.toString('base64'))).toThrow();
    expect(() => createSecretBox('b'.repeat(40)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('plain')).toThrow(/Unknown secret format/);
  });
});
