import { describe, expect, it } from 'vitest';
import { hero, highlights } from './content/marketing';
import { createStaticI18n } from './i18n/static';
import { PRERENDERED_PATHS } from '@contract/pages';
import { renderPage } from './prerender';

// Runs in Node like the build's pre-render: no window, no storage, no network.
describe('pre-rendered Home page', () => {
  it('holds the first screen the browser would render, hero included', async () => {
    const html = await renderPage('/', 'en');
    const en = createStaticI18n('en');
    expect(html).toContain(`>${en.t(hero.title, { ns: 'marketing' })}</h1>`);
    for (const item of highlights) expect(html).toContain(en.t(item.value, { ns: 'marketing' }));
    expect(html).toContain(en.t('risk.disclosure'));
    // Signed out, like a first visit: the session is only known after hydration.
    expect(html).toContain('href="/register"');
  });

  it('leaves out what only the browser knows, so hydration matches whatever the visitor has', async () => {
    const html = await renderPage('/', 'en');
    // No inline script (the CSP forbids them) and no router hydration data.
    expect(html).not.toMatch(/<script/i);
    // The lazily loaded sections are written in place, in page order (React would move a large one
    // to the end, to be put back by an inline script).
    expect(html).not.toMatch(/<template/i);
    const order = ['features-title', 'plans-title', 'assets-title', 'testimonials-title', 'cta-title'].map((id) =>
      html.indexOf(`aria-labelledby="${id}"`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The theme toggle shows both icons for the CSS to pick and no theme-dependent title.
    const toggle = /<button[^>]*data-testid="theme-toggle"[^>]*>(.*?)<\/button>/.exec(html);
    expect(toggle?.[0]).not.toContain('title=');
    // Buttons wait for hydration (a click before it would do nothing).
    expect(toggle?.[0]).toContain('disabled=""');
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
    expect(toggle?.[1]).toContain('lucide-sun');
    expect(toggle?.[1]).toContain('lucide-moon');
    // The footer's year is the visitor's, filled in on hydration.
    expect(html).not.toContain(`© ${new Date().getFullYear()}`);
    // Live data (prices, plans) is pending: its skeletons, not figures from the build.
    expect(html).not.toContain('data-testid="plan-card"');
  });

  it('renders every pre-rendered page whole, in place, with its own heading and no script', async () => {
    const headings = new Set<string>();
    for (const pagePath of PRERENDERED_PATHS) {
      const html = await renderPage(pagePath, 'es');
      expect(html, pagePath).not.toMatch(/<script|<template/i);
      const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
      expect(h1, pagePath).toBeTruthy();
      headings.add(h1!);
      // The public frame, signed out, around each.
      expect(html, pagePath).toContain('href="/login"');
    }
    expect(headings.size).toBe(PRERENDERED_PATHS.length);
  });
});
