import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SUPPORTED_COINS } from '../../../contract/prices';
import type { SiteSettings } from '../../../contract/settings';
import { coinPrices, priceFeedState } from '../../db/schema';
import { createTestApp, signIn, type TestContext } from '../../test/app';
import { startCoingeckoFake, type FakeCoingecko } from '../../test/coingecko-fake';
import { FALLBACK_AT, FALLBACK_USD } from './fallback';
import { priceRefreshJob } from './job';
import { refreshPrices } from './refresh';

let t: TestContext;
let fake: FakeCoingecko;
let admin: Awaited<ReturnType<typeof signIn>>;
let deadEndpoint: string;

const DAY = 86_400_000;
const MIN = 60_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const get = (url: string, remoteAddress = '10.50.0.1') => t.app.inject({ method: 'GET', url, remoteAddress });
const rate = async (pair: string) => (await get(`/api/utils/crypto-rates/${pair}`)).json();
const settings = async (): Promise<SiteSettings> => t.app.settings.get();
const useEndpoint = (coingeckoEndpoint: string) =>
  t.app.settings.update({ coingeckoEndpoint, priceRefreshSeconds: 60 }, admin.userId);
const resetFeedState = () => t.database.db.delete(priceFeedState);
const marketCalls = () => fake.requests.filter((r) => r.path.endsWith('/coins/markets')).length;
const chartCalls = () => fake.requests.filter((r) => r.path.endsWith('/market_chart'));

/** The test's own clock, always ahead of the real one (the admin's Run now uses real time). */
let clock = Date.now() + DAY;
const later = (ms: number) => new Date((clock += ms));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  fake = await startCoingeckoFake();
  // A port nothing listens on: the feed "unreachable", as on a machine without internet.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  deadEndpoint = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/api/v3`;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(async () => {
  await fake.stop();
  await t.close();
});

describe('before any live read', () => {
  it('answers from the shipped fallback set, flagged, when the cache is empty and the feed unreachable', async () => {
    await useEndpoint(deadEndpoint);
    const outcome = await refreshPrices(t.database.db, await settings(), later(0));
    expect(outcome).toMatchObject({ status: 'failed', updated: 0 });
    expect(outcome.error).toMatch(/unreachable/);

    expect(await rate('BTC_USD')).toEqual({
      symbol: 'BTC_USD',
      rate: Number(FALLBACK_USD.BTC),
      lastUpdated: FALLBACK_AT,
      usingFallback: true,
    });
    expect((await rate('USD_BTC')).rate).toBeCloseTo(1 / Number(FALLBACK_USD.BTC), 15);

    const market = (await get('/api/utils/market')).json();
    expect(market.data).toHaveLength(38);
    expect(market.data.map((i: { symbol: string }) => i.symbol)).toEqual(SUPPORTED_COINS.map((c) => c.symbol));
    expect(market.data[0]).toEqual({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      image: '/api/utils/coin-logos/BTC.svg',
      current_price: 94000,
      price_change_percentage_24h: null,
      market_cap: null,
      lastUpdated: FALLBACK_AT,
      usingFallback: true,
    });
    expect(market.data.at(-1)).toMatchObject({ symbol: 'ONE', name: 'Harmony' });
    expect(market).toMatchObject({
      topGainers: [],
      topLosers: [],
      totalMarketCap: null,
      usingFallback: true,
      lastUpdated: FALLBACK_AT,
      fallbackDate: '2025-01-01',
    });

    expect((await get('/api/utils/market/btc-history?days=7')).json()).toEqual({
      symbol: 'BTC',
      pair: 'BTCUSDT',
      data: [],
      lastUpdated: null,
    });
  });
});

describe('live feed (a CoinGecko-compatible fake on loopback)', () => {
  beforeAll(async () => {
    await resetFeedState();
    await useEndpoint(fake.url);
    fake.coins.set('bitcoin', {
      current_price: 100000.5,
      price_change_percentage_24h: 2.5,
      market_cap: 1_980_000_000_000.25,
    });
    fake.coins.set('ethereum', {
      current_price: 3000.25,
      price_change_percentage_24h: -1.25,
      market_cap: 360_000_000_000,
    });
    fake.coins.set('solana', { current_price: 200, price_change_percentage_24h: 10.75, market_cap: 90_000_000_000 });
    fake.coins.set('dogecoin', {
      current_price: 0.1234,
      price_change_percentage_24h: -5.5,
      market_cap: 18_000_000_000,
    });
    fake.coins.set('cardano', { current_price: 0.5, price_change_percentage_24h: 0.5, market_cap: 17_000_000_000 });
    fake.coins.set('ripple', { current_price: 2, price_change_percentage_24h: -0.1, market_cap: 110_000_000_000 });
    fake.coins.set('binancecoin', { current_price: 600, price_change_percentage_24h: 1, market_cap: 88_000_000_000.5 });
    fake.coins.set('not-a-supported-coin', { current_price: 5 });
    // Four midnights and "now": closes for the four days before today, and today's so far.
    fake.charts.set('bitcoin', [
      [today - 3 * DAY, 90_000],
      [today - 2 * DAY, 91_000.5],
      [today - DAY, 92_000],
      [today, 93_000],
      [today + 12 * 60 * MIN, 94_500.25],
    ]);
  });

  it("the admin's Run now reads every supported coin in one call, and the BTC history", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/price-refresh/run', cookies: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().job).toMatchObject({ name: 'price-refresh', lastAffected: 7, lastError: null });
    const [call] = fake.requests.filter((r) => r.path === '/api/v3/coins/markets');
    expect(call!.query).toMatchObject({ vs_currency: 'usd', ids: SUPPORTED_COINS.map((c) => c.coingeckoId).join(',') });
    expect(chartCalls().map((c) => c.query)).toEqual([{ vs_currency: 'usd', days: '365', interval: 'daily' }]);
  });

  it('stores the price as an exact decimal and serves rates from the cache', async () => {
    const [row] = await t.database.db.select().from(coinPrices).where(eq(coinPrices.symbol, 'BTC'));
    expect(row!.priceUsd).toMatch(/^100000\.50*$/);
    expect(row!.marketCapUsd).toMatch(/^1980000000000\.25$/);

    const btc = await rate('BTC_USD');
    expect(btc).toMatchObject({ symbol: 'BTC_USD', rate: 100000.5, usingFallback: false });
    expect(Date.now() - Date.parse(btc.lastUpdated)).toBeLessThan(60_000);

    const inverse = await rate('usd_btc');
    expect(inverse.symbol).toBe('USD_BTC');
    // Both exact in binary, so IEEE division gives the correctly rounded quotient to compare with.
    expect(inverse.rate).toBe(1 / 100000.5);
    expect(Math.abs(inverse.rate * 100000.5 - 1)).toBeLessThan(1e-15);
    expect((await rate('BTC_ETH')).rate).toBeCloseTo(100000.5 / 3000.25, 12);
    expect((await rate('USDT-TRON_USD')).usingFallback).toBe(true);

    const res = await get('/api/utils/crypto-rates/ETH_USD');
    expect(res.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    // Errors are not cached.
    expect((await get('/api/utils/crypto-rates/FOO_USD')).headers['cache-control']).toBe('no-store');
  });

  it('computes gainers, losers and the total cap from the cache; coins never read stay on the fallback', async () => {
    const market = (await get('/api/utils/market')).json();
    const sym = (items: { symbol: string }[]) => items.map((i) => i.symbol);
    expect(sym(market.topGainers)).toEqual(['SOL', 'BTC', 'BNB']);
    expect(sym(market.topLosers)).toEqual(['DOGE', 'ETH', 'XRP']);
    expect(market.totalMarketCap).toBe(
      1_980_000_000_000.25 +
        360_000_000_000 +
        90_000_000_000 +
        18_000_000_000 +
        17_000_000_000 +
        110_000_000_000 +
        88_000_000_000.5,
    );
    expect(market.data.find((i: { symbol: string }) => i.symbol === 'SOL')).toMatchObject({
      current_price: 200,
      price_change_percentage_24h: 10.75,
      usingFallback: false,
    });
    expect(market.data.find((i: { symbol: string }) => i.symbol === 'LTC')).toMatchObject({
      current_price: 105,
      market_cap: null,
      usingFallback: true,
      lastUpdated: FALLBACK_AT,
    });
    expect(market.usingFallback).toBe(true);
    expect(Date.parse(market.lastUpdated)).toBeGreaterThan(Date.parse(FALLBACK_AT));
  });

  it('serves daily BTC closes (a midnight point closes the day before)', async () => {
    const all = (await get('/api/utils/market/btc-history?days=365')).json();
    expect(all.data).toEqual([
      { date: iso(today - 4 * DAY), close: 90_000 },
      { date: iso(today - 3 * DAY), close: 91_000.5 },
      { date: iso(today - 2 * DAY), close: 92_000 },
      { date: iso(today - DAY), close: 93_000 },
      { date: iso(today), close: 94_500.25 },
    ]);
    expect(all.lastUpdated).not.toBeNull();
    expect(
      (await get('/api/utils/market/btc-history?days=2')).json().data.map((d: { date: string }) => d.date),
    ).toEqual([iso(today - DAY), iso(today)]);
    expect((await get('/api/utils/market/btc-history')).json().data).toHaveLength(5);
    for (const q of ['days=0', 'days=366', 'days=abc', 'days=1.5'])
      expect((await get(`/api/utils/market/btc-history?${q}`)).statusCode).toBe(400);
  });

  it('calls the feed no faster than the interval; history hourly, for the missing days only', async () => {
    // This clock runs a day ahead of the Run now above, so the first read here takes the history too.
    const before = marketCalls();
    expect((await refreshPrices(t.database.db, await settings(), later(0))).status).toBe('refreshed');
    const charts = chartCalls().length;
    expect((await refreshPrices(t.database.db, await settings(), later(30_000))).status).toBe('not-due');
    expect(marketCalls()).toBe(before + 1);
    expect((await refreshPrices(t.database.db, await settings(), later(31_000))).status).toBe('refreshed');
    expect(marketCalls()).toBe(before + 2);
    expect(chartCalls()).toHaveLength(charts);

    await refreshPrices(t.database.db, await settings(), later(61 * MIN));
    expect(chartCalls()).toHaveLength(charts + 1);
    expect(Number(chartCalls().at(-1)!.query.days)).toBeLessThanOrEqual(4);
  });

  it('ignores a coin whose price is missing, zero or negative, keeping its last good price', async () => {
    fake.coins.set('bitcoin', { current_price: null, price_change_percentage_24h: 3 });
    fake.coins.set('ethereum', { current_price: -1 });
    fake.coins.set('solana', { current_price: 0 });
    const outcome = await refreshPrices(t.database.db, await settings(), later(2 * MIN));
    expect(outcome).toMatchObject({ status: 'refreshed', updated: 4 });
    expect((await rate('BTC_USD')).rate).toBe(100000.5);
    expect((await rate('ETH_USD')).rate).toBe(3000.25);
    expect((await rate('SOL_USD')).rate).toBe(200);
    fake.coins.set('bitcoin', {
      current_price: 100000.5,
      price_change_percentage_24h: 2.5,
      market_cap: 1_980_000_000_000.25,
    });
    fake.coins.set('ethereum', {
      current_price: 3000.25,
      price_change_percentage_24h: -1.25,
      market_cap: 360_000_000_000,
    });
    fake.coins.set('solana', { current_price: 200, price_change_percentage_24h: 10.75, market_cap: 90_000_000_000 });
  });
});

describe('feed down', () => {
  it('serves the last known rates, not the fallback, with their old time; backs off while it stays down', async () => {
    const lastGood = (await rate('BTC_USD')).lastUpdated;
    fake.failNext(1, 500);
    const first = await refreshPrices(t.database.db, await settings(), later(2 * MIN));
    expect(first).toMatchObject({ status: 'failed', error: 'Price feed answered HTTP 500' });
    expect(first.nextAttemptAt.getTime() - clock).toBe(2 * MIN);

    await useEndpoint(deadEndpoint);
    expect((await refreshPrices(t.database.db, await settings(), later(MIN))).status).toBe('not-due');
    const second = await refreshPrices(t.database.db, await settings(), later(MIN));
    expect(second.status).toBe('failed');
    expect(second.nextAttemptAt.getTime() - clock).toBe(4 * MIN);

    expect(await rate('BTC_USD')).toEqual({
      symbol: 'BTC_USD',
      rate: 100000.5,
      lastUpdated: lastGood,
      usingFallback: false,
    });
    const [state] = await t.database.db.select().from(priceFeedState);
    expect(state).toMatchObject({ failures: 2, lastStatus: null });
    expect(state!.lastError).toMatch(/unreachable/);

    await useEndpoint(fake.url);
    expect((await refreshPrices(t.database.db, await settings(), later(4 * MIN))).status).toBe('refreshed');
    expect((await t.database.db.select().from(priceFeedState))[0]).toMatchObject({ failures: 0, lastError: null });
  });
});

describe('HTTP 429 from the feed', () => {
  it("waits as long as Retry-After asks, and the job's next run follows it", async () => {
    await resetFeedState();
    const job = priceRefreshJob({ get: settings });
    fake.failNext(1, 429, { 'Retry-After': '600' });
    const before = fake.requests.length;
    await expect(job.run(t.database.db, later(0))).rejects.toThrow('Price feed rate limit reached (HTTP 429)');
    expect(job.intervalMs).toBe(600_000);

    expect((await refreshPrices(t.database.db, await settings(), later(5 * MIN))).status).toBe('not-due');
    expect(fake.requests.length).toBe(before + 1);
    expect(await job.run(t.database.db, later(5 * MIN + 1000))).toBe(7);
    expect(job.intervalMs).toBe(60_000);
  });

  it('without Retry-After, doubles the wait with each 429 in a row', async () => {
    await resetFeedState();
    fake.failNext(3, 429);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const now = later(i === 0 ? 0 : waits[i - 1]!);
      waits.push((await refreshPrices(t.database.db, await settings(), now)).nextAttemptAt.getTime() - now.getTime());
    }
    expect(waits).toEqual([2 * MIN, 4 * MIN, 8 * MIN]);
  });
});

describe('bad requests', () => {
  it('404 for a pair we do not price, 400 for a malformed one', async () => {
    for (const pair of ['FOO_USD', 'USD_FOO', 'USD_USD', 'BTC_BTC', 'BTC_EUR']) {
      const res = await get(`/api/utils/crypto-rates/${pair}`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'UNKNOWN_PAIR']);
      expect(res.json().message).toContain(pair);
    }
    for (const pair of ['BTCUSD', 'BTC_', '_USD', 'BTC_USD_ETH', 'B%24C_USD', 'A_USD']) {
      const res = await get(`/api/utils/crypto-rates/${pair}`);
      expect([pair, res.statusCode, res.json().code]).toEqual([pair, 400, 'VALIDATION_FAILED']);
    }
  });
});

describe('several pairs in one request', () => {
  it('answers each pair as its own request would, in the order asked; an unknown pair is refused in place', async () => {
    const pairs = ['ETH_USD', 'btc_usd', 'FOO_USD', 'USD_BTC', 'BTC_ETH', 'USD_USD', 'ETH_USD'];
    const res = await get(`/api/utils/crypto-rates?pairs=${pairs.join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    const singles = await Promise.all(pairs.map(async (pair) => (await get(`/api/utils/crypto-rates/${pair}`)).json()));
    expect(res.json().data).toEqual(
      singles.map((single, i) =>
        'code' in single
          ? { symbol: pairs[i]!.toUpperCase(), error: { code: single.code, message: single.message } }
          : single,
      ),
    );
    expect(res.json().data[2]).toEqual({
      symbol: 'FOO_USD',
      error: { code: 'UNKNOWN_PAIR', message: expect.stringContaining('FOO_USD') },
    });
    expect(res.json().data[0]).toMatchObject({ symbol: 'ETH_USD', rate: expect.any(Number) });
  });

  it('refuses a malformed pair, an empty list or more than 40 pairs as a whole (400)', async () => {
    const forty = SUPPORTED_COINS.slice(0, 40).map((c) => `${c.symbol}_USD`);
    expect(forty.length).toBeLessThanOrEqual(40);
    const tooMany = [...forty, ...forty].slice(0, 41).join(',');
    for (const [query, field] of [
      ['pairs=BTC_USD,BTCUSD', 'pairs.1'],
      ['pairs=', 'pairs.0'],
      ['pairs=BTC_USD,,ETH_USD', 'pairs.1'],
      ['', 'pairs'],
      [`pairs=${tooMany}`, 'pairs'],
      [`pairs=${'A'.repeat(2000)}_USD`, 'pairs'],
    ] as const) {
      const res = await get(`/api/utils/crypto-rates?${query}`);
      expect([query.slice(0, 40), res.statusCode, res.json().code]).toEqual([
        query.slice(0, 40),
        400,
        'VALIDATION_FAILED',
      ]);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const all = await get(`/api/utils/crypto-rates?pairs=${forty.join(',')}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(forty.length);
  });
});

describe('logos ship with the app', () => {
  it('serves an SVG badge per supported coin and a generic one', async () => {
    const btc = await get('/api/utils/coin-logos/BTC.svg');
    expect(btc.statusCode).toBe(200);
    expect(btc.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(btc.body).toContain('>BTC</text>');
    expect(btc.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/api/utils/coin-logos/generic.svg')).statusCode).toBe(200);
    expect((await get('/api/utils/coin-logos/FOO.svg')).statusCode).toBe(404);
    expect((await get('/api/utils/coin-logos/BTC.png')).statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits the market endpoint per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) codes.push((await get('/api/utils/market', '10.51.0.1')).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(codes[120]).toBe(429);
    expect((await get('/api/utils/market', '10.51.0.2')).statusCode).toBe(200);
  });
});
