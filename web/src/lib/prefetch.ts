import { matchRoutes, type RouteObject } from 'react-router';

type Load = () => Promise<unknown>;

/**
 * The code loaders (`lazy`) of the routes that would draw `url`: none for another site's address
 * or a path that only the not-found page matches.
 */
export function routeCode(routes: RouteObject[], url: URL, origin: string): Load[] {
  if (url.origin !== origin) return [];
  return (matchRoutes(routes, url.pathname) ?? []).flatMap(({ route }) =>
    typeof route.lazy === 'function' ? [route.lazy as Load] : [],
  );
}

/** An address the browser could not parse (a notice's link, say) stays as written in `href`. */
function parsed(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** Pointer on a link, a finger down on it, the keyboard's focus on it: each comes before the click. */
const INTENT = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Loads a page's code as soon as a person shows they are about to open it, so that their click
 * waits for the page's data alone instead of for its code and then its data: on a phone's network
 * each chunk is a round trip or more, and a pointer rests on a link for a few hundred milliseconds
 * before it clicks. `words` loads what else the page draws from (its catalogues) by path. Each
 * address is looked at once (a pointer crosses a link's parts many times); one whose load failed
 * is asked for again next time. Links that open elsewhere or download are left alone.
 */
export function prefetchOnIntent(routes: RouteObject[], words: (path: string) => Promise<unknown>): void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
    const url = parsed(link.href);
    if (!url || asked.has(url.pathname)) return;
    asked.add(url.pathname);
    const loads = routeCode(routes, url, location.origin);
    if (loads.length === 0) return;
    const again = () => asked.delete(url.pathname);
    for (const load of loads) load().catch(again);
    words(url.pathname).catch(again);
  };
  for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
