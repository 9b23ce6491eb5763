import { describe, expect, it } from 'vitest';
import { readHistoryParams, writeHistoryParams } from './transactionFilters';

describe('Transactions History address', () => {
  it('reads page, type and status, ignoring unknown values', () => {
    expect(readHistoryParams(new URLSearchParams('page=3&type=withdrawal&status=pending'))).toEqual({
      page: 3,
      filters: { type: 'withdrawal', status: 'pending' },
    });
    expect(readHistoryParams(new URLSearchParams('page=-2&type=gift&status=lost'))).toEqual({ page: 1, filters: {} });
    expect(readHistoryParams(new URLSearchParams('page=1.5'))).toEqual({ page: 1, filters: {} });
    expect(readHistoryParams(new URLSearchParams(''))).toEqual({ page: 1, filters: {} });
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(writeHistoryParams(1, {}).toString()).toBe('');
    expect(writeHistoryParams(1, { status: 'completed' }).toString()).toBe('status=completed');
    const params = writeHistoryParams(4, { type: 'deposit', status: 'failed' });
    expect(params.toString()).toBe('type=deposit&status=failed&page=4');
    expect(readHistoryParams(params)).toEqual({ page: 4, filters: { type: 'deposit', status: 'failed' } });
  });
});
