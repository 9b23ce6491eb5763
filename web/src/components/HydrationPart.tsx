import { Suspense, useEffect, type ReactNode } from 'react';

// A page drawn ahead (pre-rendered, or by the server) hydrates part by part: the root first,
// then each part in a task of its own. `<html data-hydrated>` must wait for the last part, or
// a click on a control not yet hydrated would do nothing (browser tests wait for it).
const MARK = 'data-hydration-part';
let mountedParts = 0;
const onHydrated = new Set<() => void>();

/** Marks `<html data-hydrated>` once every part on the page has mounted (none in the DOM but mounted). */
function markIfAllMounted(): void {
  if (mountedParts < document.querySelectorAll(`[${MARK}]`).length) return;
  document.documentElement.dataset.hydrated = '';
  for (const fn of onHydrated) fn();
  onHydrated.clear();
}

/** Calls `fn` once the last part of the page has hydrated (at once if it has); returns a way to cancel. */
export function whenPageHydrated(fn: () => void): () => void {
  if ('hydrated' in document.documentElement.dataset) {
    fn();
    return () => undefined;
  }
  onHydrated.add(fn);
  return () => onHydrated.delete(fn);
}

function PartMounted() {
  useEffect(() => {
    mountedParts += 1;
    markIfAllMounted();
    return () => {
      mountedParts -= 1;
    };
  }, []);
  return <span hidden {...{ [MARK]: '' }} />;
}

/**
 * A part of a screen that hydrates on its own (a Suspense boundary without fallback: nothing in
 * it suspends), so a drawn page's hydration runs in shorter tasks than one for the whole page.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  return (
    <Suspense>
      {children}
      <PartMounted />
    </Suspense>
  );
}

/** The app's root: marks the page hydrated at once when it has no parts, else when the last one mounts. */
export function useMarkHydrated(): void {
  useEffect(markIfAllMounted, []);
}
