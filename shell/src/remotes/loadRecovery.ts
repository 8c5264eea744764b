// What the shell does when the federation runtime fails to load a remote's module, as a runtime
// plugin on its `errorLoadRemote` hook (what @module-federation/retry-plugin builds on): the
// remote is registered afresh (the runtime may hold its broken entry), and a page a visitor is
// going to is tried once more, or, when a chunk of its code is gone (a deleted deployment), the
// URL is loaded afresh once instead.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isChunkLoadError, pageGoingAway } from './reloadOnce';

export const LOAD_RECOVERY_PLUGIN = 'site-load-recovery';

export interface LoadRecoveryOptions {
  /** Whether a navigation awaits the module `id` (`remote/Page`); a prefetch neither retries nor reloads. */
  atNavigation: (id: string) => boolean;
  /** Loads the URL the visitor is on afresh unless done before for it; true when it does. */
  reloadForMissingCode: () => boolean;
}

export function loadRecoveryPlugin({ atNavigation, reloadForMissingCode }: LoadRecoveryOptions): ModuleFederationRuntimePlugin {
  /** Modules being tried a second time: a second failure is the visitor's error. */
  const retrying = new Set<string>();
  return {
    name: LOAD_RECOVERY_PLUGIN,
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      // 'onLoad' is loadRemote's own failure, whatever failed inside it (manifest, entry, chunk).
      if (lifecycle !== 'onLoad') return undefined;
      const remote = origin.options.remotes.find((r) => id.startsWith(`${r.name}/`));
      if (!remote || !('entry' in remote)) return undefined;
      origin.registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
      if (retrying.has(id) || !atNavigation(id)) return undefined;
      if (isChunkLoadError(error) && reloadForMissingCode()) return pageGoingAway();
      retrying.add(id);
      try {
        // Its failure is thrown by the runtime in place of the first one.
        return await origin.loadRemote(id);
      } finally {
        retrying.delete(id);
      }
    },
  };
}
