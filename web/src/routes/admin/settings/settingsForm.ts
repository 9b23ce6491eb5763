import {
  SETTINGS_GROUPS,
  checkSettingsGroups,
  zSiteSettings,
  type SettingsGroup,
  type SiteSettings,
  type SiteSettingsKey,
  type SiteSettingsUpdate,
  type SiteSettingsView,
} from '@contract/settings';
import { FIELD_META, groupFields, isSecretField } from './settingsFields';

/** The Configure modal's form logic: start values, the PUT body, and the server's own checks. */
export type Value = string | boolean | string[];
export type Values = Partial<Record<SiteSettingsKey, Value>>;
export type Errors = Partial<Record<string, string>>;

/** The form starts from the stored values; secrets start blank (write-only). */
export function initialValues(group: SettingsGroup, view: SiteSettingsView): Values {
  const out: Values = {};
  for (const key of groupFields(group)) {
    const meta = FIELD_META[key];
    const v = view[key];
    out[key] =
      meta.kind === 'secret'
        ? ''
        : meta.kind === 'levels'
          ? (v as string[]).join(', ')
          : meta.kind === 'dates'
            ? (v as string[]).join('\n')
            : Array.isArray(v) || typeof v === 'boolean'
              ? v
              : String(v);
  }
  return out;
}

/** A typed list: referral levels in order; dates sorted and once each (the calendar is a set of days). */
function listValue(kind: 'levels' | 'dates', v: Value | undefined): string[] {
  const items = String(v)
    .split(kind === 'levels' ? ',' : /[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return kind === 'levels' ? items : [...new Set(items)].sort();
}

/** What the PUT carries: this group's fields; a blank secret keeps the stored one. */
export function toPatch(group: SettingsGroup, values: Values): SiteSettingsUpdate {
  const patch: Record<string, unknown> = {};
  for (const key of groupFields(group)) {
    const v = values[key];
    const kind = FIELD_META[key].kind;
    patch[key] = kind === 'levels' || kind === 'dates' ? listValue(kind, v) : typeof v === 'string' ? v.trim() : v;
  }
  return patch as SiteSettingsUpdate;
}

/** The same checks as the server: each field's schema, then the group's completeness. */
export function validate(group: SettingsGroup, patch: SiteSettingsUpdate, view: SiteSettingsView): Errors {
  const fields = groupFields(group);
  const withSecrets: Record<string, unknown> = { ...patch };
  const others = fields.filter((f) => !isSecretField(f));
  const emptied =
    SETTINGS_GROUPS[group].allOrNothing &&
    others.every(
      (f) => withSecrets[f] === '' || (Array.isArray(withSecrets[f]) && (withSecrets[f] as unknown[]).length === 0),
    );
  for (const f of fields) if (isSecretField(f) && withSecrets[f] === '') withSecrets[f] = emptied ? '' : view[f];
  const shape = Object.fromEntries(fields.map((f) => [f, true])) as Record<SiteSettingsKey, true>;
  const parsed = zSiteSettings.pick(shape).safeParse(withSecrets);
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  }
  const merged = { ...(view as SiteSettings), ...parsed.data };
  for (const issue of checkSettingsGroups(merged))
    if ((fields as readonly string[]).includes(issue.field)) errors[issue.field] ??= issue.message;
  return errors;
}
