import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Page } from '@contract/pagination';
import type { SupportConversation, SupportMessage, SupportThread } from '@contract/support';
import { apiFetch } from './client';

export type { SupportConversation, SupportMessage };

/** Both sides poll this often while a chat is on screen, asking only for messages after the last one seen. */
export const SUPPORT_POLL_MS = 3_000;

/**
 * A live chat thread: the first call loads the history, later calls (every 3 s) ask for
 * messages after the last id and append them. `path` is the user's own chat or a staff view
 * of one conversation.
 */
export function useChatThread(path: string | null) {
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const lastId = useRef(0);
  const lastPath = useRef<string | null>(null);
  const query = useQuery({
    queryKey: ['support', 'thread', path],
    queryFn: async ({ signal }) => {
      if (lastPath.current !== path) {
        // Another conversation: start its history from the beginning.
        lastPath.current = path;
        lastId.current = 0;
        setMessages(() => []);
      }
      const thread = await apiFetch<SupportThread>(`${path}?after=${lastId.current}`, { signal });
      if (thread.messages.length) {
        const newest = thread.messages[thread.messages.length - 1]!.id;
        if (newest > lastId.current) {
          lastId.current = newest;
          setMessages((prev) => [...prev, ...thread.messages.filter((m) => !prev.some((p) => p.id === m.id))]);
        }
      }
      return thread.conversation;
    },
    enabled: path !== null,
    refetchInterval: SUPPORT_POLL_MS,
    staleTime: 0,
  });
  return { conversation: query.data ?? null, messages, query };
}

/** Sends a message and fetches the thread at once, so the writer sees it without waiting for a poll. */
export function useSendChatMessage(path: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch<SupportMessage>(path!, { method: 'POST', body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}

export function useStartChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SupportConversation>('/support/conversation', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}

export function useSupportInbox(page: number) {
  return useQuery({
    queryKey: ['support', 'inbox', page],
    queryFn: ({ signal }) =>
      apiFetch<Page<SupportConversation> & { unreadTotal: number }>(`/support/conversations?page=${page}&limit=10`, {
        signal,
      }),
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function useSetChatStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'open' | 'closed' }) =>
      apiFetch<SupportConversation>(`/support/conversations/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support'] }),
  });
}
