import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * APP_SECRET from the environment; in development, one generated once into the data
 * directory so restarts can still read the secrets they encrypted. Production must set it.
 */
export function resolveAppSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  if (config.env === 'production') throw new Error('APP_SECRET is required in production (at least 32 characters).');
  const file = path.join(config.dataDir, 'app-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
