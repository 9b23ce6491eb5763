import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMail, OutboxMailBody, OutboxQuery } from '@contract/mail';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const mailApi = apiOf('mailApi');

/** Hooks of the admin's mail outbox. */
export type { OutboxMail, OutboxMailBody };

export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: keyOf(mailApi.outbox, { query }),
    queryFn: ({ signal }) => call(mailApi.outbox, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One mail's text: fetched only when a staff member opens it (each opening is audited), never cached. */
export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: keyOf(mailApi.read, { params: { id: id ?? 0 } }),
    queryFn: ({ signal }) => call(mailApi.read, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: Infinity,
  });
}
