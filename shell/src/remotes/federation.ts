import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, deploymentFor, parseRemotesDocument, type RemoteName } from '@site/shared-ui/remotes-document';
import type { ExposedPage } from '@site/shared-ui/route-table';
import { rememberDeployments, RemoteLoadFailure, reportRemoteEvent, type RemoteDeployment } from './health';
import { integrityPlugin } from './integrity';
import { loadRecoveryPlugin } from './loadRecovery';
import { prefetchLinksPlugin } from './prefetchLinks';
import { readRemotesDocument } from './remotesDocumentRead';
import { taskPerLoadStepPlugin } from './taskPerLoadStep';
import { previewPinAllowedBy } from './preview';
import { pageGoingAway, reloadOnce, reloadPage } from './reloadOnce';
import { visitorId } from './visitor';

export type { RemoteDeployment } from './health';

/** Per remote, the deployment this visitor gets: its manifest URL and cohort. */
export type RemoteDeployments = ReadonlyMap<RemoteName, RemoteDeployment>;

/**
 * A copy of the remotes document older than this is read again at the next navigation, so a
 * visitor whose page was loaded before a rollback or a promotion gets the version in force.
 */
export const REMOTES_DOCUMENT_MAX_AGE_MS = 30_000;

/** Whether a copy of the document read at `readAt` is to be read again at a navigation at `now`. */
export const isStale = (readAt: number, now: number) => now - readAt >= REMOTES_DOCUMENT_MAX_AGE_MS;

async function readDeployments(init?: RequestInit): Promise<Map<RemoteName, RemoteDeployment>> {
  const response = await readRemotesDocument(init);
  if (!response.ok) throw new Error(`remotes document: HTTP ${response.status}`);
  const doc = parseRemotesDocument(await response.json());
  const visitor = visitorId();
  const pin = previewPinAllowedBy(doc);
  return new Map(REMOTE_NAMES.map((name) => [name, deploymentFor(name, doc[name], visitor, pin)] as const));
}

let registered: Promise<RemoteDeployments> | null = null;
/** When the copy in force was read (Date.now(); 0: not yet). */
let readAt = 0;
/** Whether the copy in force, once read, is to be read again before a navigation takes it. */
const copyIsStale = () => readAt > 0 && isStale(readAt, Date.now());
/** Remotes whose code has started running in this page: the runtime cannot swap them in place. */
const started = new Set<RemoteName>();
/** Started remotes whose deployment changed since: their next page is a full page load. */
const outdated = new Set<RemoteName>();

/** The modules (`remote/Page`) a navigation is waiting for: their load is recovered (loadRecovery.ts). */
const awaitedByNavigation = new Set<string>();

/** Every deployment this page has been given, by manifest (the integrity plugin finds a file's among them). */
const given = new Map<string, RemoteDeployment>();
const remember = (deployments: ReadonlyMap<RemoteName, RemoteDeployment>) => {
  for (const deployment of deployments.values()) given.set(deployment.manifest, deployment);
};

/** Reads the remotes document once and registers every remote; a failure can be retried. */
export function ensureRemotesRegistered(): Promise<RemoteDeployments> {
  registered ??= readDeployments()
    .then((deployments) => {
      remember(deployments);
      registerPlugins([
        integrityPlugin(() => given.values()),
        loadRecoveryPlugin({ atNavigation: (id) => awaitedByNavigation.has(id), reloadForMissingCode: () => reloadOnce(window.location.href) }),
        taskPerLoadStepPlugin(),
        prefetchLinksPlugin(),
      ]);
      registerRemotes([...deployments].map(([name, { manifest }]) => ({ name, entry: manifest })));
      rememberDeployments(deployments);
      readAt = Date.now();
      return deployments;
    })
    .catch((error: unknown) => {
      registered = null;
      throw error;
    });
  return registered;
}

export type { ExposedPage };

type PageModule = { default: ComponentType };
const loading = new Map<string, Promise<PageModule>>();
/** The pages whose module has loaded, by module id: a navigation to one can draw it at once (readyPage). */
const loaded = new Map<string, PageModule>();

let refreshing: Promise<void> | null = null;

/**
 * Reads the document again and moves each remote whose deployment changed to the version in
 * force: one whose code has not run in this page is registered afresh (its next page comes from
 * the new version); one whose code runs is marked outdated. Two builds of one remote cannot share
 * a page: both use the same webpack chunk ids and chunk-loading global, so the new entry would
 * take the old build's chunks for its own.
 */
function refreshDeployments(): Promise<void> {
  refreshing ??= (async () => {
    const current = await ensureRemotesRegistered();
    // Past the first read's copy: a revalidated read, never the HTTP cache's.
    const fresh = await readDeployments({ cache: 'no-cache' });
    remember(fresh);
    readAt = Date.now();
    const changed = REMOTE_NAMES.filter((name) => fresh.get(name)!.manifest !== current.get(name)!.manifest);
    const swappable = changed.filter((name) => !started.has(name));
    for (const name of changed) if (started.has(name)) outdated.add(name);
    if (swappable.length > 0) {
      registerRemotes(
        swappable.map((name) => ({ name, entry: fresh.get(name)!.manifest })),
        { force: true },
      );
    }
    // The outdated keep their deployment until the page reloads: their events are still theirs.
    const inForce = new Map([...fresh].map(([name, deployment]) => [name, outdated.has(name) ? current.get(name)! : deployment] as const));
    registered = Promise.resolve(inForce);
    rememberDeployments(inForce);
  })()
    .catch(() => {
      // The copy in force stays when the document cannot be read; the next navigation tries again.
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const moduleId = ({ remote, module }: ExposedPage) => `${remote}/${module.replace(/^\.\//, '')}`;

/** Loads one exposed page; the promise is kept while it succeeds, dropped when it fails. */
function loadModule(page: ExposedPage): Promise<PageModule> {
  const key = moduleId(page);
  let promise = loading.get(key);
  if (!promise) {
    promise = ensureRemotesRegistered()
      .then(() => {
        started.add(page.remote);
        return loadRemote<PageModule>(key);
      })
      .then((module) => {
        if (!module?.default) throw new Error(`${key} did not load`);
        loaded.set(key, module);
        return module;
      })
      .catch((error: unknown) => {
        loading.delete(key);
        throw error;
      });
    loading.set(key, promise);
  }
  return promise;
}

/**
 * A navigation to a remote's page: the document read again when stale (an outdated remote's page
 * is then a full page load), the load recovered by the runtime's plugin (loadRecovery.ts: tried a
 * second time, or the URL loaded afresh once for code that no longer exists), and a failure after
 * that counted for the remote's health.
 */
async function loadAtNavigation(page: ExposedPage): Promise<PageModule> {
  if (copyIsStale()) await refreshDeployments();
  if (outdated.has(page.remote)) {
    reloadPage();
    return pageGoingAway();
  }
  const id = moduleId(page);
  awaitedByNavigation.add(id);
  try {
    // The remotes document is the site's own, not the runtime's: a first read that fails is tried again.
    await ensureRemotesRegistered().catch(() => ensureRemotesRegistered());
    return await loadModule(page);
  } catch (error) {
    reportRemoteEvent(page.remote, 'load_failure');
    throw new RemoteLoadFailure(page.remote, error);
  } finally {
    awaitedByNavigation.delete(id);
  }
}

/**
 * Loads one exposed page. `atNavigation`: the visitor is going to it (RemotePage), as opposed to
 * fetching it ahead (prefetch.ts), which neither re-reads the document nor reloads nor counts.
 */
export function loadPage(page: ExposedPage, { atNavigation = false }: { atNavigation?: boolean } = {}): Promise<PageModule> {
  return atNavigation ? loadAtNavigation(page) : loadModule(page);
}

/**
 * Loads a page ahead of a likely navigation to it (its link shows interest, its guards wait), as a
 * fetch ahead: unless the copy of the remotes document in force is stale, or the page's remote
 * outdated. The navigation then reads the document again first and may move the remote to another
 * version, which a page loaded ahead would have started in the old one (a full page load then).
 * A failure is the navigation's to show.
 */
export function loadAhead(page: ExposedPage): void {
  if (copyIsStale() || outdated.has(page.remote)) return;
  loadModule(page).catch(() => undefined);
}

/**
 * A page whose module has loaded (fetched ahead, or visited before), when a navigation to it would
 * take that module as it is: the copy of the remotes document in force is fresh, and the page's
 * remote is not outdated (loadAtNavigation). RemotePage then draws it in the same commit as
 * what mounts it, instead of suspending: a suspended page is revealed no sooner than 300 ms after
 * its loading status was drawn (React's throttle of Suspense reveals), and its status is
 * announced a second time. Undefined: the navigation loads it (loadPage).
 */
export function readyPage(page: ExposedPage): PageModule | undefined {
  if (readAt === 0 || copyIsStale() || outdated.has(page.remote)) return undefined;
  return loaded.get(moduleId(page));
}

/**
 * Fetches, without running them, the chunks of one page (a likely next page), as prefetches
 * (./prefetchLinks.ts); a chunk the page already loaded is not asked for again. Settles once its
 * files have arrived (or failed: a failure is the navigation's to show).
 */
export function prefetchPage({ remote, module }: ExposedPage): Promise<void> {
  if (outdated.has(remote)) return Promise.resolve();
  started.add(remote);
  return preloadRemote([
    {
      nameOrAlias: remote,
      exposes: [module],
      resourceCategory: 'sync',
      filter: (url) => performance.getEntriesByName(url).length === 0,
    },
  ]).then(
    () => undefined,
    () => undefined,
  );
}
