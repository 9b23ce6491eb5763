import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@contract/funds';
import type { TransactionFilters, TransactionStatus, TransactionType } from '../../../api/funds';

const isType = (v: string | null): v is TransactionType => (TRANSACTION_TYPES as readonly string[]).includes(v ?? '');
const isStatus = (v: string | null): v is TransactionStatus =>
  (TRANSACTION_STATUSES as readonly string[]).includes(v ?? '');

/** Page and filters of Transactions History from the address (unknown values are ignored). */
export function readHistoryParams(params: URLSearchParams): { page: number; filters: TransactionFilters } {
  const page = Number(params.get('page'));
  const type = params.get('type');
  const status = params.get('status');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    filters: { ...(isType(type) ? { type } : {}), ...(isStatus(status) ? { status } : {}) },
  };
}

/** The address of a page and filters; page 1 and empty filters are left out. Changing a filter starts at page 1. */
export function writeHistoryParams(page: number, filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (page > 1) params.set('page', String(page));
  return params;
}
