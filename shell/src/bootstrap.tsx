import { StrictMode } from 'react';
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

// A prerendered page (shell/prerender/) is hydrated: its HTML stays, and becomes interactive.
// It was drawn for the default theme and language and no one signed in; for any other visitor the
// pre-paint script has hidden it (data-prerender="skip") and it is rendered afresh instead.
const root = document.documentElement;
if (container.dataset.prerendered === window.location.pathname && !root.hasAttribute('data-prerender')) {
  hydrateRoot(container, app);
} else {
  const fresh = createRoot(container);
  flushSync(() => fresh.render(app));
  delete container.dataset.prerendered;
  root.removeAttribute('data-prerender');
}
