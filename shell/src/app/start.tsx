import { SIGNALS } from '@site/site-server/signals';
import { type ReactNode, startTransition, StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ensureRemotesRegistered } from '../remotes/federation';
import { hydrationErrorHandler } from '../remotes/health';
import { App } from './App';
import { pages, routeForPath } from './routes';

const root = document.documentElement;

/**
 * Whether the prerendered HTML can be hydrated: it was drawn for this path, for the default theme
 * and language and whether this visitor looks signed in (else the pre-paint script has hidden it),
 * and from the build of its remote that this browser loads (the server renders the visitor's
 * cohort from the same cookie, but a visitor whose cookie was refused, or a document changed in
 * between, could differ). A signed-in page's HTML (drawn only for a visitor who looks signed in)
 * holds no remote's content (its guard's loading status): only the shell's.
 */
async function canHydrate(container: HTMLElement): Promise<boolean> {
  if (container.getAttribute(SIGNALS.prerenderedAttribute) !== window.location.pathname) return false;
  if (root.hasAttribute(SIGNALS.freshRenderAttribute)) return false;
  const route = routeForPath(window.location.pathname);
  if (!route) return false;
  if (route.access) return root.hasAttribute(SIGNALS.signedInDocumentAttribute);
  const page = pages[route.page];
  const rendered = container.getAttribute(SIGNALS.renderedManifestAttribute);
  if (!rendered) return false;
  try {
    const manifest = (await ensureRemotesRegistered()).get(page.remote)?.manifest;
    return Boolean(manifest) && new URL(manifest as string, window.location.href).href === rendered;
  } catch {
    return false;
  }
}

/**
 * Tells the early-event script that the HTML is React's: what a visitor did on it before is handed
 * over. For a signed-in page's HTML (the layout around the guard's loading status), once it has
 * hydrated: its page comes later (when the session is known), and the header must not wait for it.
 * (A public page's own part says so once it has hydrated: RemotePage's PageReady.)
 */
function WhenHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(SIGNALS.hydratedEvent));
  }, []);
  return children;
}

/** Calls `onDrawn` in the commit that first draws `children`, before the browser paints it. */
function WhenDrawn({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useLayoutEffect(onDrawn, [onDrawn]);
  return children;
}

/**
 * Draws the site in #root. A prerendered page (site-server/src/prerender/: a public page, or a
 * signed-in page's loading status) is hydrated: its HTML stays, and becomes interactive. Any other
 * page (one served empty, or one the pre-paint script hid) is rendered afresh. Both are
 * transitions: React yields to the browser between components, so neither is one long task; what
 * the visitor does meanwhile on a prerendered page is held and replayed by the early-event script.
 * A fresh page is revealed in the commit that replaces what the HTML held.
 */
export async function startShell(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (await canHydrate(container)) {
    const route = routeForPath(window.location.pathname)!;
    // A mismatch in a signed-in page's loading status is the shell's own (React reports it).
    const options = route.access ? {} : { onRecoverableError: hydrationErrorHandler(pages[route.page].remote) };
    startTransition(() => {
      hydrateRoot(container, route.access ? <WhenHydrated>{app}</WhenHydrated> : app, options);
    });
    return;
  }
  const drawn = () => {
    container.removeAttribute(SIGNALS.prerenderedAttribute);
    container.removeAttribute(SIGNALS.renderedManifestAttribute);
    root.removeAttribute(SIGNALS.freshRenderAttribute);
    root.removeAttribute(SIGNALS.signedInDocumentAttribute);
  };
  const fresh = createRoot(container);
  startTransition(() => fresh.render(<WhenDrawn onDrawn={drawn}>{app}</WhenDrawn>));
}
