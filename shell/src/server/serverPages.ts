// The server render's stand-in for ../remotes/federation.ts (the browser's loader): the page of
// this render is the one module the site's server loaded from the remote's render entry, handed
// over before the render. Each render runs a fresh copy of the shell's server build, so this
// module's state is one render's.
import type { PageModule } from '@site/rendering/contract';
import type * as federation from '../remotes/federation';

let page: PageModule | null = null;

/** The page module this render shows (from its remote's render entry); null: none (a signed-in page's loading status). */
export function providePage(module: PageModule | null): void {
  page = module;
}

/**
 * Handed back synchronously (a thenable that resolves at once), so React renders the page in
 * the same pass instead of its loading fallback.
 */
const loadPage: typeof federation.loadPage = () => {
  const module = page;
  if (!module) return Promise.reject(new Error('no page was provided for this render'));
  return { then: (resolve: (m: PageModule) => unknown) => resolve(module) } as unknown as Promise<PageModule>;
};

const ensureRemotesRegistered: typeof federation.ensureRemotesRegistered = async () => new Map();

/** None: the render's page comes through loadPage, as the browser's first load of it does (same markup). */
const readyPage: typeof federation.readyPage = () => undefined;

/** Nothing to prefetch, nor to load ahead, on the server. */
const prefetchPage: typeof federation.prefetchPage = async () => undefined;
const loadAhead: typeof federation.loadAhead = () => undefined;

export { ensureRemotesRegistered, loadAhead, loadPage, prefetchPage, readyPage };
export type { ExposedPage } from '../remotes/federation';
