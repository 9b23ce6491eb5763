import { describe, expect, it } from 'vitest';
import { zTransactionListQuery } from '@contract/funds';
import { zInvestmentFilters } from '@contract/investments';
import { zKycQueueQuery } from '@contract/kyc';
import { ALL, NO_FILTERS, readListParams, writeListParams } from './useListState';

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

describe('a filter with a default (the KYC queue opens on pending)', () => {
  const defaults = { status: 'pending' } as const;
  const readKyc = (query: string) => readListParams(zKycQueueQuery, new URLSearchParams(query), 'page', defaults);
  const writeKyc = (page: number, filters: Parameters<typeof writeListParams<typeof zKycQueueQuery>>[3]) =>
    writeListParams(zKycQueueQuery, new URLSearchParams(), page, filters, 'page', defaults).toString();

  it('reads an absent or unknown value as the default and `all` as no filter', () => {
    expect(readKyc('')).toEqual({ page: 1, filters: { status: 'pending' } });
    expect(readKyc('status=lost')).toEqual({ page: 1, filters: { status: 'pending' } });
    expect(readKyc('status=approved&page=2')).toEqual({ page: 2, filters: { status: 'approved' } });
    expect(readKyc(`status=${ALL}`)).toEqual({ page: 1, filters: {} });
  });

  it('leaves the default out of the address and writes no filter as `all`, round-tripping both', () => {
    expect(writeKyc(1, { status: 'pending' })).toBe('');
    expect(writeKyc(1, { status: 'rejected' })).toBe('status=rejected');
    expect(writeKyc(3, {})).toBe('status=all&page=3');
    expect(writeKyc(1, { status: undefined })).toBe('status=all');
    expect(readKyc(writeKyc(3, {}))).toEqual({ page: 3, filters: {} });
    expect(readKyc(writeKyc(1, { status: 'pending' }))).toEqual({ page: 1, filters: { status: 'pending' } });
  });

  it('leaves a field of the same name alone in a list without defaults', () => {
    expect(read(`status=${ALL}`)).toEqual({ page: 1, filters: {} });
    expect(write(1, {})).toBe('');
  });
});
