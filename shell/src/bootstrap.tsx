import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered page (tools/prerender.mjs) is hydrated: its HTML stays, and becomes interactive.
// It was drawn for the default theme and language and no one signed in; for any other visitor the
// pre-paint script has hidden it (data-prerender="skip") and it is rendered afresh instead.
// Hydrating as a transition lets React yield to the browser between components (no long task);
// what the visitor does meanwhile is held and replayed by tools/early-events.js.
const root = document.documentElement;
if (container.dataset.prerendered === window.location.pathname && !root.hasAttribute('data-prerender')) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const fresh = createRoot(container);
  flushSync(() => fresh.render(app));
  delete container.dataset.prerendered;
  root.removeAttribute('data-prerender');
}
