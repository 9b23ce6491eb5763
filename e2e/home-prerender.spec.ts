import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { watchErrors, type WithStorage } from './page';
import { submitLogin } from './accounts';
import { E2E_ADMIN } from './server';

/** The code of every script the page has loaded so far. */
async function loadedScriptCode(page: Page, request: APIRequestContext): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => /\/assets\/.+\.js$/.test(name)),
  );
  return Promise.all(urls.map(async (url) => (await request.get(url)).text()));
}

const HERO = 'Put industrial crypto mining to work for your portfolio';

test('/ arrives with Home pre-rendered and no inline script; other paths do not carry it', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('<div id="root" data-prerendered="/">');
  expect(home).toContain(HERO);
  // The CSP forbids inline scripts: every script is a file.
  for (const tag of home.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(' src=');
  for (const path of ['/plans', '/about-us', '/login']) {
    const page = await (await request.get(path)).text();
    expect(page, path).toContain(`<div id="root" data-prerendered="${path}">`);
    expect(page, path).not.toContain(HERO);
  }
  for (const path of ['/index.html', '/app/someone/dashboard', '/reset-password/abc']) {
    const page = await (await request.get(path)).text();
    expect(page, path).toContain('<div id="root"></div>');
  }
});

// A pre-rendered page's scripts only hydrate it: /hydrate.js requests them once the page has
// painted, so they never compete with the stylesheet for the first paint.
test('a pre-rendered page requests its scripts only after its first contentful paint', async ({ page }) => {
  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('title', /Switch to/);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.+\.js$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(paint, path).not.toBeNull();
    expect(scripts.length, path).toBeGreaterThan(5);
    for (const start of scripts) expect(start, path).toBeGreaterThan(paint!);
  }
});

// React Router's package exports name only its development build (remix-run/react-router#14102);
// the build takes its production one (vite.config.ts), so no page ships its development warnings.
test("the scripts a page loads carry React Router's production build, not its development one", async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('title', /Switch to/);
  const code = await loadedScriptCode(page, request);
  // The router is among them (an error its production build keeps)...
  expect(code.some((js) => js.includes('inside another <Router>'))).toBe(true);
  // ...without a warning only its development build has.
  expect(code.filter((js) => js.includes('does not have an element or Component'))).toEqual([]);
});

// The page's own code (its lazy route and what that imports) is preloaded beside the entry: the
// router's start finds it requested, instead of adding dozens of preload links in one long task.
test('a pre-rendered page preloads its route code with the entry; starting adds no preload', async ({ page }) => {
  // A phone's width: the wide header's company menu loads on demand, after the start.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/login', '/register', '/about-us']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const listed = ((await page.locator('script[src="/hydrate.js"]').getAttribute('data-preload')) ?? '').split(' ');
    const links = await page.locator('link[rel=modulepreload]').all();
    const linked = await Promise.all(
      links.map(async (link) => new URL((await link.getAttribute('href'))!, page.url()).pathname),
    );
    expect(
      listed.some((file) => /\/(Login|Register|About)-[\w-]+\.js$/.test(file)),
      path,
    ).toBe(true);
    expect(linked.length, path).toBeGreaterThan(5);
    // Without the route's code listed, the start added some forty.
    expect(
      linked.filter((file) => !listed.includes(file)),
      path,
    ).toEqual([]);
  }
});

// Shared chunks under 8 kB go into the chunks that use them (vite.config.ts): with the default
// split Home listed 46 modules and /login 81, most of them a few hundred bytes, each a preload
// link costing a phone's main thread ~2 ms and a module to fetch and link.
test('a pre-rendered page lists few modules to preload, not one per small shared piece', async ({ request }) => {
  for (const [path, most] of [
    ['/', 25],
    ['/login', 50],
  ] as const) {
    const html = await (await request.get(path)).text();
    const listed = /<script src="\/hydrate.js"[^>]*data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(listed.length, path).toBeGreaterThan(5);
    expect(listed.length, path).toBeLessThanOrEqual(most);
  }
});

// Each preload link costs the main thread a little, and a page lists dozens for /hydrate.js to
// add. It adds them one at a time, each in a task of its own (a MutationObserver hears of each
// task's insertions together), so no task of them is long enough for a tap to wait behind.
test('a pre-rendered page adds its listed preloads one in a task', async ({ page }) => {
  await page.addInitScript({
    content: `window.preloadBatches = [];
    new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n.rel === 'modulepreload');
      if (added.length) window.preloadBatches.push(added.map((n) => n.getAttribute('href')));
    }).observe(document, { subtree: true, childList: true });`,
  });
  for (const path of ['/', '/register']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const listed = ((await page.locator('script[src="/hydrate.js"]').getAttribute('data-preload')) ?? '').split(' ');
    // Its last pair may come after the page has hydrated; Vite's loader writes full URLs.
    await expect(page.locator('link[rel=modulepreload][href^="/"]'), path).toHaveCount(listed.length);
    // hydrate.js's own links, by their href as listed (root-relative): Vite's loader adds links
    // too, as full URLs, for what a lazy part imports (some of it listed, if it starts first).
    const batches = (
      await page.evaluate(() => (globalThis as unknown as { preloadBatches: string[][] }).preloadBatches)
    )
      .map((batch) => batch.filter((href) => href.startsWith('/')))
      .filter((batch) => batch.length > 0);
    expect(listed.length, path).toBeGreaterThan(10);
    expect(batches.flat().sort(), path).toEqual([...listed].sort());
    expect(Math.max(...batches.map((batch) => batch.length)), path).toBe(1);
  }
});

// A pre-rendered page hydrates part by part (header, page, footer). Its reads wait for the last
// part: a part hydrating later must find them as drawn (pending), not with what arrived meanwhile,
// which React reports as a hydration mismatch.
test('a pre-rendered page asks for its reads only once its last part has hydrated', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript({
    content: `new MutationObserver((_, observer) => {
      window.hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] });`,
  });
  for (const [path, card] of [
    ['/', 'plan-card'],
    ['/plans', 'public-plan-card'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(card).first()).toBeVisible();
    const { hydratedAt, reads } = (await page.evaluate(`({
      hydratedAt: window.hydratedAt,
      reads: performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => e.startTime),
    })`)) as { hydratedAt: number; reads: number[] };
    expect(reads.length, path).toBeGreaterThan(0);
    for (const start of reads) expect(start, path).toBeGreaterThanOrEqual(hydratedAt);
  }
  expect(errors).toEqual([]);
});

// Each public page arrives drawn: its heading is in the HTML, hydration keeps it (a client
// render would replace the node), and the page then works.
for (const [path, heading] of [
  ['/about-us', /mining capacity/i],
  ['/login', /sign in/i],
  ['/faq', /questions/i],
] as const) {
  test(`${path} paints from its HTML and hydrates in place`, async ({ page }) => {
    const errors = watchErrors(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(heading);
    await h1.evaluate((el) => el.setAttribute('data-from-html', ''));
    release();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('title', /Switch to/);
    await expect(h1).toHaveAttribute('data-from-html', '');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

for (const visitor of [
  { name: 'light', theme: 'light', reducedMotion: 'no-preference' },
  { name: 'dark, reduced motion', theme: 'dark', reducedMotion: 'reduce' },
] as const) {
  test(`Home paints before its script runs and hydrates in place (${visitor.name})`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.emulateMedia({ reducedMotion: visitor.reducedMotion });
    // A saved choice, as the time-of-day rule would otherwise pick the theme.
    await page.addInitScript(
      (theme) => (globalThis as unknown as WithStorage).localStorage.setItem('theme', theme),
      visitor.theme,
    );
    // Hold the app's entry script until the pre-rendered page has been looked at.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(HERO);
    await expect(page.getByRole('link', { name: /create a free account/i })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', visitor.theme);
    // Mark the server's nodes: hydration keeps them, a client re-render would replace them.
    await heading.evaluate((el) => el.setAttribute('data-from-html', ''));
    release();

    // Hydrated: the theme toggle gains its title, live data arrives, the page responds.
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute(
      'title',
      visitor.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
    );
    await expect(page.getByTestId('plan-card')).toHaveCount(3);
    await expect(page.getByTestId('price-marquee').getByTestId('marquee-list').locator('li')).toHaveCount(8);
    await expect(
      page.getByRole('button', {
        name: visitor.reducedMotion === 'reduce' ? 'Start automatic slide show' : 'Stop automatic slide show',
      }),
    ).toBeVisible();
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} MineVest`);
    await expect(heading).toHaveAttribute('data-from-html', '');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', visitor.theme === 'dark' ? 'light' : 'dark');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

// Toasts follow a person's actions: the toast library loads with the first one (web/src/lib/toast.ts),
// so a visit that shows none never downloads it.
test('the toast library loads with the first toast, not with the page', async ({ page, request }) => {
  // A class name of sonner's own markup, which only its code holds.
  const loadedToastLibrary = async () =>
    (await loadedScriptCode(page, request)).some((js) => js.includes('sonner-loading-wrapper'));
  await page.goto('/login');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(await loadedToastLibrary()).toBe(false);
  await submitLogin(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' })).toBeVisible();
  expect(await loadedToastLibrary()).toBe(true);
});
