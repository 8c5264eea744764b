// A remote's federation manifest as the site's server reads it (preload hints, prerendered pages):
// fetched with a short timeout and kept a few seconds (browsers revalidate it on every load). A read
// that failed is not kept: one slow answer under load would otherwise serve that remote's pages
// without their prerendered HTML for the whole TTL; the next request asks again. A manifest whose
// release recorded its integrity is taken only when it matches (otherwise: as if it did not answer,
// and logged).
import type { Manifest, ManifestShared } from '@module-federation/sdk';
import { checkIntegrity } from '@site/rendering/integrity';
import { LRUCache } from 'lru-cache';
import { siteLogger } from './logging';

const TTL_MS = 10_000;
const TIMEOUT_MS = 1_000;
/** Manifests kept: remotes × versions in force (stable, canary, previews); the least recently read is dropped first. */
export const MAX_MANIFESTS = 64;

/**
 * The federation runtime a build records (tools/webpack.cjs), a singleton of the page like the
 * shared modules: `provides` when this build's page provides it (the shell's), else it runs on it.
 */
export type FederationRuntimeRecord = Pick<ManifestShared, 'name' | 'version' | 'singleton' | 'requiredVersion'> & { provides: boolean };

/**
 * An mf-manifest.json as the site's builds write it: Module Federation's own, with the federation
 * runtime recorded beside it (metaData.federationRuntime). Its app's server build, when it publishes
 * one (@site/rendering/build), is `metaData.ssrRemoteEntry`.
 */
export type FederationManifest = Manifest & { metaData: { federationRuntime?: FederationRuntimeRecord } };

/** A manifest, checked against the integrity its release recorded when one is given. */
export type ManifestReader = (url: string, integrity?: string | null) => Promise<FederationManifest | null>;

/**
 * A reader with its own small cache (reads under way shared); null when the manifest does not answer,
 * or does not match. `clock`: what the time to live is measured with (the tests' own).
 */
export function manifestReader({
  ttlMs = TTL_MS,
  timeoutMs = TIMEOUT_MS,
  maxEntries = MAX_MANIFESTS,
  clock = performance as { now(): number },
  log = (message: string) => siteLogger.error(message),
} = {}): ManifestReader {
  // ttlResolution 0: the clock is read at every look-up, so no manifest is served past its time.
  const manifests = new LRUCache<string, Promise<FederationManifest | null>>({ max: maxEntries, ttl: ttlMs, perf: clock, ttlResolution: 0 });
  return (url, integrity = null) => {
    const key = `${url} ${integrity ?? ''}`;
    const cached = manifests.get(key);
    if (cached) return cached;
    const value = fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        if (!response.ok) return null;
        const text = await response.text();
        try {
          checkIntegrity(url, text, integrity, false);
        } catch (error) {
          log((error as Error).message);
          return null;
        }
        return JSON.parse(text) as FederationManifest;
      })
      .catch(() => null);
    manifests.set(key, value);
    void value.then((manifest) => {
      if (manifest === null && manifests.peek(key) === value) manifests.delete(key);
    });
    return value;
  };
}

/** The files an exposed module needs at once (its synchronous chunks), or null if not exposed. */
export function exposedFiles(manifest: FederationManifest | null, module: string): string[] | null {
  return manifest?.exposes?.find((exposed) => exposed.path === module)?.assets.js.sync ?? null;
}
