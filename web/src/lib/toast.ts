import { useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts follow a person's actions, so the toast library (sonner, 9 kB gzipped) loads with the
 * first one: a visit that shows none never downloads it. Sonner keeps a toast made before its
 * <Toaster> subscribes and shows it when the Toaster mounts (App.tsx mounts it once asked).
 */
let sonner: Promise<typeof import('sonner')> | null = null;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<typeof import('sonner')> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** True once a toast has been asked for: the app mounts the Toaster from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => sonner !== null,
    () => false,
  );
}

type Kind = 'success' | 'error' | 'info' | 'warning';
/** The four share one signature: a message and its options. */
type Show = (...args: Parameters<(typeof sonnerToast)['success']>) => void;

const show =
  (kind: Kind): Show =>
  (...args) =>
    void loadSonner().then(({ toast }) => (toast[kind] as Show)(...args));

/** sonner's `toast.success/error/info/warning`, loading sonner on first use. */
export const toast: Record<Kind, Show> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
