import { GENERIC_COIN_LOGO, coinLogoUrl } from '@contract/coin-logos';

/** A coin's shipped logo; the generic coin logo when it fails to load. */
export function CoinLogo({
  symbol,
  src,
  size = 32,
  className = '',
}: {
  symbol: string;
  src?: string;
  size?: number;
  className?: string;
}) {
  return (
    <img
      src={src ?? coinLogoUrl(symbol)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-full ${className}`}
      onError={(event) => {
        const img = event.currentTarget;
        // Only once: if the generic logo fails too, leave the broken image rather than loop.
        if (!img.src.endsWith(GENERIC_COIN_LOGO)) img.src = GENERIC_COIN_LOGO;
      }}
    />
  );
}
