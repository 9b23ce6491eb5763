import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProviders } from './App';
import { createQueryClient } from './api/queries';
import type { Locale } from '@contract/locales';
import { createStaticI18n } from './i18n/static';
import { namespacesFor } from './i18n/namespaces';
import { routes } from './router';

export { namespacesFor };

/**
 * Build-time render of a public page's first screen, in one language (web/vite.config.ts puts it into
 * home.html, which the server sends for `/`), so the hero paints from the HTML instead of
 * waiting for the JavaScript. It is what the browser's first render produces: no session,
 * queries pending (their skeletons), the visitor's theme left to theme-init.js. No inline
 * script is emitted (the CSP forbids them): the router has no loader data to hand over.
 */
export async function renderPage(path: string, lng: Locale): Promise<string> {
  // Also the instance the format helpers read (each render makes its own the shared one).
  const i18n = createStaticI18n(lng);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`pre-render of ${path} answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`pre-render of ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProviders queryClient={createQueryClient()} hydrating>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>
  );
  // React writes a large section after the rest, with an inline script to move it into place (which
  // the CSP forbids): no size limit keeps every section where it stands.
  const { prelude } = await prerender(page(), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const markup = await new Response(prelude).text();
  if (/<script|<template/.test(markup)) throw new Error(`pre-render of ${path} wrote a section out of place`);
  return markup;
}
