/** Pure rules of the testimonial carousel (spec §2 Home, §9: autoplay 3000 ms, 1/2/3 slides by width). */

export const AUTOPLAY_MS = 3000;

/** Media queries for 2 and 3 slides; below the first, one slide shows. */
export const TWO_SLIDES_QUERY = '(min-width: 768px)';
export const THREE_SLIDES_QUERY = '(min-width: 1024px)';

export function slidesPerView(width: number): 1 | 2 | 3 {
  if (width >= 1024) return 3;
  if (width >= 768) return 2;
  return 1;
}

/** How many positions the track can take: the first slide of each full view. */
export function positions(count: number, perView: number): number {
  return Math.max(1, count - perView + 1);
}

/** The next position, back to the first after the last full view. */
export function nextIndex(index: number, count: number, perView: number): number {
  return index + 1 >= positions(count, perView) ? 0 : index + 1;
}

export function previousIndex(index: number, count: number, perView: number): number {
  return index <= 0 ? positions(count, perView) - 1 : index - 1;
}

/** Keeps a position valid after the view widens (3 per view has fewer positions than 1). */
export function clampIndex(index: number, count: number, perView: number): number {
  return Math.min(Math.max(0, index), positions(count, perView) - 1);
}
