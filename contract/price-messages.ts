import { fill } from './fill';

/**
 * The price routes' messages, apart from their schemas: the web's asset screens word failures
 * with them and load no zod.
 */
export const PriceMsg = {
  malformedPair: 'Malformed currency pair: use {SYMBOL}_{SYMBOL}, e.g. BTC_USD or USD_BTC',
  unknownPair: (pair: string) =>
    fill(
      'No rate for {{pair}}: the supported pairs are {COIN}_USD, USD_{COIN} and {COIN}_{COIN} for the supported coins',
      { pair },
    ),
  tooManyPairs: (max: number) => fill('Ask for at most {{max}} pairs at once', { max: String(max) }),
  invalidRate: (symbol: string) => fill('Invalid rate response for {{symbol}}', { symbol }),
} as const;
