import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The latest market data per supported coin, as last read from the price feed. Prices are
 * exact decimals (never a float column): the feed's number is kept as it was sent, and a
 * pair's rate is divided out of these strings. One row per coin, overwritten on each refresh.
 */
export const coinPrices = pgTable(
  'coin_prices',
  {
    symbol: text('symbol').primaryKey(),
    /** The feed's id for the coin (CoinGecko's, e.g. `bitcoin`). */
    coinId: text('coin_id').notNull().unique(),
    name: text('name').notNull(),
    priceUsd: numeric('price_usd', { precision: 38, scale: 18 }).notNull(),
    change24hPct: numeric('change_24h_pct', { precision: 14, scale: 4 }),
    marketCapUsd: numeric('market_cap_usd', { precision: 30, scale: 2 }),
    /** When the feed says it last priced the coin. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    /** When we read it: what `lastUpdated` reports. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('coin_prices_price_positive', sql`${t.priceUsd} > 0`)],
);

/**
 * Daily closes in USD (BTC for the Markets chart), so the chart draws from our database and
 * works offline. Today's row is provisional and overwritten until the day ends.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    symbol: text('symbol').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    closeUsd: numeric('close_usd', { precision: 38, scale: 18 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.day] }), check('price_history_close_positive', sql`${t.closeUsd} > 0`)],
);

/**
 * One row: when the feed may next be called, shared by every app instance so that together
 * they never call it faster than the refresh interval or a 429's back-off allow.
 */
export const priceFeedState = pgTable(
  'price_feed_state',
  {
    id: smallint('id').primaryKey().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    historyFetchedAt: timestamp('history_fetched_at', { withTimezone: true }),
    /** Failed attempts in a row; the back-off doubles with each. */
    failures: integer('failures').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (t) => [check('price_feed_state_single_row', sql`${t.id} = 1`)],
);
