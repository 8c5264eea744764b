// The shell's start in the browser (shell/src/app/mountShell.tsx gives it the shell's app and routes):
// the server's HTML hydrated when it can be, the site rendered afresh otherwise.
import { type ReactNode, startTransition, StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot, type HydrationOptions } from 'react-dom/client';
import { nextTask } from '@site/shared-ui/next-task';
import { MARKERS } from '../contract';

export interface DocumentRoute<Remote extends string> {
  /** Behind the access guard (a signed-in page). */
  access?: boolean;
  /** The remote whose page the route shows. */
  remote: Remote;
}

export interface DocumentStart<Remote extends string> {
  /** The whole site. */
  app: ReactNode;
  /** The route at the document's path (undefined: none, the not-found page). */
  route: DocumentRoute<Remote> | undefined;
  /** The manifest URL of the build of `remote` this browser loads (undefined: it cannot be known). */
  manifestInForce(remote: Remote): Promise<string | undefined>;
  /** Reports a hydration error of a remote's page (the remote's health). */
  onRecoverableError(remote: Remote): NonNullable<HydrationOptions['onRecoverableError']>;
  /** The state a signed-in page drawn whole handed over was adopted (its session and answers): only then is such a page hydrated. */
  handedOver: boolean;
  /** Called with #root just before the server's HTML in it hydrates (not when the site is rendered afresh). */
  beforeHydrating?(container: HTMLElement): void;
}

const root = () => document.documentElement;

/**
 * Whether the server's HTML can be hydrated: it was drawn for this path, for the default theme and
 * language and whether this visitor looks signed in (else the pre-paint script has hidden it), and
 * a page in it from the build of its remote that this browser loads (the server renders the
 * visitor's cohort from the same cookie, but a visitor whose cookie was refused, or a document
 * changed in between, could differ), and for a signed-in page drawn whole, with the state it
 * handed over. A signed-in page's loading status (drawn only for a visitor who looks signed in)
 * holds no remote's content: only the shell's.
 */
async function canHydrate<Remote extends string>(container: HTMLElement, { route, manifestInForce, handedOver }: DocumentStart<Remote>): Promise<boolean> {
  if (container.getAttribute(MARKERS.prerenderedAttribute) !== window.location.pathname) return false;
  if (root().hasAttribute(MARKERS.freshRenderAttribute)) return false;
  if (!route) return false;
  const rendered = container.getAttribute(MARKERS.renderedManifestAttribute);
  if (route.access && !rendered) return root().hasAttribute(MARKERS.signedInDocumentAttribute);
  if (!rendered) return false;
  // A signed-in page drawn whole hydrates only with the session and answers it was drawn with.
  if (route.access && !handedOver) return false;
  try {
    const manifest = await manifestInForce(route.remote);
    return Boolean(manifest) && new URL(manifest as string, window.location.href).href === rendered;
  } catch {
    return false;
  }
}

/**
 * Tells the early-event script that the HTML is React's: what a visitor did on it before is handed
 * over. For a signed-in page's loading status, once it has hydrated: its page comes later (when the
 * session is known), and the header must not wait for it. (A page's own part says so once it has
 * hydrated: the shell's RemotePage.)
 */
function WhenHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(MARKERS.hydratedEvent));
  }, []);
  return children;
}

/** Calls `onDrawn` in the commit that first draws `children`, before the browser paints it. */
function WhenDrawn({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useLayoutEffect(onDrawn, [onDrawn]);
  return children;
}

/**
 * Draws the site in #root. HTML the server drew (a page, or a signed-in page's loading status) is
 * hydrated: it stays, and becomes interactive. Any other (a page served empty, or one the pre-paint
 * script hid) is rendered afresh. Both are transitions: React yields to the browser between
 * components, so neither is one long task; what the visitor does meanwhile on the server's HTML is
 * held and replayed by the early-event script. A fresh page is revealed in the commit that
 * replaces what the HTML held.
 *
 * The steps before React starts each take a task of their own: the remotes' registration that
 * answers canHydrate (it runs as the remotes document's answer arrives), the page's parts set
 * aside (beforeHydrating), and the root's start (React's root and its ~150 event listeners). In
 * one microtask checkpoint the three were one task of 10-25 ms of real work on a slow host
 * (docs/benchmark.md), counted whole as blocking on a mid-tier phone.
 */
export async function startDocument<Remote extends string>(start: DocumentStart<Remote>): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = <StrictMode>{start.app}</StrictMode>;
  const hydrating = await canHydrate(container, start);
  await nextTask();
  if (hydrating) {
    const { route } = start;
    const loadingStatus = !container.hasAttribute(MARKERS.renderedManifestAttribute);
    // A mismatch in a signed-in page's loading status is the shell's own (React reports it).
    const options = loadingStatus ? {} : { onRecoverableError: start.onRecoverableError(route!.remote) };
    start.beforeHydrating?.(container);
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, loadingStatus ? <WhenHydrated>{app}</WhenHydrated> : app, options);
    });
    return;
  }
  const drawn = () => {
    container.removeAttribute(MARKERS.prerenderedAttribute);
    container.removeAttribute(MARKERS.renderedManifestAttribute);
    root().removeAttribute(MARKERS.freshRenderAttribute);
    root().removeAttribute(MARKERS.signedInDocumentAttribute);
  };
  const fresh = createRoot(container);
  startTransition(() => fresh.render(<WhenDrawn onDrawn={drawn}>{app}</WhenDrawn>));
}
