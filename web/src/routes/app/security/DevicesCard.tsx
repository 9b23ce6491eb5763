import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDeviceSessions, useDisconnectDevice, useDisconnectOthers } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { DeviceRow } from '../../../components/AccountDisplay';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';

/** Signed-in devices with Disconnect (never the current one) and Disconnect all other devices. */
export function DevicesCard({ userId }: { userId: number }) {
  const devices = useDeviceSessions(userId);
  const disconnect = useDisconnectDevice(userId);
  const disconnectOthers = useDisconnectOthers(userId);
  const [confirmAll, setConfirmAll] = useState(false);
  const others = devices.data?.filter((d) => !d.current).length ?? 0;

  const one = (id: number) =>
    disconnect.mutate(id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (err) => toast.error(errorMessage(err, 'Failed to disconnect device')),
    });
  const all = () =>
    disconnectOthers.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setConfirmAll(false);
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to disconnect devices')),
    });

  return (
    <SectionCard
      title="Devices"
      description="Where your account is signed in right now."
      icon={MonitorSmartphone}
      testId="devices-card"
      actions={
        others > 0 ? (
          <button type="button" className="btn-secondary px-3" onClick={() => setConfirmAll(true)}>
            Disconnect all other devices
          </button>
        ) : null
      }
    >
      {devices.isPending ? <Spinner label="Loading devices..." /> : null}
      {devices.isError ? (
        <LoadError
          error={devices.error}
          fallback="Failed to fetch device sessions"
          onRetry={() => void devices.refetch()}
        />
      ) : null}
      {devices.data?.length === 0 ? <p className="text-sm text-muted">No active sessions.</p> : null}
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
                      {disconnect.isPending && disconnect.variables === session.id ? 'Disconnecting...' : 'Disconnect'}
                    </button>
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirmAll}
        onCancel={() => setConfirmAll(false)}
        onConfirm={all}
        title="Disconnect all other devices?"
        description={`${others} other ${others === 1 ? 'device' : 'devices'} will be signed out. This device stays signed in.`}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting..."
        busy={disconnectOthers.isPending}
      />
    </SectionCard>
  );
}
