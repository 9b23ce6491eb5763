import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (OWASP's recommended memory and time cost). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: ARGON2ID });
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password; with no stored hash (unknown account) it still spends the same work on
 * a dummy hash, so response time does not reveal whether an account exists.
 */
export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  const target = stored ?? (await dummy);
  try {
    const ok = await verify(target, plain);
    return stored !== null && ok;
  } catch {
    return false;
  }
}
