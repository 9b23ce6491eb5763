import { eq } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  SECRET_FIELDS,
  SECRET_MASK,
  checkSettingsGroups,
  isBtcpayConfigured,
  isSmtpConfigured,
  zSiteSettings,
  type PublicSettings,
  type SecretField,
  type SiteSettings,
  type SiteSettingsKey,
  type SiteSettingsUpdate,
  type SiteSettingsView,
  SETTINGS_GROUPS,
} from '../../../contract/settings';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import type { SecretBox } from '../../lib/secrets';
import { recordAudit, type AuditActor } from '../audit/service';
import { shortenRunningHolds } from '../users/security-hold';

const SECRETS = new Set<string>(SECRET_FIELDS);
const isSecret = (key: string): key is SecretField => SECRETS.has(key);

interface Loaded {
  settings: SiteSettings;
  updatedAt: Date | null;
}

/**
 * The site-settings store. Reads are cached for a second so hot paths (maintenance mode,
 * referral levels) do not hit the database on every request, while several app instances
 * still see a change almost at once.
 */
export class SettingsStore {
  private cache: { at: number; value: Loaded } | null = null;
  /** Bumped by every write: a read that began before it must not cache what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly ttlMs = 1000,
  ) {}

  /** Effective settings: stored values over typed defaults, secrets decrypted. Server-side only. */
  async get(): Promise<SiteSettings> {
    return (await this.load()).settings;
  }

  private async load(): Promise<Loaded> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < this.ttlMs) return this.cache.value;
    const generation = this.generation;
    const [row] = await this.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    const value = { settings: this.decode(row?.values ?? {}), updatedAt: row?.updatedAt ?? null };
    // A write that landed meanwhile dropped the cache; putting this older row back would undo that for a whole TTL.
    if (generation === this.generation) this.cache = { at: now, value };
    return value;
  }

  /** Stored JSON to typed settings; a field that no longer validates falls back to its default. */
  private decode(stored: Record<string, unknown>): SiteSettings {
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as SiteSettingsKey[]) {
      if (!(key in stored)) continue;
      let value = stored[key];
      if (isSecret(key) && typeof value === 'string' && value !== '') {
        try {
          value = this.box.decrypt(value);
        } catch {
          this.log.warn({ key }, 'stored secret cannot be decrypted with this APP_SECRET; treating it as unset');
          value = '';
        }
      }
      const parsed = zSiteSettings.shape[key].safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else this.log.warn({ key }, 'stored setting is invalid; using its default');
    }
    return out as SiteSettings;
  }

  /** What an admin sees: every field, secrets masked. */
  async view(): Promise<SiteSettingsView> {
    const { settings, updatedAt } = await this.load();
    const masked: Record<string, unknown> = { ...settings };
    for (const key of SECRET_FIELDS) masked[key] = settings[key] ? SECRET_MASK : '';
    return {
      ...(masked as SiteSettings),
      smtpConfigured: isSmtpConfigured(settings),
      btcpayConfigured: isBtcpayConfigured(settings),
      updatedAt: updatedAt ? updatedAt.toISOString() : null,
    };
  }

  async publicView(): Promise<PublicSettings> {
    const s = await this.get();
    return {
      siteName: s.siteName,
      siteUrl: s.siteUrl,
      defaultCurrency: s.defaultCurrency,
      supportEmail: s.supportEmail,
      liveChatWidgetId: s.liveChatWidgetId,
      // Only providers with a client to sign in through: a button must lead somewhere.
      socialProviders: s.socialProviders.filter((p) => s[`${p}ClientId`] && s[`${p}ClientSecret`]),
      maintenanceMode: s.maintenanceMode,
    };
  }

  /**
   * Applies a change. A blank or masked secret keeps the stored one, unless the rest of its
   * group is being emptied (an empty group means "not configured", secret included). The
   * merged result must pass every group's check, else nothing is written.
   * Throws VALIDATION_FAILED (400) listing each failing field.
   */
  async update(patch: SiteSettingsUpdate, by: AuditActor | number): Promise<SiteSettingsView> {
    // A bare id is a caller outside a request (scripts, tests): still recorded, without name or IP.
    const actor: AuditActor = typeof by === 'number' ? { userId: by, userName: '', role: '', ip: '' } : by;
    const actorId = actor.userId;
    const current = await this.get();
    const merged: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (isSecret(key) && (value === '' || value === SECRET_MASK)) continue;
      merged[key] = value;
    }
    for (const group of Object.values(SETTINGS_GROUPS)) {
      const others = group.fields.filter((f) => !isSecret(f));
      const groupEmptied =
        group.allOrNothing &&
        others.every((f) => merged[f] === '' || (Array.isArray(merged[f]) && (merged[f] as unknown[]).length === 0));
      if (groupEmptied) for (const f of group.fields) if (isSecret(f)) merged[f] = '';
    }
    const parsed = zSiteSettings.safeParse(merged);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      throw validationFailed(details[0]!.message, details);
    }
    const groupIssues = checkSettingsGroups(parsed.data);
    if (groupIssues.length > 0) throw validationFailed(groupIssues[0]!.message, groupIssues);

    const stored: Record<string, unknown> = { ...parsed.data };
    for (const key of SECRET_FIELDS) {
      const plain = parsed.data[key];
      stored[key] = plain ? this.box.encrypt(plain) : '';
    }
    const now = new Date();
    const { before, after } = settingsChange(current, parsed.data);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ id: 1, values: stored, updatedAt: now, updatedBy: actorId })
        .onConflictDoUpdate({ target: siteSettings.id, set: { values: stored, updatedAt: now, updatedBy: actorId } });
      await recordAudit(tx, actor, { action: 'settings.update', targetType: 'settings', targetId: 1, before, after });
      // A shorter hold applies to the holds already running too, not only to the next ones.
      await shortenRunningHolds(tx, current.securityHoldHours, parsed.data.securityHoldHours, now);
    });
    this.generation += 1;
    this.cache = null;
    return this.view();
  }
}

/**
 * The fields a change touches, old and new. A secret never enters the record: only whether
 * it was set before and after (a changed secret shows as the mask with "(changed)").
 */
export function settingsChange(
  current: SiteSettings,
  next: SiteSettings,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next) as SiteSettingsKey[]) {
    const a = current[key];
    const b = next[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (isSecret(key)) {
      before[key] = a ? SECRET_MASK : '';
      after[key] = b ? `${SECRET_MASK} (changed)` : '';
    } else {
      before[key] = a;
      after[key] = b;
    }
  }
  return { before, after };
}
