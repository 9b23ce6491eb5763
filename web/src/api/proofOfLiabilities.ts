import { useQuery } from '@tanstack/react-query';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const proofOfLiabilitiesApi = apiOf('proofOfLiabilitiesApi');

/** The latest published proof of liabilities (public). */
export function useLatestLiabilities() {
  return useQuery({
    queryKey: keyOf(proofOfLiabilitiesApi.latest),
    queryFn: ({ signal }) => call(proofOfLiabilitiesApi.latest, {}, { signal }),
  });
}

/** One published snapshot, to hold a proof to what everyone sees; idle until `id` is known. */
export function useLiabilitySnapshot(id: number | undefined) {
  const input = { params: { id: id ?? 0 } };
  return useQuery({
    queryKey: keyOf(proofOfLiabilitiesApi.byId, input),
    queryFn: ({ signal }) => call(proofOfLiabilitiesApi.byId, input, { signal }),
    enabled: id !== undefined && id > 0,
  });
}

const latestOfMine = { query: {} };

/** The signed-in investor's own proof in the latest snapshot. */
export function useMyLiabilityProof() {
  return useQuery({
    queryKey: keyOf(proofOfLiabilitiesApi.mine, latestOfMine),
    queryFn: ({ signal }) => call(proofOfLiabilitiesApi.mine, latestOfMine, { signal }),
  });
}

/** The signed-in visitor's proof, fetched on demand (the public Verify page's "Fetch my proof"). */
export const fetchMyLiabilityProof = () => call(proofOfLiabilitiesApi.mine, latestOfMine);
/** A published snapshot, fetched on demand (the public Verify page checks a pasted proof against it). */
export const fetchLiabilitySnapshot = (id: number) => call(proofOfLiabilitiesApi.byId, { params: { id } });
