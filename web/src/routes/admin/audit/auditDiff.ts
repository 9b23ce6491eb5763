/** One changed field of an audit record: its value before and after (undefined = absent). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between `before` and `after`. A creation (no before) lists every
 * field it set, a deletion (no after) every field it removed; unchanged fields are left out.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after))
    return same(before, after) ? [] : [{ field: 'value', before: before ?? undefined, after: after ?? undefined }];
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => !same(a[k], b[k])).map((field) => ({ field, before: a[field], after: b[field] }));
}

/**
 * A value as a person reads it: text as is (`empty`, "(empty)", for none), the rest as compact JSON; absent as an
 * em dash.
 */
export function showValue(value: unknown, empty: string): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? empty : value;
  return JSON.stringify(value);
}

/**
 * "deposit.approve" -> "Deposit approved": the contract's English words for each action (its code's words
 * otherwise). The screens say it in the active language (useAuditWords).
 */
export { auditActionLabel as actionLabel } from '@contract/audit';
