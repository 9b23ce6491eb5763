import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarket, type MarketItem } from '../../../api/market';
import { QueryView } from '../../../components/QueryView';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/useHydrated';
import { Change } from '../markets/Change';
import { CoinLogo } from '../markets/CoinLogo';
import { formatPrice } from '../markets/format';
import { MarketStatus } from '../markets/MarketStatus';

/** Spec §9: the marquee shows the first 8 coins of the supported list. */
export const MARQUEE_COINS = 8;
/** Time for one full pass of the strip. */
const PASS_MS = 40_000;

function Ticker({ item }: { item: MarketItem }) {
  return (
    <span className="flex items-center gap-2 px-5 py-3 whitespace-nowrap">
      <CoinLogo symbol={item.symbol} src={item.image} size={24} />
      <span className="font-semibold">{item.symbol}</span>
      <span className="tabular-nums">{formatPrice(item.current_price)}</span>
      <Change value={item.price_change_percentage_24h} className="text-sm" />
    </span>
  );
}

/** The scrolling list, and its copy that closes the loop (none when the strip stands still). */
function Strip({ items, still, trackRef }: { items: MarketItem[]; still: boolean; trackRef: Ref<HTMLDivElement> }) {
  return (
    <div ref={trackRef} className={still ? 'flex' : 'flex w-max'}>
      <ul className={still ? 'flex flex-wrap justify-center' : 'flex'} data-testid="marquee-list">
        {items.map((item) => (
          <li key={item.symbol}>
            <Ticker item={item} />
          </li>
        ))}
      </ul>
      {/* The second copy makes the loop seamless; assistive technology reads the first only. */}
      {still ? null : (
        <div className="flex" aria-hidden="true">
          {items.map((item) => (
            <Ticker key={item.symbol} item={item} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The price strip under the hero. It scrolls with the Web Animations API (no global CSS
 * needed), pauses on hover or with the pause button, and stays still for visitors who
 * asked for reduced motion: then the eight prices simply wrap onto more lines.
 */
export function PriceMarquee() {
  const { t } = useTranslation('public');
  const market = useMarket();
  const track = useRef<HTMLDivElement>(null);
  const still = useMediaQuery(REDUCED_MOTION_QUERY);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const ready = (market.data?.data.length ?? 0) > 0;

  useEffect(() => {
    const el = track.current;
    if (!el || still || !ready) return;
    const animation = el.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-50%)' }], {
      duration: PASS_MS,
      iterations: Infinity,
    });
    return () => animation.cancel();
  }, [still, ready]);

  useEffect(() => {
    const animation = track.current?.getAnimations()[0];
    if (!animation) return;
    if (paused || hovered) animation.pause();
    else animation.play();
  }, [paused, hovered, ready]);

  return (
    <section
      aria-label={t('home.marquee.label')}
      className="border-b border-line bg-surface"
      data-testid="price-marquee"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-2 sm:px-4">
        <div
          className="min-w-0 flex-1 overflow-hidden"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
        >
          <QueryView
            query={market}
            pending={
              <div className="flex gap-4 py-3" aria-hidden="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <span key={i} className="h-6 w-40 shrink-0 animate-pulse rounded bg-surface-2" />
                ))}
              </div>
            }
            renderError={() => (
              <p className="px-3 py-3 text-sm text-muted">
                {t('home.marquee.loadFailed')}{' '}
                <button
                  type="button"
                  className="font-semibold text-accent underline"
                  onClick={() => void market.refetch()}
                >
                  {t('shared.retry')}
                </button>
              </p>
            )}
          >
            {(data) => <Strip items={data.data.slice(0, MARQUEE_COINS)} still={still} trackRef={track} />}
          </QueryView>
        </div>
        {still || !ready ? null : (
          <button
            type="button"
            className="icon-btn size-8"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? t('home.marquee.play') : t('home.marquee.pause')}
          >
            {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      {market.data?.usingFallback ? (
        <div className="mx-auto max-w-7xl px-4 pb-2 sm:px-6">
          <MarketStatus market={market.data} className="text-xs" />
        </div>
      ) : null}
    </section>
  );
}
