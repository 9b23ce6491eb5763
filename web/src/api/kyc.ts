import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DuplicateSignal, KycQueue, KycReview, KycState, KycSubmission, KycSubmissionStatus } from '@contract/kyc';
import { apiFetch } from './client';

/** Hooks of identity verification: the user's status and submission, and the staff review queue. */
export type { KycQueue, KycReview, KycState, KycSubmission, KycSubmissionStatus };

export const kycKeys = {
  state: (userId: number) => ['kyc', userId] as const,
  queue: (query: string) => ['admin-kyc', query] as const,
  review: (id: number) => ['admin-kyc-review', id] as const,
  duplicates: (userId: number) => ['admin-duplicate-signals', userId] as const,
};

/** Other accounts sharing a document number, payout wallet or registration IP with this user (staff). */
export function useDuplicateSignals(userId: number) {
  return useQuery({
    queryKey: kycKeys.duplicates(userId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: DuplicateSignal[] }>(`/admin/users/${userId}/duplicate-signals`, { signal }),
  });
}

export function useKycState(userId: number | undefined) {
  return useQuery({
    queryKey: kycKeys.state(userId ?? 0),
    queryFn: ({ signal }) => apiFetch<KycState>(`/kyc/user/${userId}`, { signal }),
    enabled: userId !== undefined,
  });
}

export function useSubmitKyc(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiFetch<{ message: string; submission: KycSubmission }>(`/kyc/user/${userId}`, { method: 'POST', form }),
    // Status, gates and quotes may all change with it.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export const KYC_PAGE_SIZE = 10;

export function useKycQueue(page: number, status: KycSubmissionStatus | undefined) {
  const params = new URLSearchParams({ page: String(page), limit: String(KYC_PAGE_SIZE) });
  if (status) params.set('status', status);
  const query = params.toString();
  return useQuery({
    queryKey: kycKeys.queue(query),
    queryFn: ({ signal }) => apiFetch<KycQueue>(`/admin/kyc?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useKycReview(id: number | null) {
  return useQuery({
    queryKey: kycKeys.review(id ?? 0),
    queryFn: ({ signal }) => apiFetch<KycReview>(`/admin/kyc/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiFetch<{ message: string; submission: KycSubmission }>(`/admin/kyc/${id}/${decision}`, {
        method: 'POST',
        ...(decision === 'reject' ? { body: { reason } } : {}),
      }),
    onSettled: () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('kyc') }),
  });
}

/**
 * A stored document fetched through the authorised route (the session cookie goes with it)
 * as a local object URL, so staff can look at it without it ever being public.
 */
export function useKycFile(url: string | null): { url: string | null; error: boolean } {
  // Keyed by the requested URL, so a new file never shows the previous one while it loads.
  const [state, setState] = useState<{ for: string; url: string | null; error: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { credentials: 'include', signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ for: url, url: objectUrl, error: false });
      })
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setState({ for: url, url: null, error: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state && state.for === url ? { url: state.url, error: state.error } : { url: null, error: false };
}
