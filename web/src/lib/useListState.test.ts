import { describe, expect, it } from 'vitest';
import { zTransactionListQuery } from '@contract/funds';
import { zInvestmentFilters } from '@contract/investments';
import { NO_FILTERS, readListParams, writeListParams } from './useListState';

const read = (query: string) => readListParams(zTransactionListQuery, new URLSearchParams(query));
const write = (page: number, filters: Parameters<typeof writeListParams<typeof zTransactionListQuery>>[3], base = '') =>
  writeListParams(zTransactionListQuery, new URLSearchParams(base), page, filters).toString();

describe('a list address (page and filters in the URL)', () => {
  it('reads page and each filter through its schema, ignoring unknown values', () => {
    expect(read('page=3&type=withdrawal&status=pending')).toEqual({
      page: 3,
      filters: { type: 'withdrawal', status: 'pending' },
    });
    expect(read('page=-2&type=gift&status=lost')).toEqual({ page: 1, filters: {} });
    expect(read('page=1.5')).toEqual({ page: 1, filters: {} });
    expect(read('')).toEqual({ page: 1, filters: {} });
  });

  it('parses typed filters: numbers and dates from the query schema, bad ones dropped', () => {
    const params = new URLSearchParams('planId=4&userId=x&startDate=2026-02-30&status=running');
    expect(readListParams(zInvestmentFilters, params).filters).toEqual({ planId: 4, status: 'running' });
  });

  it('writes only what differs from the default, keeps other parameters, and round-trips', () => {
    expect(write(1, {})).toBe('');
    expect(write(1, { status: 'completed' })).toBe('status=completed');
    expect(write(2, { type: undefined }, 'tab=history&type=deposit&page=5')).toBe('tab=history&page=2');
    const params = write(4, { type: 'deposit', status: 'failed' });
    expect(params).toBe('type=deposit&status=failed&page=4');
    expect(read(params)).toEqual({ page: 4, filters: { type: 'deposit', status: 'failed' } });
  });
});

describe('two lists on one screen', () => {
  it('each keeps its own page parameter', () => {
    const base = new URLSearchParams('page=3&type=deposit');
    const params = writeListParams(NO_FILTERS, base, 2, {}, 'payouts');
    expect(params.toString()).toBe('page=3&type=deposit&payouts=2');
    expect(readListParams(NO_FILTERS, params, 'payouts').page).toBe(2);
    expect(readListParams(zTransactionListQuery, params)).toEqual({ page: 3, filters: { type: 'deposit' } });
  });
});
