import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { runtimeConfig } from '@site/shared-ui';
import type { ComponentType } from 'react';
import { REMOTE_NAMES, manifestFor, parseRemotesDocument, type RemoteName } from '@site/shared-ui/remotes-document';
import { visitorId } from './visitor';

let registered: Promise<Map<RemoteName, string>> | null = null;

/** Reads the remotes document once and registers every remote; a failure can be retried. */
export function ensureRemotesRegistered(): Promise<Map<RemoteName, string>> {
  registered ??= (async () => {
    const response = await fetch(runtimeConfig().remotesUrl);
    if (!response.ok) throw new Error(`remotes document: HTTP ${response.status}`);
    const doc = parseRemotesDocument(await response.json());
    const visitor = visitorId();
    const entries = new Map(REMOTE_NAMES.map((name) => [name, manifestFor(name, doc[name], visitor)] as const));
    registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
    return entries;
  })().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

export interface ExposedPage {
  remote: RemoteName;
  module: string;
}

type PageModule = { default: ComponentType };
const loading = new Map<string, Promise<PageModule>>();
const failed = new Set<RemoteName>();

/** After a failed load the runtime may hold the broken entry: register the remote afresh. */
async function remoteReady(remote: RemoteName): Promise<void> {
  const entries = await ensureRemotesRegistered();
  if (failed.delete(remote)) registerRemotes([{ name: remote, entry: entries.get(remote) as string }], { force: true });
}

/** Loads one exposed page; the promise is kept while it succeeds, dropped when it fails. */
export function loadPage({ remote, module }: ExposedPage): Promise<PageModule> {
  const key = `${remote}/${module.replace(/^\.\//, '')}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = remoteReady(remote)
      .then(() => loadRemote<PageModule>(key))
      .then((loaded) => {
        if (!loaded?.default) throw new Error(`${key} did not load`);
        return loaded;
      })
      .catch((error: unknown) => {
        loading.delete(key);
        failed.add(remote);
        throw error;
      });
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Fetches, without running them, the chunks of some pages of one remote (the next likely pages);
 * a chunk the page already loaded is not asked for again.
 */
export function prefetchPages(remote: RemoteName, modules: string[]): void {
  preloadRemote([{
    nameOrAlias: remote,
    exposes: modules,
    resourceCategory: 'sync',
    filter: (url) => performance.getEntriesByName(url).length === 0,
  }]).catch(() => undefined);
}
