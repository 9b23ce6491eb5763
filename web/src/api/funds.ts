import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Deposit,
  DEPOSIT_CURRENCIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionRow,
  Withdrawal,
  WithdrawalCurrency,
  zDepositCreated,
  zDepositList,
  zPayoutDetailsUpdate,
  zTransactionList,
  zUserTransactionMetrics,
  zWithdrawalCreated,
  zWithdrawalList,
  zWithdrawalQuote,
} from '@contract/funds';
import type { zAccountMetrics } from '@contract/metrics';
import { activityApi } from '@contract/activity';
import { payoutApi } from '@contract/funds';
import { usersApi } from '@contract/users';
import { accountKeys } from './account';
import { call, keyOf } from './call';
import { ApiError, apiFetch } from './client';
import { DASHBOARD_ROOTS } from './dashboard';

/** Hooks of the money screens: deposits, withdrawals, transactions and their figures. */
export type { Deposit, TransactionRow, Withdrawal, WithdrawalCurrency };
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type DepositCreated = z.infer<typeof zDepositCreated>;
export type DepositList = z.infer<typeof zDepositList>;
export type WithdrawalQuote = z.infer<typeof zWithdrawalQuote>;
export type WithdrawalCreated = z.infer<typeof zWithdrawalCreated>;
export type WithdrawalList = z.infer<typeof zWithdrawalList>;
export type TransactionList = z.infer<typeof zTransactionList>;
export type AccountMetrics = z.infer<typeof zAccountMetrics>;
export type UserTransactionMetrics = z.infer<typeof zUserTransactionMetrics>;
export type PayoutDetailsUpdate = z.input<typeof zPayoutDetailsUpdate>;

export interface TransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
}

/** Rows per page of every money list (spec §9). */
export const FUNDS_PAGE_SIZE = 10;

export const fundsKeys = {
  deposits: (userId: number, page: number) => ['deposits', userId, page] as const,
  withdrawals: (userId: number, page: number) => ['withdrawals', userId, page] as const,
  transactions: (userId: number, page: number, filters: TransactionFilters) =>
    ['transactions', userId, page, filters.type ?? '', filters.status ?? ''] as const,
  order: (referenceNumber: string) => ['transaction', referenceNumber] as const,
  quote: (amount: string, currency: WithdrawalCurrency) => ['withdraw-quote', amount, currency] as const,
  accountMetrics: (userId: number) => ['account-metrics', userId] as const,
  transactionMetrics: (userId: number) => ['transaction-metrics', userId] as const,
};

/**
 * Every figure a money move can change: the lists and figures of this file, the investment
 * figures (balances) and the profile (security hold). Refreshed after each deposit or withdrawal.
 */
const MONEY_ROOTS = [
  'deposits',
  'withdrawals',
  'transactions',
  'transaction',
  'withdraw-quote',
  'account-metrics',
  'transaction-metrics',
  'investment-metrics',
  usersApi.profile.path,
  ...DASHBOARD_ROOTS,
];
export const refreshMoney = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => MONEY_ROOTS.includes(String(q.queryKey[0])) });

/** A fresh key per attempt: a retried request (double click, flaky network) never moves money twice. */
export const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const pageQuery = (page: number, extra: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams({ page: String(page), limit: String(FUNDS_PAGE_SIZE) });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params.toString();
};

export function useAccountMetrics(userId: number) {
  return useQuery({
    queryKey: fundsKeys.accountMetrics(userId),
    queryFn: ({ signal }) => apiFetch<AccountMetrics>(`/metrics/account/${userId}`, { signal }),
    enabled: userId > 0,
  });
}

export function useUserTransactionMetrics(userId: number) {
  return useQuery({
    queryKey: fundsKeys.transactionMetrics(userId),
    queryFn: ({ signal }) => apiFetch<UserTransactionMetrics>(`/metrics/user-transactions/${userId}`, { signal }),
    enabled: userId > 0,
  });
}

export function useUserDeposits(userId: number, page: number) {
  return useQuery({
    queryKey: fundsKeys.deposits(userId, page),
    queryFn: ({ signal }) => apiFetch<DepositList>(`/deposits/${userId}/user?${pageQuery(page)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useUserWithdrawals(userId: number, page: number) {
  return useQuery({
    queryKey: fundsKeys.withdrawals(userId, page),
    queryFn: ({ signal }) =>
      apiFetch<WithdrawalList>(`/transactions/withdrawals/${userId}?${pageQuery(page)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useUserTransactions(userId: number, page: number, filters: TransactionFilters) {
  return useQuery({
    queryKey: fundsKeys.transactions(userId, page, filters),
    queryFn: ({ signal }) =>
      apiFetch<TransactionList>(
        `/transactions/user/${userId}?${pageQuery(page, { type: filters.type, status: filters.status })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

/** One transaction by reference (user: own only; staff: any). 404 is an answer, not a failure to retry. */
export function useTransactionByReference(referenceNumber: string) {
  return useQuery({
    queryKey: fundsKeys.order(referenceNumber),
    queryFn: ({ signal }) =>
      apiFetch<TransactionRow>(`/transactions/reference/${encodeURIComponent(referenceNumber)}`, { signal }),
    enabled: referenceNumber.length > 0,
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * What a withdrawal of `amount` (a validated 2-decimal string, or null while the input is
 * not one) would cost and where it would go.
 */
export function useWithdrawQuote(amount: string | null, currency: WithdrawalCurrency) {
  return useQuery({
    queryKey: fundsKeys.quote(amount ?? '', currency),
    queryFn: ({ signal }) =>
      apiFetch<WithdrawalQuote>(
        `/investments/withdraw/quote?${new URLSearchParams({ amount: amount ?? '', currency }).toString()}`,
        { signal },
      ),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: string; currency: DepositCurrency; idempotencyKey: string }) =>
      apiFetch<DepositCreated>('/deposits/new', { method: 'POST', body }),
    onSuccess: () => void refreshMoney(queryClient),
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; amount: string; currency: WithdrawalCurrency; idempotencyKey: string }) =>
      apiFetch<WithdrawalCreated>('/investments/withdraw', { method: 'POST', body }),
    // A refusal can also mean the figures moved (balance spent elsewhere, hold started).
    onSettled: () => void refreshMoney(queryClient),
  });
}

/** Wallets and bank: checked with the password (and the 2FA code), then withdrawals pause for the security hold. */
export function useUpdatePayoutDetails(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsUpdate) => call(payoutApi.update, { params: { id: userId }, body }),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(accountKeys.profile(userId), profile);
      void queryClient.invalidateQueries({ queryKey: keyOf(activityApi.ofUser) });
      void queryClient.invalidateQueries({ queryKey: ['withdraw-quote'] });
    },
  });
}
