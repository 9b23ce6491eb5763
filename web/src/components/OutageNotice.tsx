import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingAfterOutage } from '../api/queries';

/** True while some read waits to be tried again because the service is unavailable. */
export function useRetryingAfterOutage(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const snapshot = useCallback(() => retryingAfterOutage(client), [client]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const PILL = [
  'flex items-center gap-2 rounded-full border px-4 py-2 text-sm shadow-lg',
  'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
].join(' ');

/**
 * A small notice at the bottom of the screen while reads are being retried after a 503 or a
 * network failure; the page stays usable under it. The live region is always there, so a
 * screen reader hears the notice when it appears.
 */
export function OutageNotice() {
  const retrying = useRetryingAfterOutage();
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {retrying ? (
        <p className={PILL}>
          <RotateCw className="size-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {t('shell.outage')}
        </p>
      ) : null}
    </div>
  );
}
