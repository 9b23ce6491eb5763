import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the reader is heading for the element (and stays true after): it is on the screen,
 * or the page has been scrolled. A part below the fold loads its code then, not with the page.
 * Watched once `settled` (the page above it has its final height); where IntersectionObserver
 * is missing, scrolling alone tells.
 */
export function useNearScreen(ref: RefObject<Element | null>, settled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !settled || !element) return;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            if (entries.some((e) => e.isIntersecting)) setNear(true);
          });
    observer?.observe(element);
    const onScroll = () => setNear(true);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [ref, near, settled]);
  return near;
}
