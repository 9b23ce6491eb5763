import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TransactionView } from '@contract/deposits';
import type {
  Deposit,
  DepositStatus,
  TransactionRow,
  Withdrawal,
  WithdrawalStatus,
  zDepositMetrics,
  zTransactionList,
  zWithdrawalList,
} from '@contract/funds';
import type { Page } from '@contract/pagination';
import { usersApi, type UserSummary } from '@contract/users';
import { call, keyOf } from './call';
import { apiFetch } from './client';
import { queryKeys } from './queries';

/** Hooks of the admin funds screens: deposits, withdrawals, transactions and manual credits. */
export type { Deposit, DepositStatus, TransactionRow, UserSummary, Withdrawal, WithdrawalStatus };
export type DepositMetrics = z.infer<typeof zDepositMetrics>;
export type WithdrawalList = z.infer<typeof zWithdrawalList>;
export type TransactionList = z.infer<typeof zTransactionList>;
export type TransactionStatus = TransactionRow['status'];
export type DecisionStatus = 'settled' | 'invalid';

/** Admin tables show 10 rows a page (spec §9). */
export const ADMIN_PAGE_SIZE = 10;

export interface TransactionFilters {
  status?: TransactionStatus;
  type?: string;
}

export interface ManualDepositInput {
  userId: number;
  amount: string;
  currency: 'BTC' | 'USDT';
  notes: string;
  /** One per form opening: a double click or a retried request never credits twice. */
  idempotencyKey: string;
}

const listQuery = (page: number, filters: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

/**
 * A decision moves money, so every figure on screen may be stale afterwards: lists, cards,
 * receipts, balances. Refetch whatever is shown (inactive queries are only marked stale);
 * the session and public settings cannot have changed.
 */
const refreshAfterWrite = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== queryKeys.session[0] && q.queryKey[0] !== queryKeys.publicSettings[0],
  });

export function useAllDeposits(page: number, status: DepositStatus | undefined) {
  const query = listQuery(page, { status });
  return useQuery({
    queryKey: ['admin-deposits', query],
    queryFn: ({ signal }) => apiFetch<Page<Deposit>>(`/deposits/all?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDepositMetrics() {
  return useQuery({
    queryKey: ['deposit-metrics'],
    queryFn: ({ signal }) => apiFetch<DepositMetrics>('/metrics/deposits', { signal }),
  });
}

export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: DecisionStatus }) =>
      apiFetch<{ message: string; deposit: Deposit }>(`/deposits/update/${id}`, { method: 'PUT', body: { status } }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

export function useManualDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualDepositInput) =>
      apiFetch<{ message: string; transaction: TransactionView }>('/deposits/manual', { method: 'POST', body }),
    onSuccess: () => void refreshAfterWrite(queryClient),
  });
}

/** Users for the manual-deposit select: the first 100 matching `search` (spec §7). */
export function useUserOptions(search: string, enabled: boolean) {
  const input = { query: { page: 1, limit: 100, search: search.trim() || undefined } };
  return useQuery({
    queryKey: keyOf(usersApi.summaries, input),
    queryFn: ({ signal }) => call(usersApi.summaries, input, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAllWithdrawals(page: number, status: WithdrawalStatus | undefined) {
  const query = listQuery(page, { status });
  return useQuery({
    queryKey: ['admin-withdrawals', query],
    queryFn: ({ signal }) => apiFetch<WithdrawalList>(`/transactions/withdrawals?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: DecisionStatus }) =>
      apiFetch<{ message: string; withdrawal: Withdrawal }>(`/transactions/withdrawals/${id}/status`, {
        method: 'PUT',
        body: { status },
      }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

export function useAllTransactions(page: number, filters: TransactionFilters, enabled = true) {
  const query = listQuery(page, { status: filters.status, type: filters.type });
  return useQuery({
    queryKey: ['admin-transactions', query],
    queryFn: ({ signal }) => apiFetch<TransactionList>(`/transactions?${query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUpdateTransactionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TransactionStatus }) =>
      apiFetch<{ message: string; transaction: TransactionRow }>(`/transactions/update/${id}`, {
        method: 'PUT',
        body: { status },
      }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

/** A fresh client key for a write that must happen at most once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
