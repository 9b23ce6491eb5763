import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/i18n';
import {
  EXAMPLE_PORTFOLIO,
  fallbackRate,
  formatAge,
  freshness,
  newestUpdate,
  portfolioTotal,
  shareOf,
  valueAsset,
  type Holding,
} from './portfolio';

const btc: Holding = { name: 'Bitcoin', symbol: 'BTC', balance: 0.5, referenceValue: 40_000 };
const NOW = Date.parse('2026-01-01T12:00:00Z');

describe('example portfolio', () => {
  it('holds the ten coins of the spec fallback set', () => {
    expect(EXAMPLE_PORTFOLIO.map((h) => h.symbol)).toEqual([
      'BTC',
      'ETH',
      'LTC',
      'XRP',
      'ADA',
      'DOT',
      'UNI',
      'SOL',
      'SRM',
      'RAY',
    ]);
  });

  it('derives the fallback rate as value divided by balance', () => {
    expect(fallbackRate(btc)).toBe(80_000);
  });
});

describe('valueAsset', () => {
  it('values a holding at a valid live rate', () => {
    const asset = valueAsset(btc, {
      body: { symbol: 'BTC_USD', rate: 90_000, lastUpdated: '2026-01-01T11:59:00Z', usingFallback: false },
    });
    expect(asset).toMatchObject({
      rate: 90_000,
      value: 45_000,
      usingFallback: false,
      problem: null,
      lastUpdated: '2026-01-01T11:59:00Z',
    });
  });

  it('keeps the server fallback flag when the server answered from its shipped set', () => {
    expect(
      valueAsset(btc, { body: { rate: 94_000, lastUpdated: '2025-01-01T00:00:00Z', usingFallback: true } })
        .usingFallback,
    ).toBe(true);
  });

  it.each([
    ['a null rate', { rate: null }],
    ['a missing rate', {}],
    ['a zero rate', { rate: 0 }],
    ['a negative rate', { rate: -5 }],
    ['a text rate', { rate: '90000' }],
    ['no body at all', null],
  ])('falls back on %s with "Invalid rate response for BTC"', (_case, body) => {
    const asset = valueAsset(btc, { body });
    expect(asset).toMatchObject({
      rate: 80_000,
      value: 40_000,
      usingFallback: true,
      problem: 'Invalid rate response for BTC',
      lastUpdated: null,
    });
  });

  it('falls back with the failure message when the call failed', () => {
    expect(valueAsset(btc, { failure: 'Could not reach the server.' })).toMatchObject({
      value: 40_000,
      usingFallback: true,
      problem: 'Could not reach the server.',
    });
  });
});

describe('portfolio figures', () => {
  const a = valueAsset(btc, { body: { rate: 90_000 } });
  const b = valueAsset(
    { name: 'Ripple', symbol: 'XRP', balance: 1000, referenceValue: 2000 },
    { body: { rate: 2.35 } },
  );

  it('sums values to the total and shares to 100%', () => {
    expect(portfolioTotal([a, b])).toBe(47_350);
    expect(shareOf(a.value, 47_350)).toBe(95.04);
    expect(shareOf(b.value, 47_350)).toBe(4.96);
    expect(shareOf(10, 0)).toBe(0);
  });

  it('takes the newest rate time', () => {
    const older = { ...a, lastUpdated: '2026-01-01T10:00:00Z' };
    const newer = { ...b, lastUpdated: '2026-01-01T11:00:00Z' };
    expect(newestUpdate([older, newer])).toBe('2026-01-01T11:00:00Z');
    expect(newestUpdate([{ ...a, lastUpdated: null }])).toBeNull();
  });
});

describe('freshness', () => {
  it('is fresh up to 300 s, stale after, never without a time', () => {
    expect(freshness('2026-01-01T11:55:00Z', NOW)).toEqual({ state: 'fresh', seconds: 300 });
    expect(freshness('2026-01-01T11:54:59Z', NOW)).toEqual({ state: 'stale', seconds: 301 });
    expect(freshness(null, NOW)).toEqual({ state: 'never' });
    expect(freshness('not a date', NOW)).toEqual({ state: 'never' });
  });

  it('says how old a rate is', () => {
    const t = testI18n.getFixedT('en', 'publicPages');
    expect(formatAge(42, t)).toBe('42 s ago');
    expect(formatAge(301, t)).toBe('5 min ago');
    expect(formatAge(7200, t)).toBe('2 h ago');
    expect(formatAge(86_400, t)).toBe('1 day ago');
    expect(formatAge(3 * 86_400, t)).toBe('3 days ago');
  });

  it('says it in the language asked for, with its plural forms', () => {
    const ru = testI18n.getFixedT('ru', 'publicPages');
    expect(formatAge(86_400, ru)).toBe('1 день назад');
    expect(formatAge(3 * 86_400, ru)).toBe('3 дня назад');
    expect(formatAge(5 * 86_400, ru)).toBe('5 дней назад');
    expect(formatAge(2 * 86_400, testI18n.getFixedT('es', 'publicPages'))).toBe('hace 2 días');
  });
});
