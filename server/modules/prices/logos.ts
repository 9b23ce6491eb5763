import { coinBySymbol } from '../../../contract/prices';

/**
 * Coin logos that ship with the app: a badge in the coin's brand colour with its ticker,
 * drawn here, so no page loads an image from another host. (The coins' real artwork is
 * not bundled; swapping in files later changes only `coinLogoUrl`.)
 */

const GENERIC_COLOR = '#64748B';

/** Black or white text, whichever reads better on `hex`. */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.6 ? '#111827' : '#FFFFFF';
}

function badge(label: string, color: string, title: string): string {
  const size = label.length <= 3 ? 22 : label.length === 4 ? 18 : 14;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${title}">
<title>${title}</title>
<circle cx="32" cy="32" r="31" fill="${color}"/>
<circle cx="32" cy="32" r="26" fill="none" stroke="${textOn(color)}" stroke-opacity="0.25" stroke-width="2"/>
<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700" font-size="${size}" fill="${textOn(color)}">${label}</text>
</svg>`;
}

/** The badge for a supported coin, else null. Labels and titles come from our own list only. */
export function coinLogoSvg(symbol: string): string | null {
  const coin = coinBySymbol(symbol);
  return coin ? badge(coin.symbol, coin.color, `${coin.name} (${coin.symbol})`) : null;
}

/** For a broken or unknown logo. */
export const genericCoinLogoSvg = (): string => badge('¤', GENERIC_COLOR, 'Coin');
