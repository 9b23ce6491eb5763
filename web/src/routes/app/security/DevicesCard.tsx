import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useDeviceSessions, useDisconnectDevice, useDisconnectOthers } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { DeviceRow } from '../../../components/AccountDisplay';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { translateMessage } from '../../../i18n/messages';

/** Signed-in devices with Disconnect (never the current one) and Disconnect all other devices. */
export function DevicesCard({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const devices = useDeviceSessions(userId);
  const disconnect = useDisconnectDevice(userId);
  const disconnectOthers = useDisconnectOthers(userId);
  const [confirmAll, setConfirmAll] = useState(false);
  const others = devices.data?.filter((d) => !d.current).length ?? 0;

  const one = (id: number) =>
    disconnect.mutate(id, {
      onSuccess: ({ message }) => toast.success(translateMessage(message)),
      onError: (err) => toast.error(errorMessage(err, t('security.devices.disconnectFailed'))),
    });
  const all = () =>
    disconnectOthers.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        setConfirmAll(false);
      },
      onError: (err) => toast.error(errorMessage(err, t('security.devices.disconnectAllFailed'))),
    });

  return (
    <SectionCard
      title={t('security.devices.title')}
      description={t('security.devices.description')}
      icon={MonitorSmartphone}
      testId="devices-card"
    >
      {devices.isPending ? <Spinner label={t('security.devices.loading')} /> : null}
      {devices.isError ? (
        <LoadError
          error={devices.error}
          fallback={t('security.devices.loadFailed')}
          onRetry={() => void devices.refetch()}
        />
      ) : null}
      {devices.data?.length === 0 ? <p className="text-sm text-muted">{t('security.devices.none')}</p> : null}
      {devices.data && devices.data.length > 0 ? (
        <ul className="-my-3 divide-y divide-line">
          {devices.data.map((session) => (
            <li key={session.id}>
              <DeviceRow
                session={session}
                action={
                  session.current ? null : (
                    <button
                      type="button"
                      className="btn-secondary px-3"
                      onClick={() => one(session.id)}
                      disabled={disconnect.isPending}
                    >
                      {disconnect.isPending && disconnect.variables === session.id
                        ? t('security.devices.disconnecting')
                        : t('security.devices.disconnect')}
                    </button>
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {/* Below the list rather than beside the title: its words run long in some languages. */}
      {others > 0 ? (
        <div className="mt-6 flex justify-end border-t border-line pt-4">
          <button type="button" className="btn-secondary px-3 whitespace-normal" onClick={() => setConfirmAll(true)}>
            {t('security.devices.disconnectAll')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmAll}
        onCancel={() => setConfirmAll(false)}
        onConfirm={all}
        title={t('security.devices.confirm.title')}
        description={t('security.devices.confirm.description', { count: others })}
        confirmLabel={t('security.devices.disconnect')}
        busyLabel={t('security.devices.disconnecting')}
        busy={disconnectOthers.isPending}
      />
    </SectionCard>
  );
}
