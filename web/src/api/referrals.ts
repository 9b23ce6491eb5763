import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@contract/pagination';
import { apiFetch } from './client';

export interface Referral {
  id: number;
  userName: string;
  registrationDate: string;
  /** Bonus income this referral brought (dollars). */
  totalTransactions: number;
}

export function useReferrals(userId: number, page: number) {
  return useQuery({
    queryKey: ['referrals', userId, page],
    queryFn: ({ signal }) => apiFetch<Page<Referral>>(`/users/${userId}/referrals?page=${page}&limit=10`, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useReferralIncome(userId: number) {
  return useQuery({
    queryKey: ['referral-balance', userId],
    queryFn: ({ signal }) =>
      apiFetch<{ userId: number; totalReferralBonus: number }>(`/users/${userId}/referral-balance`, { signal }),
    enabled: userId > 0,
  });
}
