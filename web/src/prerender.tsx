import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './App';
import { createQueryClient } from './api/queries';
import type { Locale } from '@contract/locales';
import { createStaticI18n } from './i18n/static';
import { namespacesFor } from './i18n/namespaces';
import { routes } from './router';

export { namespacesFor };

/**
 * The markup of `url`'s page in `lng`, drawn as the browser's hydration will find it: the same
 * routes and providers, the reads held as while hydrating (`hydrating`), `queryClient`'s data.
 * Null when the route answers a redirect. No inline script is emitted (the CSP forbids them):
 * the router has no loader data to hand over. Shared by the build's pre-render (below) and the
 * server's signed-in pages (signed-in.tsx).
 */
export async function drawPage(url: URL, lng: Locale, queryClient: QueryClient): Promise<string | null> {
  // Also the instance the format helpers read (each render makes its own the shared one).
  const i18n = createStaticI18n(lng);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  if (context.errors) throw new Error(`render of ${url.pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // React writes a large section after the rest, with an inline script to move it into place (which
  // the CSP forbids): no size limit keeps every section where it stands.
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProviders queryClient={queryClient} hydrating>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  if (/<script|<template/.test(markup)) throw new Error(`render of ${url.pathname} wrote a section out of place`);
  return markup;
}

/**
 * Build-time render of a public page's first screen, in one language (web/vite.config.ts puts it into
 * home.html, which the server sends for `/`), so the hero paints from the HTML instead of
 * waiting for the JavaScript. It is what the browser's first render produces: no session,
 * queries pending (their skeletons), the visitor's theme left to theme-init.js.
 */
export async function renderPage(path: string, lng: Locale): Promise<string> {
  const markup = await drawPage(new URL(path, 'http://prerender.invalid'), lng, createQueryClient());
  if (markup === null) throw new Error(`pre-render of ${path} answered a redirect`);
  return markup;
}
