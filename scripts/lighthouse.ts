// `npm run lighthouse [-- /path]`: Lighthouse (performance, accessibility) on the built web
// app served by the real server on loopback, with Debian's Chromium. Prints the scores and
// exits non-zero below the goals (performance 90, accessibility 95).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/server';
import { ensureWebBuild } from './web-build';

const GOALS = { performance: 90, accessibility: 95 };
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));

ensureWebBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu',
  ],
});
let failed = false;
try {
  for (const page of paths.length ? paths : ['/']) {
    // The first load warms the server's caches (plans, prices); the second is measured.
    await fetch(server.url + page);
    const result = await lighthouse(server.url + page, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    const scores = {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    };
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    console.log(
      `${page}: performance ${scores.performance}, accessibility ${scores.accessibility} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
    );
    for (const [category, goal] of Object.entries(GOALS) as [keyof typeof GOALS, number][]) {
      if (scores[category] < goal) {
        failed = true;
        const failing = Object.values(audits).filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            result.lhr.categories[category]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        );
        console.log(
          `  ${category} ${scores[category]} < ${goal}: ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`,
        );
        if (category === 'performance') {
          // Where the main thread went, to know what to make lighter.
          const items =
            (
              audits['bootup-time']?.details as
                { items?: { url: string; total: number; scripting: number }[] } | undefined
            )?.items ?? [];
          for (const i of items.slice(0, 5))
            console.log(
              `    script ${i.url.replace(server.url, '')}: ${Math.round(i.total)} ms (${Math.round(i.scripting)} ms scripting)`,
            );
          const work =
            (
              audits['mainthread-work-breakdown']?.details as
                { items?: { groupLabel: string; duration: number }[] } | undefined
            )?.items ?? [];
          console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`);
          const tasks =
            (
              audits['long-tasks']?.details as
                { items?: { url: string; duration: number; startTime: number }[] } | undefined
            )?.items ?? [];
          console.log(
            `    long tasks: ${tasks.map((t) => `${t.url.replace(server.url, '') || '?'} ${Math.round(t.duration)} ms @${Math.round(t.startTime)}`).join(', ')}`,
          );
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
