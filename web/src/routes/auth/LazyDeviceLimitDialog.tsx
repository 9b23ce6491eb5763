import { lazy, Suspense } from 'react';
import type { DeviceLimitDialogProps } from './DeviceLimitDialog';

const DeviceLimitDialog = lazy(() => import('./DeviceLimitDialog').then((m) => ({ default: m.DeviceLimitDialog })));

/**
 * The device-limit dialog, loaded when a sign-in meets the limit: the dialog's code (a modal's
 * focus trap, scroll lock and layers: 17 kB gzipped of /login's first load) is not the sign-in screen's to load ahead.
 */
export function LazyDeviceLimitDialog(props: DeviceLimitDialogProps) {
  return (
    <Suspense fallback={null}>
      <DeviceLimitDialog {...props} />
    </Suspense>
  );
}
