// The shell's code in the task after main.js's (./index.ts): it asks for the remotes document,
// negotiates the shared modules one per task, starts a signed-in page's session early, then loads
// the bootstrap. The asynchronous boundary lets
// Module Federation negotiate shared singletons before any React code runs. Negotiating a shared
// module (its provider chosen, its script inserted; its version is the release gate's to check, not
// the runtime's: tools/federation-singletons-plugin.js) takes a few milliseconds each on a slow
// phone, so the runtime is asked for one per task, in the order ./bootstrap.tsx evaluates them
// (React first, which the others need): all are then fetched together, none evaluated. The
// bootstrap chunk finds them negotiated, and evaluates them one per task too; a shared module
// missing from this list is still negotiated, by the bootstrap chunk, in its task.
// The remotes document is asked for first (./remotes/remotesDocumentRead.ts).
import { loadShare } from '@module-federation/enhanced/runtime';
import { MARKERS } from '@site/rendering/contract';
import { nextTask } from '@site/shared-ui/next-task';
import { startReadingRemotesDocument } from './remotes/remotesDocumentRead';
import { signedInPageAt } from './session/signedInStart';

const NEGOTIATED_FIRST = ['react', 'react-dom', 'react-dom/client', 'styled-components', '@tanstack/react-query', 'i18next', '@site/shared-ui'];

async function negotiateThenBootstrap() {
  startReadingRemotesDocument();
  for (const name of NEGOTIATED_FIRST) {
    await nextTask();
    // A module that fails to arrive fails the bootstrap below, which needs it too.
    loadShare(name).catch(() => {});
  }
  await nextTask();
  // A page that waits for sign-in starts the auth SDK and its reads now, before React's code has
  // arrived (their code is in the site's file, which every page loads: tools/webpack/chunks.cjs). Not one
  // the server drew whole: its reads are in it, and the SDK starts once the page is idle.
  const signedInPage = !document.getElementById(MARKERS.handedOverStateId) && signedInPageAt(location.pathname, document.cookie);
  if (signedInPage) {
    import('./signedIn/earlySession').then(({ startSignedInPage }) => startSignedInPage(signedInPage)).catch(() => {});
  }
  // Named, so that the production server can preload it (site-server/src/preloadHints.ts).
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void negotiateThenBootstrap();
