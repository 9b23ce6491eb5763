import { ChevronDown, MessageCircle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { useStartChat } from '../../../api/support';
import { PageHeader, SectionCard } from '../../../components/Card';
import { ChatPanel } from '../../../components/notifications/ChatPanel';
import { usePageTitle } from '../../../lib/usePageTitle';

/** Spec §2: three questions, one open at a time (keys of each question and its answer). */
const FAQ = [
  { id: 'account', q: 'support.faq.account.q', a: 'support.faq.account.a' },
  { id: 'currencies', q: 'support.faq.currencies.q', a: 'support.faq.currencies.a' },
  { id: 'withdrawals', q: 'support.faq.withdrawals.q', a: 'support.faq.withdrawals.a' },
] as const;

/** /app/:userName/support: the FAQ and a real chat with the platform's staff. */
export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('support.title'));
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const start = useStartChat();

  const toggleChat = () => {
    if (chatOpen) return setChatOpen(false);
    start.mutate(undefined, {
      onSuccess: () => setChatOpen(true),
      onError: (err) => toast.error(errorMessage(err, t('support.chat.startFailed'))),
    });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="support-page"
    >
      <PageHeader title={t('support.title')} description={t('support.description')} />
      <SectionCard title={t('support.faq.title')}>
        <div className="divide-y divide-line">
          {FAQ.map((item, i) => {
            const open = openIndex === i;
            return (
              <div key={item.id}>
                <h3>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-3 py-3 text-left font-medium"
                    aria-expanded={open}
                    aria-controls={`faq-${i}`}
                    id={`faq-q-${i}`}
                    onClick={() => setOpenIndex(open ? null : i)}
                  >
                    {t(item.q)}
                    <ChevronDown
                      className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
                      aria-hidden="true"
                    />
                  </button>
                </h3>
                <div
                  id={`faq-${i}`}
                  role="region"
                  aria-labelledby={`faq-q-${i}`}
                  hidden={!open}
                  className="pb-3 text-sm text-muted"
                >
                  {t(item.a)}
                </div>
              </div>
            );
          })}
        </div>
      </SectionCard>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('support.chat.title')}</h2>
          <button
            type="button"
            className={chatOpen ? 'btn-secondary' : 'btn-primary'}
            onClick={toggleChat}
            disabled={start.isPending}
            data-testid="chat-toggle"
          >
            {chatOpen ? (
              <X className="size-4" aria-hidden="true" />
            ) : (
              <MessageCircle className="size-4" aria-hidden="true" />
            )}
            {chatOpen ? t('support.chat.close') : t('support.chat.start')}
          </button>
        </div>
        {chatOpen ? (
          <ChatPanel chat={null} side="user" welcome={t('support.chat.welcome')} testId="support-chat" />
        ) : null}
      </div>
    </div>
  );
}
