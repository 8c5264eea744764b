// The browser's half of release integrity: a remote's manifest and entry (the code the federation
// runtime fetches and runs first) are asked for with the integrity its release recorded in the
// remotes document, so that the browser refuses a file changed in the store or on the CDN (a
// failed load, shown and counted as any other). The page's own chunks, which the entry's webpack
// runtime loads, are not covered: their names are content hashes, which nothing here checks.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityAt, type Deployment } from '@site/shared-ui/remotes-document';

export const INTEGRITY_PLUGIN = 'site-integrity';

/** `deployments`: every deployment this page has been given (a URL's integrity is its version's). */
export function integrityPlugin(deployments: () => Iterable<Deployment>): ModuleFederationRuntimePlugin {
  const integrityOf = (url: string): string | null => {
    for (const deployment of deployments()) {
      const integrity = integrityAt(deployment, url, window.location.href);
      if (integrity) return integrity;
    }
    return null;
  };
  return {
    name: INTEGRITY_PLUGIN,
    // The manifest: fetched with its integrity (nothing returned: the runtime fetches as it would).
    fetch(url, init) {
      const integrity = integrityOf(url);
      return integrity ? fetch(url, { ...init, integrity }) : undefined;
    },
    // The entry: a script the browser runs only if it matches (across origins, as CORS allows).
    createScript({ url }) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}
