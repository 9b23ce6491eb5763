import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Mailer } from './integrations/mailer';
import type { SecretBox } from './lib/secrets';
import type { SettingsStore } from './modules/settings/service';
import type { FileStorage } from './modules/storage/storage';
import { DEFAULT_SETTINGS } from '../contract/settings';

/** What route modules need from the app, built once in buildApp. */
export interface ServerContext {
  db: Db;
  box: SecretBox;
  settings: SettingsStore;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string | undefined;
  /** Uploaded files (avatars, KYC documents), shared by every instance. */
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** Where links in emails point: the admin's frontendUrl once set, else PUBLIC_URL, else the default. */
export async function siteLinkBase(ctx: ServerContext): Promise<string> {
  const s = await ctx.settings.get();
  const base = s.frontendUrl !== DEFAULT_SETTINGS.frontendUrl ? s.frontendUrl : (ctx.publicUrl ?? s.frontendUrl);
  return base.replace(/\/+$/, '');
}
