import { SUPPORTED_COINS } from '../../../contract/prices';

/**
 * FALLBACK PRICES, shipped with the app. Answered only for a coin that has never been read
 * from the feed (a fresh install with no internet), always flagged `usingFallback: true` and
 * dated FALLBACK_DATE. They are rounded, approximate USD prices around that date, good for a
 * page that must show something; a live read replaces each coin's at the first refresh.
 * No 24 h change or market cap is shipped: those are shown only from live data.
 */
export const FALLBACK_DATE = '2025-01-01';
export const FALLBACK_AT = `${FALLBACK_DATE}T00:00:00.000Z`;

export const FALLBACK_USD: Readonly<Record<string, string>> = {
  BTC: '94000',
  ETH: '3350',
  USDT: '1',
  BNB: '705',
  SOL: '190',
  XRP: '2.35',
  USDC: '1',
  ADA: '0.90',
  DOGE: '0.33',
  TRX: '0.26',
  AVAX: '39',
  DOT: '7.0',
  LINK: '21',
  LTC: '105',
  BCH: '450',
  UNI: '13.5',
  XLM: '0.36',
  ATOM: '6.6',
  XMR: '195',
  ETC: '27',
  FIL: '5.2',
  ALGO: '0.36',
  VET: '0.047',
  ICP: '10.5',
  HBAR: '0.28',
  NEAR: '5.2',
  AAVE: '320',
  GRT: '0.19',
  XTZ: '1.30',
  EOS: '0.83',
  ZEC: '60',
  DASH: '38',
  MANA: '0.48',
  SAND: '0.60',
  KSM: '30',
  SRM: '0.03',
  RAY: '5.0',
  ONE: '0.024',
};

// A coin added to the list without a fallback price would answer 404 offline: fail at start-up instead.
for (const c of SUPPORTED_COINS) {
  if (!FALLBACK_USD[c.symbol]) throw new Error(`no fallback price for ${c.symbol}`);
}
