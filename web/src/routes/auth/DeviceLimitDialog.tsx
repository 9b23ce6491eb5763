import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { disconnectAllWithChallenge, disconnectWithChallenge, type DeviceLimit } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { DeviceRow } from '../../components/AccountDisplay';
import { Modal } from '../../components/ui/Modal';

export interface DeviceLimitDialogProps {
  limit: DeviceLimit;
  usernameOrEmail: string;
  onCancel: () => void;
  /** A device was freed: the caller retries the login. */
  onDisconnected: (message: string) => void;
}

/** Spec §2 Login: the sessions holding the device limit, each with Disconnect, or all at once. */
export function DeviceLimitDialog({ limit, usernameOrEmail, onCancel, onDisconnected }: DeviceLimitDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [busy, setBusy] = useState<number | 'all' | null>(null);

  const run = async (target: number | 'all') => {
    setBusy(target);
    try {
      const { message } =
        target === 'all'
          ? await disconnectAllWithChallenge(usernameOrEmail, limit.loginChallenge)
          : await disconnectWithChallenge(target, limit.loginChallenge);
      onDisconnected(message);
    } catch (err) {
      toast.error(
        errorMessage(err, target === 'all' ? t('deviceLimit.disconnectAllFailed') : t('deviceLimit.disconnectFailed')),
      );
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && busy === null && onCancel()}
      testId="device-limit-dialog"
      title={t('deviceLimit.title')}
      description={t('deviceLimit.description')}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy !== null}>
            {t('action.cancel', { ns: 'common' })}
          </button>
          <button type="button" className="btn-primary" onClick={() => void run('all')} disabled={busy !== null}>
            <LogOut className="size-4" aria-hidden="true" />
            {busy === 'all' ? t('deviceLimit.disconnecting') : t('deviceLimit.disconnectAll')}
          </button>
        </>
      }
    >
      <ul className="divide-y divide-line">
        {limit.sessions.map((session) => (
          <li key={session.id}>
            <DeviceRow
              session={session}
              action={
                <button
                  type="button"
                  className="btn-secondary px-3"
                  onClick={() => void run(session.id)}
                  disabled={busy !== null}
                >
                  {busy === session.id ? t('deviceLimit.disconnecting') : t('deviceLimit.disconnect')}
                </button>
              }
            />
          </li>
        ))}
      </ul>
      {limit.sessions.length === 0 ? <p className="text-sm text-muted">{t('deviceLimit.noSessions')}</p> : null}
    </Modal>
  );
}
