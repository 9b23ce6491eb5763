import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const referralsApi = apiOf('referralsApi');

export function useReferrals(userId: number, page: number) {
  const input = { params: { id: userId }, query: { page, limit: 10 } };
  return useQuery({
    queryKey: keyOf(referralsApi.ofUser, input),
    queryFn: ({ signal }) => call(referralsApi.ofUser, input, { signal }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

export function useReferralIncome(userId: number) {
  const input = { params: { id: userId } };
  return useQuery({
    queryKey: keyOf(referralsApi.balance, input),
    queryFn: ({ signal }) => call(referralsApi.balance, input, { signal }),
    enabled: userId > 0,
  });
}
