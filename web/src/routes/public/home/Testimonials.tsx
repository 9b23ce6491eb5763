import { ChevronLeft, ChevronRight, Pause, Play, Quote } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { testimonials, type Testimonial } from '../../../content/marketing';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/useHydrated';
import {
  AUTOPLAY_MS,
  THREE_SLIDES_QUERY,
  TWO_SLIDES_QUERY,
  clampIndex,
  nextIndex,
  positions,
  previousIndex,
} from './carousel';

function subscribe(onChange: () => void) {
  const queries = [TWO_SLIDES_QUERY, THREE_SLIDES_QUERY].map((q) => window.matchMedia(q));
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

/** 1, 2 or 3 slides per view, following the window width. */
function usePerView(): number {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(THREE_SLIDES_QUERY).matches ? 3 : window.matchMedia(TWO_SLIDES_QUERY).matches ? 2 : 1),
    () => 1,
  );
}

function Slide({ item, index, count, visible }: { item: Testimonial; index: number; count: number; visible: boolean }) {
  const { t } = useTranslation('marketing');
  const { t: tp } = useTranslation('public');
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={tp('home.testimonials.slide', { index: index + 1, count })}
      aria-hidden={!visible}
      className="shrink-0 grow-0 basis-full px-2 md:basis-1/2 lg:basis-1/3"
      data-testid="testimonial-slide"
      data-visible={visible}
    >
      <figure className="card flex h-full flex-col p-6">
        <Quote className="size-7 text-accent" aria-hidden="true" />
        <blockquote className="mt-3 flex-1 text-fg">
          {tp('home.testimonials.quote', { quote: t(item.quote) })}
        </blockquote>
        <figcaption className="mt-5 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-navy text-sm font-bold text-amber-300"
          >
            {item.initials}
          </span>
          <span>
            <span className="block font-semibold">{item.name}</span>
            <span className="block text-sm text-muted">{t(item.role)}</span>
          </span>
        </figcaption>
      </figure>
    </div>
  );
}

/**
 * Testimonials (spec §2, §9): autoplay every 3 s, 1/2/3 slides by width. It pauses while
 * hovered or focused and with the pause button (WCAG 2.2.2), and starts paused for visitors
 * who asked for reduced motion.
 */
export function Testimonials({ title }: { title?: string }) {
  const { t } = useTranslation('public');
  const count = testimonials.length;
  const perView = usePerView();
  const [rawIndex, setIndex] = useState(0);
  // Reduced motion starts it stopped; the pause button's choice wins from then on.
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [stoppedByUser, setStoppedByUser] = useState<boolean | null>(null);
  const stopped = stoppedByUser ?? reducedMotion;
  const [held, setHeld] = useState(false);
  const index = clampIndex(rawIndex, count, perView);
  const playing = !stopped && !held && positions(count, perView) > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(
      () => setIndex((i) => nextIndex(clampIndex(i, count, perView), count, perView)),
      AUTOPLAY_MS,
    );
    return () => window.clearInterval(timer);
  }, [playing, count, perView]);

  return (
    <section
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
      aria-labelledby="testimonials-title"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          {title ?? t('home.testimonials.title')}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="icon-btn border border-line"
            onClick={() => setStoppedByUser(!stopped)}
            aria-label={stopped ? t('home.testimonials.start') : t('home.testimonials.stop')}
          >
            {stopped ? <Play className="size-5" aria-hidden="true" /> : <Pause className="size-5" aria-hidden="true" />}
          </button>
          <button
            type="button"
            className="icon-btn border border-line"
            onClick={() => setIndex(previousIndex(index, count, perView))}
            aria-label={t('home.testimonials.previous')}
            aria-controls="testimonial-track"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-btn border border-line"
            onClick={() => setIndex(nextIndex(index, count, perView))}
            aria-label={t('home.testimonials.next')}
            aria-controls="testimonial-track"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div
        className="mt-8 overflow-hidden"
        role="region"
        aria-roledescription="carousel"
        aria-label={t('home.testimonials.carousel')}
        data-testid="testimonials"
        data-index={index}
      >
        <div
          id="testimonial-track"
          className="-mx-2 flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${(index * 100) / perView}%)` }}
          aria-live={playing ? 'off' : 'polite'}
        >
          {testimonials.map((item, i) => (
            <Slide key={item.name} item={item} index={i} count={count} visible={i >= index && i < index + perView} />
          ))}
        </div>
      </div>
    </section>
  );
}
