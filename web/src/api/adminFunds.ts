import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Deposit,
  DepositStatus,
  TRANSACTION_TYPES,
  TransactionRow,
  Withdrawal,
  WithdrawalListQuery,
  WithdrawalStatus,
  zTransactionList,
  zWithdrawalList,
} from '@contract/funds';
import type { zDepositMetrics } from '@contract/metrics';
import type { UserSummary } from '@contract/users';
import { call, keyOf } from './call';
import { queryKeys } from './queries';
import { apiOf } from './routes';

const depositsApi = apiOf('depositsApi');
const metricsApi = apiOf('metricsApi');
const transactionsApi = apiOf('transactionsApi');
const withdrawalsApi = apiOf('withdrawalsApi');
const usersApi = apiOf('usersApi');

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
  type?: (typeof TRANSACTION_TYPES)[number];
}

export interface ManualDepositInput {
  userId: number;
  amount: string;
  currency: 'BTC' | 'USDT';
  notes: string;
  /** One per form opening: a double click or a retried request never credits twice. */
  idempotencyKey: string;
}

const pageOf = (page: number) => ({ page, limit: ADMIN_PAGE_SIZE });

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
  const input = { query: { ...pageOf(page), status } };
  return useQuery({
    queryKey: keyOf(depositsApi.all, input),
    queryFn: ({ signal }) => call(depositsApi.all, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDepositMetrics() {
  return useQuery({
    queryKey: keyOf(metricsApi.deposits),
    queryFn: ({ signal }) => call(metricsApi.deposits, {}, { signal }),
  });
}

/** What staff say with a decision: the reason the user is told and, for a withdrawal paid, its payout reference. */
export interface DecisionNote {
  reason?: string;
  payoutReference?: string;
}

export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: DecisionStatus } & DecisionNote) =>
      call(depositsApi.decide, { params: { id }, body: { status, reason } }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

export function useManualDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualDepositInput) => call(depositsApi.manual, { body }),
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

export function useAllWithdrawals(page: number, filters: WithdrawalListQuery) {
  const input = { query: { ...pageOf(page), status: filters.status, stage: filters.stage } };
  return useQuery({
    queryKey: keyOf(withdrawalsApi.all, input),
    queryFn: ({ signal }) => call(withdrawalsApi.all, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason, payoutReference }: { id: number; status: DecisionStatus } & DecisionNote) =>
      call(withdrawalsApi.decide, { params: { id }, body: { status, reason, payoutReference } }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

export function useAllTransactions(page: number, filters: TransactionFilters, enabled = true) {
  const input = { query: { ...pageOf(page), status: filters.status, type: filters.type } };
  return useQuery({
    queryKey: keyOf(transactionsApi.all, input),
    queryFn: ({ signal }) => call(transactionsApi.all, input, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUpdateTransactionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason, payoutReference }: { id: number; status: TransactionStatus } & DecisionNote) =>
      call(transactionsApi.setStatus, { params: { id }, body: { status, reason, payoutReference } }),
    onSettled: () => void refreshAfterWrite(queryClient),
  });
}

/** A fresh client key for a write that must happen at most once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
