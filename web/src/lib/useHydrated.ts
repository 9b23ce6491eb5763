import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a pre-rendered page (and on the server), true in every
 * render after that, and from the start on a page rendered in the browser only. Markup that
 * depends on the browser (the saved theme, the current year, a lazily loaded widget) waits
 * for it, so the first client render matches the pre-rendered HTML.
 */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}

/**
 * What `read` answers in the browser (read again on every render, no subscription), and
 * `serverValue` on the server and while a drawn page hydrates, so its markup matches.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/**
 * A media query's answer, kept current; `serverValue` during hydration and on the server,
 * so hydration never mismatches and the real answer follows at once.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => serverValue,
  );
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
