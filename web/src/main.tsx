import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

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
