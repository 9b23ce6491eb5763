import { hydrate, type QueryClient } from '@tanstack/react-query';
import { TIME_ZONE_COOKIE } from '@contract/dates';
import { setSessionHint } from './storage';

/** Where a server-drawn page carries the reads it was drawn from (server/plugins/signed-in-pages.ts). */
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

/** Stores `zone` in the cookie the server reads, unless it holds it already. */
function storeTimeZone(zone: string): void {
  const value = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (!zone || document.cookie.split('; ').includes(value)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** The zone read on this thread: where workers are not available. */
function zoneHere(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

/**
 * Keeps the browser's time zone in a cookie, so a page the server draws for this visitor writes
 * dates and times as this browser does (else its hydration would not match). Called by the
 * investor area, once idle. A worker reads the zone (/time-zone.js): reading it builds the page's
 * first date formatter, 20-50 ms of the main thread on a fast machine, four times that on a phone.
 */
export function rememberTimeZone(): void {
  if (typeof Worker !== 'function') return storeTimeZone(zoneHere());
  let worker: Worker;
  try {
    worker = new Worker('/time-zone.js');
  } catch {
    return storeTimeZone(zoneHere());
  }
  worker.onmessage = (event: MessageEvent<unknown>) => {
    worker.terminate();
    if (typeof event.data === 'string') storeTimeZone(event.data);
  };
  // A worker that cannot load (a proxy's policy, a lost file): read it here after all.
  worker.onerror = () => {
    worker.terminate();
    storeTimeZone(zoneHere());
  };
}
