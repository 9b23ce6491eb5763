import { describe, expect, it } from 'vitest';
import { actionLabel, changedFields, showValue } from './auditDiff';

describe('changedFields', () => {
  it('lists only the fields whose value changed', () => {
    expect(changedFields({ status: 'pending', amount: 40 }, { status: 'settled', amount: 40 })).toEqual([
      { field: 'status', before: 'pending', after: 'settled' },
    ]);
  });
  it('a creation lists every field set, a deletion every field removed', () => {
    expect(changedFields(null, { name: 'Gold', duration: 30 })).toEqual([
      { field: 'name', before: undefined, after: 'Gold' },
      { field: 'duration', before: undefined, after: 30 },
    ]);
    expect(changedFields({ name: 'Gold' }, null)).toEqual([{ field: 'name', before: 'Gold', after: undefined }]);
  });
  it('compares nested values by content', () => {
    expect(changedFields({ levels: [5, 2] }, { levels: [5, 2] })).toEqual([]);
    expect(changedFields({ levels: [5, 2] }, { levels: [5, 3] })).toHaveLength(1);
  });
  it('nothing before or after is no change', () => {
    expect(changedFields(null, null)).toEqual([]);
  });
});

describe('showValue / actionLabel', () => {
  it('shows text as is, empty and absent clearly, the rest as JSON', () => {
    expect([
      showValue('x', '(empty)'),
      showValue('', '(empty)'),
      showValue(undefined, '(empty)'),
      showValue(12.5, '(empty)'),
      showValue(false, '(empty)'),
      showValue([1, 2], '(empty)'),
    ]).toEqual(['x', '(empty)', '—', '12.5', 'false', '[1,2]']);
    expect(actionLabel('deposit.approve')).toBe('Deposit approved');
    expect(actionLabel('user.security_hold_end')).toBe('Security hold ended');
    // A code the catalogue does not know yet still reads as words, never as a dotted code.
    expect(actionLabel('widget.frob_all')).toBe('Widget frob all');
  });
});
