import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { KycQueue, KycReview, KycState, KycSubmission, KycSubmissionStatus } from '@contract/kyc';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const kycApi = apiOf('kycApi');

/** Hooks of identity verification: the user's status and submission, and the staff review queue. */
export type { KycQueue, KycReview, KycState, KycSubmission, KycSubmissionStatus };

/** Other accounts sharing a document number, payout wallet or registration IP with this user (staff). */
export function useDuplicateSignals(userId: number) {
  const input = { params: { id: userId } };
  return useQuery({
    queryKey: keyOf(kycApi.duplicates, input),
    queryFn: ({ signal }) => call(kycApi.duplicates, input, { signal }),
  });
}

export function useKycState(userId: number | undefined) {
  const input = { params: { id: userId ?? 0 } };
  return useQuery({
    queryKey: keyOf(kycApi.state, input),
    queryFn: ({ signal }) => call(kycApi.state, input, { signal }),
    enabled: userId !== undefined,
  });
}

export function useSubmitKyc(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call(kycApi.submit, { params: { id: userId } }, { form }),
    // Status, gates and quotes may all change with it.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

export const KYC_PAGE_SIZE = 10;

export function useKycQueue(page: number, status: KycSubmissionStatus | undefined) {
  const input = { query: { page, limit: KYC_PAGE_SIZE, status } };
  return useQuery({
    queryKey: keyOf(kycApi.queue, input),
    queryFn: ({ signal }) => call(kycApi.queue, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useKycReview(id: number | null) {
  const input = { params: { id: id ?? 0 } };
  return useQuery({
    queryKey: keyOf(kycApi.review, input),
    queryFn: ({ signal }) => call(kycApi.review, input, { signal }),
    enabled: id !== null,
  });
}

/** Every verification query: the user's state, the queue, reviews and duplicate signals. */
const KYC_ROOTS: string[] = [kycApi.state.path, kycApi.queue.path, kycApi.review.path, kycApi.duplicates.path];

export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      decision === 'approve'
        ? call(kycApi.approve, { params: { id } })
        : call(kycApi.reject, { params: { id }, body: { reason: reason ?? '' } }),
    onSettled: () =>
      void queryClient.invalidateQueries({ predicate: (q) => KYC_ROOTS.includes(String(q.queryKey[0])) }),
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
