import { RefreshCw, Unlink } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { useTelegramAction, useTelegramLink, type TelegramLink } from '../../api/notifications';
import { currentLocale } from '../../i18n/i18n';
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
  const { t } = useTranslation('ui');
  if (!s.botConfigured) return <p className="py-2 text-sm text-muted">{t('telegram.noBot')}</p>;
  if (s.linked) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="telegram-linked">
        <span>{t('telegram.linked')}</span>
        <button type="button" className="btn-ghost text-sm" onClick={() => run('unlink')} disabled={busy}>
          <Unlink className="size-4" aria-hidden="true" /> {t('telegram.unlink')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 py-2 text-sm" data-testid="telegram-code">
      <p>
        {s.botUserName ? (
          <Trans t={t} i18nKey="telegram.openBot" values={{ bot: s.botUserName }} components={{ strong: <strong /> }} />
        ) : (
          t('telegram.openOurBot')
        )}{' '}
        <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono break-all select-all">/start {s.code}</code>
      </p>
      <p className="text-xs text-muted">
        {s.codeExpiresAt
          ? t('telegram.validUntil', {
              time: new Date(s.codeExpiresAt).toLocaleTimeString(currentLocale()),
            })
          : t('telegram.validOnce')}
      </p>
      <button type="button" className="btn-ghost self-start text-sm" onClick={() => run('renew')} disabled={busy}>
        <RefreshCw className="size-4" aria-hidden="true" /> {t('telegram.newCode')}
      </button>
    </div>
  );
}

/** Linking the platform's Telegram bot: a one-time code to send as `/start <code>`; checks every 10 s until linked. */
export function TelegramLinkBox() {
  const { t } = useTranslation('ui');
  const link = useTelegramLink(true);
  const action = useTelegramAction();
  const run = (a: 'renew' | 'unlink') =>
    action.mutate(a, { onError: (err) => toast.error(errorMessage(err, t('telegram.failed'))) });
  return (
    <QueryView
      query={link}
      pending={<p className="py-2 text-sm text-muted">{t('telegram.checking')}</p>}
      renderError={() => <p className="py-2 text-sm text-danger">{t('telegram.loadFailed')}</p>}
    >
      {(s) => <LinkState link={s} run={run} busy={action.isPending} />}
    </QueryView>
  );
}
