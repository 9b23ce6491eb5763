import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { watchErrors } from './page';
import { blockingViolations, expectAccessible, prepareScan, THEMES } from './axe';

/**
 * Browser tests of Home, Markets and Asset Management (issue 6). The test server has no internet, so the real
 * API serves its shipped fallback prices; live data is simulated with routes.
 */

interface Item {
  symbol: string;
  current_price: number;
  price_change_percentage_24h: number | null;
  market_cap: number | null;
  usingFallback: boolean;
  lastUpdated: string | null;
}

/** Turns the server's fallback market into a live-looking one with known movers and cap. */
async function simulateLiveMarket(page: Page) {
  await page.route('**/api/utils/market', async (route) => {
    const body = (await (await route.fetch()).json()) as { data: Item[] };
    const now = new Date().toISOString();
    const data = body.data.map((d, i) => ({
      ...d,
      usingFallback: false,
      lastUpdated: now,
      price_change_percentage_24h: i - 10,
      market_cap: 1_000_000_000,
    }));
    await route.fulfill({
      json: {
        ...body,
        data,
        usingFallback: false,
        lastUpdated: now,
        topGainers: data.slice(-3).reverse(),
        topLosers: data.slice(0, 3),
        totalMarketCap: 38_000_000_000,
      },
    });
  });
  await page.route('**/api/utils/market/btc-history*', (route) =>
    route.fulfill({
      json: {
        symbol: 'BTC',
        pair: 'BTCUSDT',
        data: Array.from({ length: 30 }, (_, i) => ({
          date: `2025-01-${String(i + 1).padStart(2, '0')}`,
          close: 90_000 + i * 100,
        })),
        lastUpdated: new Date().toISOString(),
      },
    }),
  );
}

test('home: marquee, plans grid with Most Popular on the second, popular assets, risk note', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/MineVest/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /investment plans/);

  const marquee = page.getByTestId('price-marquee');
  await expect(marquee.getByTestId('marquee-list').locator('li')).toHaveCount(8);
  await expect(marquee.getByText('BTC', { exact: true }).first()).toBeVisible();
  // Offline, the prices are the shipped reference set and the page says so.
  await expect(marquee.getByTestId('market-fallback')).toContainText('Live market data unavailable');

  const plans = page.getByTestId('home-plans');
  const cards = plans.getByTestId('plan-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByRole('heading')).toHaveText('Starter');
  await expect(cards.nth(1).getByRole('heading')).toHaveText('Growth');
  await expect(cards.nth(2).getByRole('heading')).toHaveText('Premium');
  await expect(plans.getByTestId('most-popular')).toHaveCount(1);
  await expect(cards.nth(1).getByTestId('most-popular')).toHaveText('Most Popular');
  await expect(cards.nth(0)).toContainText('$100.00');
  await expect(cards.nth(0)).toContainText('$4,999.00');
  await expect(cards.nth(0)).toContainText('30 days');
  await expect(cards.nth(0)).toContainText('6%');
  await expect(cards.nth(1).getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/register');
  await expect(plans.getByTestId('risk-note')).toContainText('returns are not guaranteed');
  await expect(plans.getByTestId('risk-note').getByRole('link', { name: 'Read the Terms' })).toHaveAttribute(
    'href',
    /^\/terms/,
  );

  const assets = page.getByTestId('popular-assets');
  await expect(assets.getByTestId('popular-asset')).toHaveCount(12);
  await expect(assets.getByRole('link', { name: 'View All Assets' })).toHaveAttribute('href', '/markets');
  await expect(page.getByRole('link', { name: 'Learn more about us' })).toHaveAttribute('href', '/about-us');

  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test.describe('with motion', () => {
  // Visitors who asked for reduced motion get a still carousel (tested below).
  test.use({ reducedMotion: 'no-preference' });

  test('home: the testimonial carousel advances every 3 s, and stops on request', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByTestId('testimonials');
    await expect(carousel.locator('[data-testid="testimonial-slide"][data-visible="true"]')).toHaveCount(3);
    // Hydrated (the footer gains the year), so the slide show's timer is set. From here on the
    // page's time stands still but when the test moves it: the timer is due at the pause and
    // then every 3 s after it.
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} MineVest`);
    await page.clock.pauseAt(Date.now() + 60_000);
    const first = (await carousel.getAttribute('data-index'))!;
    await page.clock.runFor(2_999);
    await expect(carousel).toHaveAttribute('data-index', first);
    await page.clock.runFor(1);
    await expect(carousel).not.toHaveAttribute('data-index', first);

    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await page.mouse.move(0, 0);
    const held = (await carousel.getAttribute('data-index'))!;
    await page.clock.runFor(3_500);
    await expect(carousel).toHaveAttribute('data-index', held);
    await page.getByRole('button', { name: 'Next testimonials' }).click();
    await expect(carousel).not.toHaveAttribute('data-index', held);

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(carousel.locator('[data-testid="testimonial-slide"][data-visible="true"]')).toHaveCount(1);
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(carousel.locator('[data-testid="testimonial-slide"][data-visible="true"]')).toHaveCount(2);
  });
});

test('markets offline: clear unavailable states, never invented numbers', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/markets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crypto markets at a glance');
  await expect(page).toHaveTitle(/^Markets · /);
  await expect(page.getByTestId('market-fallback')).toContainText('Live market data unavailable');
  await expect(page.getByTestId('market-cap')).toContainText('Live market data unavailable');
  await expect(page.getByTestId('market-cap-value')).toHaveCount(0);
  await expect(page.getByTestId('top-gainers')).toContainText('Live market data unavailable');
  await expect(page.getByTestId('top-losers')).toContainText('Live market data unavailable');
  await expect(page.getByTestId('btc-chart-empty')).toBeVisible();
  await expect(page.getByTestId('insight-card')).toHaveCount(5);
  await expect(page.getByTestId('all-assets').locator('tbody tr')).toHaveCount(38);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('markets live: top 3 gainers and losers, cap in billions, BTCUSDT chart', async ({ page }) => {
  const errors = watchErrors(page);
  await simulateLiveMarket(page);
  await page.goto('/markets');
  await expect(page.getByTestId('market-live')).toBeVisible();
  await expect(page.getByTestId('top-gainers').getByTestId('mover')).toHaveCount(3);
  await expect(page.getByTestId('top-gainers').getByTestId('mover').first()).toContainText('+27.00%');
  await expect(page.getByTestId('top-losers').getByTestId('mover')).toHaveCount(3);
  await expect(page.getByTestId('top-losers').getByTestId('mover').first()).toContainText('-10.00%');
  await expect(page.getByTestId('market-cap-value')).toHaveText('$38.00B');
  await expect(page.getByTestId('btc-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('btc-chart').locator('canvas')).toHaveAttribute(
    'aria-label',
    /BTCUSDT daily close from/,
  );
  await page.getByRole('button', { name: '30D' }).click();
  await expect(page.getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
  expect(errors).toEqual([]);
});

test('asset management: overlay while loading, totals, selection, fallback per asset', async ({ page }) => {
  const errors = watchErrors(page);
  const now = new Date().toISOString();
  // The rates are held until the test has seen the overlay that covers their loading.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Every rate of the page comes in one request (the pairs in one query), none one by one.
  const rateRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/utils/crypto-rates')) rateRequests.push(new URL(r.url()).pathname);
  });
  await page.route('**/api/utils/crypto-rates?*', async (route) => {
    await released;
    const body = (await (await route.fetch()).json()) as { data: { symbol: string }[] };
    const data = body.data.map((answer) =>
      answer.symbol === 'SRM_USD'
        ? { symbol: answer.symbol, rate: null, lastUpdated: now, usingFallback: false }
        : answer.symbol === 'RAY_USD'
          ? { symbol: answer.symbol, error: { code: 'UNKNOWN_PAIR', message: 'No rate for RAY_USD today' } }
          : { ...answer, lastUpdated: now, usingFallback: false },
    );
    return route.fulfill({ json: { data } });
  });
  await page.goto('/asset-management');
  await expect(page.getByTestId('assets-overlay')).toHaveText('Updating Asset Values...');
  release();
  await expect(page.getByTestId('assets-overlay')).toHaveCount(0);
  expect(rateRequests).toEqual(['/api/utils/crypto-rates']);
  await expect(page).toHaveTitle(/^Asset Management · /);
  await expect(page.getByTestId('example-notice')).toContainText('example portfolio');

  await expect(page.getByTestId('asset-list').getByRole('button')).toHaveCount(10);
  await expect(page.getByTestId('portfolio-table').locator('tbody tr')).toHaveCount(10);
  // Offline, the server's reference rates: 0.85 BTC at $94,000 is $79,900.00.
  await expect(page.getByTestId('asset-details')).toContainText('$79,900.00');
  const total = await page.getByTestId('portfolio-total').textContent();
  await expect(page.getByTestId('portfolio-table-total')).toHaveText(total!);
  await expect(page.getByTestId('rate-freshness').first()).toHaveAttribute('data-state', 'fresh');
  // The donut's code loads as the reader nears it.
  await page.getByTestId('allocation').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-testid="allocation"] canvas')).toBeVisible();

  await page.getByTestId('asset-ETH').click();
  await expect(page.getByTestId('asset-ETH')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('asset-details')).toContainText('Ethereum');
  await expect(page.getByTestId('asset-details')).toContainText('12 ETH');

  await page.getByTestId('asset-SRM').click();
  await expect(page.getByTestId('asset-problem')).toContainText('Invalid rate response for SRM');
  await expect(page.getByTestId('asset-details')).toContainText('Reference rate');
  // A pair the server refused in its answer falls back on its own, with the server's words.
  await page.getByTestId('asset-RAY').click();
  await expect(page.getByTestId('asset-problem')).toContainText('No rate for RAY_USD today');
  await expect(page.getByTestId('asset-details')).toContainText('Reference rate');
  expect(errors).toEqual([]);
});

test('asset management: freshness is yellow for old rates and Never without a time', async ({ page }) => {
  await page.route('**/api/utils/crypto-rates?*', async (route) => {
    const pairs = new URL(route.request().url()).searchParams.get('pairs')!.split(',');
    const data = pairs.map((pair) => ({
      symbol: pair,
      rate: 2,
      lastUpdated: pair === 'BTC_USD' ? null : '2025-01-01T00:00:00.000Z',
      usingFallback: true,
    }));
    return route.fulfill({ json: { data } });
  });
  await page.goto('/asset-management');
  await expect(page.getByTestId('portfolio-summary').getByTestId('rate-freshness')).toHaveAttribute(
    'data-state',
    'stale',
  );
  await expect(page.getByTestId('asset-details').getByTestId('rate-freshness')).toHaveAttribute('data-state', 'never');
  await expect(page.getByTestId('asset-details').getByTestId('rate-freshness')).toContainText('Never');
});

/** Each page's data has arrived and is on screen (axe scans the page as it stays, not mid-load). */
const LOADED: Record<string, (page: Page) => Promise<void>> = {
  '/': homeLoaded,
  '/markets': async (page) => {
    await expect(page.getByTestId('all-assets').locator('tbody tr')).toHaveCount(38);
    await expect(page.getByTestId('btc-chart-empty').or(page.getByTestId('btc-chart').locator('canvas'))).toBeVisible();
    await expect(page.getByTestId('insight-card')).toHaveCount(5);
  },
  '/asset-management': async (page) => {
    await expect(page.getByTestId('portfolio-table').locator('tbody tr')).toHaveCount(10);
    await expect(page.getByTestId('assets-overlay')).toHaveCount(0);
  },
};

for (const theme of THEMES) {
  for (const path of ['/', '/markets', '/asset-management']) {
    test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
      await prepareScan(page, theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await LOADED[path]!(page);
      await expectAccessible(page, theme);
    });
  }
}

test('home with reduced motion: a still price list and a carousel that waits for the visitor', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.clock.install();
  await page.goto('/');
  const marquee = page.getByTestId('price-marquee');
  await expect(marquee.getByTestId('marquee-list').locator('li')).toHaveCount(8);
  await expect(marquee.getByRole('button', { name: /price ticker/ })).toHaveCount(0);
  const carousel = page.getByTestId('testimonials');
  await expect(page.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
  // Longer than a slide lasts, on the page's clock: the carousel stays put.
  await page.clock.runFor(3_500);
  await expect(carousel).toHaveAttribute('data-index', '0');
  await homeLoaded(page);
  expect(await blockingViolations(page)).toEqual([]);
});

/** Home's live parts have loaded: the price list, the plans and the popular assets. */
async function homeLoaded(page: Page): Promise<void> {
  await expect(page.getByTestId('price-marquee').getByTestId('marquee-list').locator('li')).toHaveCount(8);
  await expect(page.getByTestId('home-plans').getByTestId('plan-card')).toHaveCount(3);
  await expect(page.getByTestId('popular-assets').getByTestId('popular-asset')).toHaveCount(12);
}
