import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts small secrets (site-settings passwords and API keys) with AES-256-GCM. */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const PREFIX = 'v1:';

export function createSecretBox(appSecret: string): SecretBox {
  // A derived key, so the app secret itself never touches the cipher and other uses can derive their own.
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'minevest', 'site-settings-v1', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Unknown secret format');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
