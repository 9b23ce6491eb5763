import { nextTask } from './lib/tasks';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// A page that arrives drawn (pre-rendered, or by the server) is already on screen: its start-up
// code is evaluated in steps, each in a task of its own, the browser getting a turn before each,
// so none of them holds a tap up long (in one piece, the libraries' and the app's modules took
// 120-270 ms of a throttled phone's main thread). Every step's code is preloaded beside this
// entry (web/vite.config.ts), so a step waits for nothing but its turn. A page drawn here takes
// the steps without a turn between them.
const drawn = container.firstElementChild !== null;
const turn = () => (drawn ? nextTask() : Promise.resolve());

await turn();
const { createRoot, hydrateRoot } = await import('react-dom/client');
await turn();
const [{ createQueryClient, publicSettingsQuery }, { adoptServerReads }, { startSessionCheck }] = await Promise.all([
  import('./api/queries'),
  import('./api/server-reads'),
  import('./api/session'),
]);
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
await turn();
const [{ documentLocale, initI18n }, { namespacesFor }] = await Promise.all([
  import('./i18n/i18n'),
  import('./i18n/namespaces'),
]);
// The first screen's words load (in the language the server chose for the page) while the
// router starts, so it renders, or hydrates, in that language without a flash of another.
const i18nReady = initI18n(documentLocale(), namespacesFor(window.location.pathname));
await turn();
const { createRouter, routes } = await import('./router');
await turn();
// The router starts: it loads the first page's code (a lazy route).
const router = createRouter();
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});
await turn();
const [{ StrictMode, startTransition }, { App }, { prefetchOnIntent }] = await Promise.all([
  import('react'),
  import('./App'),
  import('./lib/prefetch'),
]);
const i18n = await i18nReady;
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
