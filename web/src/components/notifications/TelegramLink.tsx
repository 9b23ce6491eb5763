import { RefreshCw, Unlink } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../api/client';
import { useTelegramAction, useTelegramLink, type TelegramLink } from '../../api/notifications';
import { QueryView } from '../QueryView';

/** What the link's state offers: nothing without a bot, Unlink once linked, else the code to send. */
function LinkState({
  link: s,
  run,
  busy,
}: {
  link: TelegramLink;
  run: (a: 'renew' | 'unlink') => void;
  busy: boolean;
}) {
  if (!s.botConfigured)
    return (
      <p className="py-2 text-sm text-muted">
        Telegram alerts are not available yet: the site has no Telegram bot configured.
      </p>
    );
  if (s.linked) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="telegram-linked">
        <span>Your Telegram chat is linked.</span>
        <button type="button" className="btn-ghost text-sm" onClick={() => run('unlink')} disabled={busy}>
          <Unlink className="size-4" aria-hidden="true" /> Unlink
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 py-2 text-sm" data-testid="telegram-code">
      <p>
        Open {s.botUserName ? <strong>@{s.botUserName}</strong> : 'our bot'} in Telegram and send:{' '}
        <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono break-all select-all">/start {s.code}</code>
      </p>
      <p className="text-xs text-muted">
        The code works once, until {s.codeExpiresAt ? new Date(s.codeExpiresAt).toLocaleTimeString() : 'it expires'}.
        This page notices the link by itself.
      </p>
      <button type="button" className="btn-ghost self-start text-sm" onClick={() => run('renew')} disabled={busy}>
        <RefreshCw className="size-4" aria-hidden="true" /> New code
      </button>
    </div>
  );
}

/** Linking the platform's Telegram bot: a one-time code to send as `/start <code>`; checks every 10 s until linked. */
export function TelegramLinkBox() {
  const link = useTelegramLink(true);
  const action = useTelegramAction();
  const run = (a: 'renew' | 'unlink') =>
    action.mutate(a, { onError: (err) => toast.error(errorMessage(err, 'Failed to update preferences')) });
  return (
    <QueryView
      query={link}
      pending={<p className="py-2 text-sm text-muted">Checking Telegram link...</p>}
      renderError={() => <p className="py-2 text-sm text-danger">Could not load the Telegram link.</p>}
    >
      {(s) => <LinkState link={s} run={run} busy={action.isPending} />}
    </QueryView>
  );
}
