import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { documentLocale, initI18n } from './i18n/i18n';
import { namespacesFor } from './i18n/namespaces';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The first screen's words load with the app (in the language the server chose for the page),
// so it renders, or hydrates, in that language without a flash of another.
await initI18n(documentLocale(), namespacesFor(window.location.pathname));

// home.html carries the Home page pre-rendered at build time (see prerender.tsx): hydrate it,
// as a transition so the work yields to the browser instead of blocking input. Any other
// page (or Home markup under another path) renders from scratch, replacing what is there.
if (container.dataset.prerendered === window.location.pathname && container.firstElementChild) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
