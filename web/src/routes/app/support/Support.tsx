import { ChevronDown, MessageCircle, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useStartChat } from '../../../api/support';
import { PageHeader, SectionCard } from '../../../components/Card';
import { ChatPanel } from '../../../components/notifications/ChatPanel';
import { usePageTitle } from '../../../lib/usePageTitle';

/** Spec §2: three questions, one open at a time. */
const FAQ = [
  {
    q: 'How do I create an account?',
    a: 'Choose Register, fill in your name, user name, email and a password, then confirm your email address with the link we send you.',
  },
  {
    q: 'What cryptocurrencies are supported?',
    a: 'Deposits are accepted in Bitcoin (BTC), Tether (USDT, on TRON) and Litecoin (LTC). Withdrawals are paid in BTC, USDT-TRON or USD to your saved bank account.',
  },
  {
    q: 'How long do withdrawals take?',
    a: 'The amount is held at once when you ask; staff review and pay requests, usually within one business day. You are notified when it is approved or rejected.',
  },
];

/** /app/:userName/support: the FAQ and a real chat with the platform's staff. */
export function Component() {
  usePageTitle('Support');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const start = useStartChat();

  const toggleChat = () => {
    if (chatOpen) return setChatOpen(false);
    start.mutate(undefined, {
      onSuccess: () => setChatOpen(true),
      onError: (err) => toast.error(errorMessage(err, 'Could not start the chat. Please try again.')),
    });
  };

  return (
    <div
      className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="support-page"
    >
      <PageHeader title="Support" description="Answers to common questions, and a chat with our team." />
      <SectionCard title="Frequently Asked Questions">
        <div className="divide-y divide-line">
          {FAQ.map((item, i) => {
            const open = openIndex === i;
            return (
              <div key={item.q}>
                <h3>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-3 py-3 text-left font-medium"
                    aria-expanded={open}
                    aria-controls={`faq-${i}`}
                    id={`faq-q-${i}`}
                    onClick={() => setOpenIndex(open ? null : i)}
                  >
                    {item.q}
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
                  {item.a}
                </div>
              </div>
            );
          })}
        </div>
      </SectionCard>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Chat with support</h2>
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
            {chatOpen ? 'Close Chat' : 'Start Chat'}
          </button>
        </div>
        {chatOpen ? (
          <ChatPanel
            chat={null}
            side="user"
            welcome="Welcome! Write your question below and our support team will answer here. You will also get a notification when they reply."
            testId="support-chat"
          />
        ) : null}
      </div>
    </div>
  );
}
