// `npx tsx scripts/bench/navigation.ts [--rounds=N]` (after `npm run build`): how long a click on
// one of Home's header links takes to draw the next page over a phone's network, in Debian's
// Chromium against the built app served on loopback. Each page is timed from the click to its
// heading being drawn, three ways, each on a quiet Home: the pointer resting on the link for a
// moment first, as a person's does (the page's code and words load meanwhile,
// web/src/lib/prefetch.ts); a click with no moment before it (code, words and data all wait for
// the click, as every click did before); and the baseline, the same rest and click once all the
// page's code and words are here, the fastest the click can be. Each figure is the median of its
// rounds, each round a fresh browser context. BENCH_SHOW_TIMES=1 prints every round's time.
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../../e2e/server';
import { ensureWebBuild } from '../web-build';
import { median, printFigures, type Figure } from './report';

/** A phone on a fair mobile network (Lighthouse's "slow 4G" figures): 150 ms round trip, 1.6 Mb/s down. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
/** How long a pointer rests on a link before its click: a few hundred milliseconds for most people. */
const HOVER_MS = 300;
const PAGES = [
  { link: 'FAQ', heading: 'Frequently asked questions' },
  { link: 'Plans', heading: 'A plan for every stage' },
  { link: 'Contact', heading: 'Talk to our team' },
];
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`--rounds must be a whole number >= 1, not ${ROUNDS}`);
type Way = 'rest' | 'click' | 'loaded';

ensureWebBuild();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** The little of the page's DOM the timing uses (scripts compile without the DOM's types). */
interface PageGlobals {
  document: {
    body: unknown;
    addEventListener(type: string, listener: () => void, options: object): void;
    querySelector(selector: string): { textContent: string | null } | null;
  };
  MutationObserver: new (callback: (records: unknown, observer: { disconnect(): void }) => void) => {
    observe(target: unknown, options: object): void;
  };
}

/** Milliseconds from the next click to a first-level heading holding `text`, timed in the page. */
function timeNextClick(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const { document: doc, MutationObserver } = globalThis as unknown as PageGlobals;
        let clicked: number | undefined;
        doc.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
        // Inline, not a named function: the evaluated code runs without tsx's helpers.
        new MutationObserver((_records, observer) => {
          if (clicked === undefined || !doc.querySelector('h1')?.textContent?.includes(wanted)) return;
          observer.disconnect();
          resolve(performance.now() - clicked);
        }).observe(doc.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
}

async function navigate(way: Way, target: (typeof PAGES)[number]): Promise<number> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await page.waitForLoadState('networkidle');
    const link = page.getByRole('banner').getByRole('link', { name: target.link, exact: true });
    if (way === 'loaded') {
      // The page's code and words load first (the footer's link to it asks for them), all of it.
      await page.getByRole('contentinfo').getByRole('link', { name: target.link }).first().hover();
      await page.waitForLoadState('networkidle');
    }
    if (way !== 'click') {
      await link.hover();
      await page.waitForTimeout(HOVER_MS);
    }
    const timed = timeNextClick(page, target.heading);
    // `click` moves the pointer onto the link first: at once, that is the moment of the click.
    await link.click();
    return await timed;
  } finally {
    await context.close();
  }
}

const figures: Figure[] = [];
try {
  for (const target of PAGES) {
    const times: Record<Way, number[]> = { loaded: [], rest: [], click: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const way of ['loaded', 'rest', 'click'] as const) times[way].push(await navigate(way, target));
    if (process.env.BENCH_SHOW_TIMES) console.error(target.link, JSON.stringify(times));
    const base = median(times.loaded);
    const figure = (name: string, way: Way): Figure => ({
      name: `${target.link}: ${name}`,
      value: median(times[way]),
      unit: 'ms',
      ratio: median(times[way]) / base,
    });
    figures.push(
      figure('its code loaded before the click (baseline)', 'loaded'),
      figure(`the pointer resting ${HOVER_MS} ms on the link, then the click`, 'rest'),
      figure('a click with no moment before it', 'click'),
    );
  }
  printFigures(
    `A click on Home's header to the next page drawn (${NETWORK.latency} ms round trip, median of ${ROUNDS})`,
    figures,
  );
} finally {
  await browser.close();
  await server.stop();
}
