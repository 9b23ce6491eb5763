import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Deposit,
  DEPOSIT_CURRENCIES,
  PaymentInstructions,
  TransactionReceipt,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionRow,
  Withdrawal,
  WithdrawalCurrency,
  zPayoutDetailsUpdate,
  zWithdrawalQuote,
} from '@contract/funds';
import type { zAccountMetrics, zUserTransactionMetrics } from '@contract/metrics';
import { accountKeys } from './account';
import { call, keyOf } from './call';
import { ApiError } from './client';
import { DASHBOARD_ROOTS } from './dashboard';
import { apiOf } from './routes';

const metricsApi = apiOf('metricsApi');
const activityApi = apiOf('activityApi');
const depositsApi = apiOf('depositsApi');
const payoutApi = apiOf('payoutApi');
const transactionsApi = apiOf('transactionsApi');
const withdrawalsApi = apiOf('withdrawalsApi');
const usersApi = apiOf('usersApi');

/** Hooks of the money screens: deposits, withdrawals, transactions and their figures. */
export type { Deposit, PaymentInstructions, TransactionReceipt, TransactionRow, Withdrawal, WithdrawalCurrency };
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type WithdrawalQuote = z.infer<typeof zWithdrawalQuote>;
export type AccountMetrics = z.infer<typeof zAccountMetrics>;
export type UserTransactionMetrics = z.infer<typeof zUserTransactionMetrics>;
export type PayoutDetailsUpdate = z.input<typeof zPayoutDetailsUpdate>;

export interface TransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
}

/** Rows per page of every money list (spec §9). */
export const FUNDS_PAGE_SIZE = 10;

const pageOf = (page: number) => ({ page, limit: FUNDS_PAGE_SIZE });
const orderInput = (referenceNumber: string) => ({ params: { ref: referenceNumber } });

export const fundsKeys = {
  order: (referenceNumber: string) => keyOf(transactionsApi.byReference, orderInput(referenceNumber)),
};

/**
 * Every figure a money move can change: the lists and figures of this file, the investment
 * figures (balances) and the profile (security hold). Refreshed after each deposit or withdrawal.
 */
const MONEY_ROOTS = [
  depositsApi.ofUser.path,
  withdrawalsApi.ofUser.path,
  transactionsApi.ofUser.path,
  transactionsApi.byReference.path,
  withdrawalsApi.quote.path,
  metricsApi.account.path,
  metricsApi.userTransactions.path,
  metricsApi.userInvestments.path,
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

export function useAccountMetrics(userId: number) {
  return useQuery({
    queryKey: keyOf(metricsApi.account, { params: { id: userId } }),
    queryFn: ({ signal }) => call(metricsApi.account, { params: { id: userId } }, { signal }),
    enabled: userId > 0,
  });
}

export function useUserTransactionMetrics(userId: number) {
  return useQuery({
    queryKey: keyOf(metricsApi.userTransactions, { params: { id: userId } }),
    queryFn: ({ signal }) => call(metricsApi.userTransactions, { params: { id: userId } }, { signal }),
    enabled: userId > 0,
  });
}

export function useUserDeposits(userId: number, page: number) {
  const input = { params: { id: userId }, query: pageOf(page) };
  return useQuery({
    queryKey: keyOf(depositsApi.ofUser, input),
    queryFn: ({ signal }) => call(depositsApi.ofUser, input, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useUserWithdrawals(userId: number, page: number) {
  const input = { params: { id: userId }, query: pageOf(page) };
  return useQuery({
    queryKey: keyOf(withdrawalsApi.ofUser, input),
    queryFn: ({ signal }) => call(withdrawalsApi.ofUser, input, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useUserTransactions(userId: number, page: number, filters: TransactionFilters) {
  const input = { params: { id: userId }, query: { ...pageOf(page), type: filters.type, status: filters.status } };
  return useQuery({
    queryKey: keyOf(transactionsApi.ofUser, input),
    queryFn: ({ signal }) => call(transactionsApi.ofUser, input, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

/** One transaction by reference (user: own only; staff: any). 404 is an answer, not a failure to retry. */
const RECEIPT_POLL_MS = 30_000;

export function useTransactionByReference(referenceNumber: string) {
  return useQuery({
    queryKey: fundsKeys.order(referenceNumber),
    queryFn: ({ signal }) => call(transactionsApi.byReference, orderInput(referenceNumber), { signal }),
    enabled: referenceNumber.length > 0,
    // A withdrawal BTCPay is sending changes on its own: look again now and then until it is done.
    refetchInterval: (q) => (q.state.data?.state === 'paying' ? RECEIPT_POLL_MS : false),
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * What a withdrawal of `amount` (a validated 2-decimal string, or null while the input is
 * not one) would cost and where it would go.
 */
export function useWithdrawQuote(amount: string | null, currency: WithdrawalCurrency) {
  const input = { query: { amount: amount ?? '', currency } };
  return useQuery({
    queryKey: keyOf(withdrawalsApi.quote, input),
    queryFn: ({ signal }) => call(withdrawalsApi.quote, input, { signal }),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: string; currency: DepositCurrency; idempotencyKey: string }) =>
      call(depositsApi.create, { body }),
    onSuccess: () => void refreshMoney(queryClient),
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; amount: string; currency: WithdrawalCurrency; idempotencyKey: string }) =>
      call(withdrawalsApi.create, { body }),
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
      void queryClient.invalidateQueries({ queryKey: keyOf(withdrawalsApi.quote) });
    },
  });
}
