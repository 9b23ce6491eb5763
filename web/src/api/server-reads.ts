import { hydrate, type QueryClient } from '@tanstack/react-query';
import { setSessionHint } from './storage';

/** Where a server-drawn page carries the reads it was drawn from (server/modules/web/signed-in-page.ts). */
export const SERVER_READS_ID = 'server-reads';

/**
 * A page the server drew for the signed-in visitor (`data-server-rendered` naming this path)
 * arrives with the reads it was drawn from: they go into `queryClient`, so the app's first
 * render draws the same screen at once instead of asking again. True when they were there.
 */
export function adoptServerReads(queryClient: QueryClient, container: HTMLElement, path: string): boolean {
  const script = document.getElementById(SERVER_READS_ID);
  if (container.dataset.serverRendered !== path || !script?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(script.textContent));
  } catch {
    // Unreadable: the screens ask for their data themselves.
    return false;
  }
  // The server found a session: later session checks must ask for it again (see fetchSession).
  setSessionHint(true);
  return true;
}
