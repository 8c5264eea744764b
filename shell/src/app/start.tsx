import { SIGNALS } from '@site/site-server/signals';
import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ensureRemotesRegistered } from '../remotes/federation';
import { hydrationErrorHandler } from '../remotes/health';
import { App } from './App';
import { pageForPath } from './routes';

const root = document.documentElement;

/**
 * Whether the prerendered HTML can be hydrated: it was drawn for this path, for the default theme
 * and language and no one signed in (else the pre-paint script has hidden it), and from the build
 * of its remote that this browser loads (the server renders the visitor's cohort from the same
 * cookie, but a visitor whose cookie was refused, or a document changed in between, could differ).
 */
async function canHydrate(container: HTMLElement): Promise<boolean> {
  if (container.getAttribute(SIGNALS.prerenderedAttribute) !== window.location.pathname) return false;
  if (root.hasAttribute(SIGNALS.freshRenderAttribute)) return false;
  const page = pageForPath(window.location.pathname);
  const rendered = container.getAttribute(SIGNALS.renderedManifestAttribute);
  if (!page || !rendered) return false;
  try {
    const manifest = (await ensureRemotesRegistered()).get(page.remote)?.manifest;
    return Boolean(manifest) && new URL(manifest as string, window.location.href).href === rendered;
  } catch {
    return false;
  }
}

/** Calls `onDrawn` in the commit that first draws `children`, before the browser paints it. */
function WhenDrawn({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useLayoutEffect(onDrawn, [onDrawn]);
  return children;
}

/**
 * Draws the site in #root. A prerendered page (site-server/src/prerender/) is hydrated: its HTML
 * stays, and becomes interactive. Any other page (a signed-in one, or one the pre-paint script hid)
 * is rendered afresh. Both are transitions: React yields to the browser between components, so
 * neither is one long task; what the visitor does meanwhile on a prerendered page is held and
 * replayed by the early-event script. A fresh page is revealed in the commit that replaces what
 * the HTML held.
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
    const remote = pageForPath(window.location.pathname)!.remote;
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: hydrationErrorHandler(remote) });
    });
    return;
  }
  const drawn = () => {
    container.removeAttribute(SIGNALS.prerenderedAttribute);
    container.removeAttribute(SIGNALS.renderedManifestAttribute);
    root.removeAttribute(SIGNALS.freshRenderAttribute);
  };
  const fresh = createRoot(container);
  startTransition(() => fresh.render(<WhenDrawn onDrawn={drawn}>{app}</WhenDrawn>));
}
