// The non-federated twin of shell/src/remotes/federation.ts, for the benchmark's single bundle:
// the same pages (every page the remotes expose: exposedPages.d.ts), imported as ordinary lazy
// chunks of one webpack build, behind the same typed interface (each export is typed as federation.ts's own, and `pnpm typecheck` checks it). It
// imports the remotes' sources: the one declared exception to the board's boundaries
// (.dependency-cruiser.cjs).
import { REMOTE_NAMES, type RemoteName } from '@site/shared-ui/remotes-document';
import type * as federation from '../../shell/src/remotes/federation';
import { exposedPages } from './exposedPages';

const pageKey = (remote: RemoteName, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

/**
 * Every page is this bundle's own: the "deployment" a prerendered page was rendered from is this
 * origin (bench/run.mjs renders them so), which lets the shell hydrate them as it would a remote's.
 */
const ensureRemotesRegistered: typeof federation.ensureRemotesRegistered = async () =>
  new Map(REMOTE_NAMES.map((remote) => [remote, { manifest: `${window.location.origin}/`, cohort: 'stable' as const }]));

type PageModule = NonNullable<ReturnType<typeof federation.readyPage>>;
const loaded = new Map<string, PageModule>();

const loadPage: typeof federation.loadPage = ({ remote, module }) => {
  const key = pageKey(remote, module);
  const load = exposedPages[key];
  if (!load) return Promise.reject(new Error(`no page ${remote}/${module}`));
  return load().then((page) => {
    loaded.set(key, page);
    return page;
  });
};

/** A page whose chunk has loaded and run, drawn at once, as federation.ts's readyPage. */
const readyPage: typeof federation.readyPage = ({ remote, module }) => loaded.get(pageKey(remote, module));

/** Its pages have one version: loading one ahead is importing it. */
const loadAhead: typeof federation.loadAhead = (page) => void loadPage(page).catch(() => undefined);

/** The single bundle's pages are ordinary lazy chunks: prefetching one is importing it. */
const prefetchPage: typeof federation.prefetchPage = (page) =>
  loadPage(page).then(
    () => undefined,
    () => undefined,
  );

export { ensureRemotesRegistered, loadAhead, loadPage, prefetchPage, readyPage };
export type { ExposedPage } from '../../shell/src/remotes/federation';
