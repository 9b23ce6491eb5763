import { useSyncExternalStore } from 'react';

// How many dialogs are open: the toaster moves out of the way of their buttons while any is.
// Apart from Modal, so the app's shell (which places the toaster) does not load the dialog library.
let openDialogs = 0;
const listeners = new Set<() => void>();

/** A Modal opened (+1) or closed (-1). */
export function countOpen(delta: number): void {
  openDialogs += delta;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True while a Modal is open. */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs > 0,
    () => false,
  );
}
