import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createQueryClient, publicSettingsQuery } from './api/queries';
import { adoptServerReads } from './api/server-reads';
import { startSessionCheck } from './api/session';
import { documentLocale, initI18n } from './i18n/i18n';
import { namespacesFor } from './i18n/namespaces';
import { prefetchOnIntent } from './lib/prefetch';
import { nextTask } from './lib/tasks';
import { createRouter, routes } from './router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// A page that arrives drawn (pre-rendered, or by the server) is already on screen: the browser
// gets a turn between evaluating the app's code, starting the router and starting the words,
// so none of them holds a tap up long.
const drawn = container.firstElementChild !== null;
if (drawn) await nextTask();

// The router starts at once: it loads the first page's code (a lazy route) while the first
// screen's words load (in the language the server chose for the page), so it renders, or
// hydrates, in that language without a flash of another.
const router = createRouter();
// A screen drawn here (not pre-rendered) is likely a signed-in one: its first reads go out
// now, beside its code (a pre-rendered page hydrates as drawn, signed out, and asks later).
const queryClient = createQueryClient();
// A page pre-rendered for this path, or a signed-in one the server drew with its reads
// (signed-in.tsx), is hydrated; any other renders from scratch.
const serverRendered = adoptServerReads(queryClient, container, window.location.pathname);
const hydrate = (container.dataset.prerendered === window.location.pathname && drawn) || serverRendered;
if (!hydrate) {
  startSessionCheck();
  void queryClient.prefetchQuery(publicSettingsQuery());
}
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});
if (drawn) await nextTask();
const i18n = await initI18n(documentLocale(), namespacesFor(window.location.pathname));
// From here a link a person points at, touches or tabs to loads its page's code and words before the click.
prefetchOnIntent(routes, (path) => i18n.loadNamespaces(namespacesFor(path)));

const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} hydrating={hydrate} />
  </StrictMode>
);

// A public page arrives pre-rendered at build time (see prerender.tsx), a signed-in one drawn by
// the server from the reads now in the cache (signed-in.tsx): hydrate it once its code has
// loaded (else the router would draw its loading screen over it), as a transition so the work
// yields to the browser instead of blocking input. Any other page (or markup pre-rendered for
// another path) renders from scratch, replacing what is there.
if (hydrate) {
  await routerReady;
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
