// The remotes document, asked for by main.js as the shell's code starts (../negotiateSharedModules.ts), and taken by
// the loader (federation.ts) when it first registers the remotes. Not preloaded by the HTML: a
// page drawn by its HTML needs it only to hydrate, after its first paint, and a request made
// during that paint competes with it (bench/results.md: the public pages' LCP against the single
// bundle's). Asked for here, it is read while the shell's shared modules arrive, which takes
// longer: the loader finds it read. (A page drawn by its code gets it hinted by the site's server,
// site-server/src/preloadHints.ts.)
import { runtimeConfig } from '@site/shared-ui/runtime-config';

let started: Promise<Response> | null = null;

/** Asks for the document (once); its answer waits for the loader's first read. */
export function startReadingRemotesDocument(): void {
  if (started) return;
  started = fetch(runtimeConfig().remotesUrl);
  // A failure is the loader's to handle, when it takes this answer: not an unhandled rejection meanwhile.
  started.catch(() => {});
}

/**
 * The document's answer: the one started early for the first plain read, a new request for any
 * other (a read again, with its own request options, or after the first failed).
 */
export function readRemotesDocument(init?: RequestInit): Promise<Response> {
  const early = started;
  started = null;
  if (early && !init) return early;
  return fetch(runtimeConfig().remotesUrl, init);
}
