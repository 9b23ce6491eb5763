import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SupportConversation, SupportMessage } from '@contract/support';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const supportApi = apiOf('supportApi');

export type { SupportConversation, SupportMessage };

/** Both sides poll this often while a chat is on screen, asking only for messages after the last one seen. */
export const SUPPORT_POLL_MS = 3_000;

/** Whose chat: the signed-in user's own (null), or one conversation of the staff inbox. */
export type ChatId = number | null;

const fetchThread = (chat: ChatId, after: number, signal: AbortSignal) =>
  chat === null
    ? call(supportApi.thread, { query: { after } }, { signal })
    : call(supportApi.staffThread, { params: { id: chat }, query: { after } }, { signal });

/** Every chat query: threads, the inbox. */
const refreshChats = (qc: QueryClient) =>
  Promise.all(
    [supportApi.thread, supportApi.staffThread, supportApi.inbox].map((r) =>
      qc.invalidateQueries({ queryKey: keyOf(r) }),
    ),
  );

/**
 * A live chat thread: the first call loads the history, later calls (every 3 s) ask for
 * messages after the last id and append them.
 */
export function useChatThread(chat: ChatId) {
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const lastId = useRef(0);
  const lastChat = useRef<ChatId | undefined>(undefined);
  const query = useQuery({
    queryKey:
      chat === null ? keyOf(supportApi.thread) : keyOf(supportApi.staffThread, { params: { id: chat }, query: {} }),
    queryFn: async ({ signal }) => {
      if (lastChat.current !== chat) {
        // Another conversation: start its history from the beginning.
        lastChat.current = chat;
        lastId.current = 0;
        setMessages(() => []);
      }
      const thread = await fetchThread(chat, lastId.current, signal);
      if (thread.messages.length) {
        const newest = thread.messages[thread.messages.length - 1]!.id;
        if (newest > lastId.current) {
          lastId.current = newest;
          setMessages((prev) => [...prev, ...thread.messages.filter((m) => !prev.some((p) => p.id === m.id))]);
        }
      }
      return thread.conversation;
    },
    refetchInterval: SUPPORT_POLL_MS,
    staleTime: 0,
  });
  return { conversation: query.data ?? null, messages, query };
}

/** Sends a message and fetches the thread at once, so the writer sees it without waiting for a poll. */
export function useSendChatMessage(chat: ChatId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      chat === null
        ? call(supportApi.write, { body: { body } })
        : call(supportApi.reply, { params: { id: chat }, body: { body } }),
    onSuccess: () => refreshChats(qc),
  });
}

export function useStartChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(supportApi.start),
    onSuccess: () => refreshChats(qc),
  });
}

export function useSupportInbox(page: number) {
  const input = { query: { page, limit: 10 } };
  return useQuery({
    queryKey: keyOf(supportApi.inbox, input),
    queryFn: ({ signal }) => call(supportApi.inbox, input, { signal }),
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function useSetChatStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'open' | 'closed' }) =>
      call(supportApi.setStatus, { params: { id }, body: { status } }),
    onSuccess: () => refreshChats(qc),
  });
}
