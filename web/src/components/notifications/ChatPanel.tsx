import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, zSupportMessageBody } from '@contract/support';
import { errorMessage } from '../../api/client';
import { useChatThread, useSendChatMessage, type ChatId } from '../../api/support';
import { formatDateTime } from '../../lib/format';
import { Spinner } from '../Spinner';

interface ChatPanelProps {
  /** The user's own chat (null) or one conversation of the staff inbox. */
  chat: ChatId;
  /** Whose messages appear on the right: the user's own, or staff's in the inbox. */
  side: 'user' | 'staff';
  /** Shown above the first message. */
  welcome?: string;
  /** Replaces the reply box (e.g. a closed chat). */
  disabledReason?: string | null;
  testId?: string;
}

/**
 * A live conversation, 500 px tall: history, new messages every few seconds without a reload,
 * and a reply box. Message bodies are rendered as React text, so markup shows as typed.
 */
export function ChatPanel({ chat, side, welcome, disabledReason, testId }: ChatPanelProps) {
  const { messages, conversation, query } = useChatThread(chat);
  const send = useSendChatMessage(chat);
  const { t } = useTranslation('ui');
  // An empty draft is not sent and shows no message: the Send button waits for text.
  const form = useForm<z.input<typeof zSupportMessageBody>, unknown, z.output<typeof zSupportMessageBody>>({
    resolver: zodResolver(zSupportMessageBody),
    defaultValues: { body: '' },
  });
  const draft = useWatch({ control: form.control, name: 'body' });
  const inputId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [messages.length]);

  const closed = disabledReason ?? (conversation?.status === 'closed' ? t('chat.closed') : null);
  const submit = form.handleSubmit(({ body }) =>
    send.mutate(body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (err) => toast.error(errorMessage(err, t('chat.sendFailed'))),
    }),
  );

  return (
    <section className="card flex h-[500px] min-w-0 flex-col" aria-label={t('chat.label')} data-testid={testId}>
      <div
        ref={scroller}
        className="flex-1 space-y-3 overflow-y-auto px-4 py-4"
        aria-live="polite"
        data-testid="chat-messages"
      >
        {welcome ? <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">{welcome}</p> : null}
        {query.isPending ? <Spinner label={t('chat.loading')} /> : null}
        {query.isError && messages.length === 0 ? <p className="text-sm text-danger">{t('chat.loadFailed')}</p> : null}
        {messages.map((m) => {
          const mine = m.authorRole === side;
          return (
            <div
              key={m.id}
              className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
              data-testid="chat-message"
              data-author={m.authorRole}
            >
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 ${mine ? 'bg-accent-bg text-accent-fg' : 'bg-surface-2 text-fg'}`}
              >
                <p className="text-xs font-semibold opacity-80">{mine ? t('chat.you') : m.authorName}</p>
                <p className="text-sm break-words whitespace-pre-wrap">{m.body}</p>
                <p className="mt-0.5 text-[11px] opacity-80">{formatDateTime(m.createdAt)}</p>
              </div>
            </div>
          );
        })}
      </div>
      {closed ? (
        <p className="border-t border-line px-4 py-3 text-sm text-muted">{closed}</p>
      ) : (
        <form onSubmit={submit} className="flex items-end gap-2 border-t border-line p-3">
          <label htmlFor={inputId} className="sr-only">
            {t('chat.message')}
          </label>
          <textarea
            id={inputId}
            {...form.register('body')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) void submit(e);
            }}
            maxLength={SUPPORT_MESSAGE_MAX}
            rows={2}
            placeholder={t('chat.placeholder')}
            className="min-h-11 flex-1 resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
            data-testid="chat-input"
          />
          <button
            type="submit"
            className="btn-primary"
            disabled={send.isPending || !zSupportMessageBody.safeParse({ body: draft }).success}
            data-testid="chat-send"
          >
            <Send className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{t('chat.send')}</span>
          </button>
        </form>
      )}
    </section>
  );
}
