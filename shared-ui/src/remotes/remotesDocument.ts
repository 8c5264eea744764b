/**
 * The remotes document (read, validated and cohort-resolved here, by the shell in the browser and
 * by the site's server alike): where each remote is deployed, read at run time so that no remote URL
 * is compiled into the shell. Rolling a remote forward or back is editing this document.
 *
 * {
 *   "mfe_marketing": { "manifest": "https://cdn/mfe-marketing/1.4.0/mf-manifest.json",
 *                      "canary": { "manifest": "https://cdn/mfe-marketing/1.5.0/mf-manifest.json", "percentage": 5 } },
 *   "mfe_auth": { "manifest": "…" },
 *   "mfe_account": { "manifest": "…" }
 * }
 */
import { VERSION_PATTERN, type Cohort } from '@site/service-user/telemetry';
import { REMOTE_NAMES, type RemoteName } from './siteApps';

export { REMOTE_NAMES, remoteFolder, type RemoteName } from './siteApps';
export type { Cohort } from '@site/service-user/telemetry';

export interface RemoteLocation {
  manifest: string;
  canary?: { manifest: string; percentage: number };
}
export type RemotesDocument = Record<RemoteName, RemoteLocation>;

export class RemotesDocumentError extends Error {
  override name = 'RemotesDocumentError';
}

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length === 0) return false;
  try {
    new URL(value, 'http://base.invalid');
    return true;
  } catch {
    return false;
  }
};

export function parseRemotesDocument(json: unknown): RemotesDocument {
  if (typeof json !== 'object' || json === null) throw new RemotesDocumentError('the remotes document is not an object');
  const doc = json as Record<string, unknown>;
  const result = {} as RemotesDocument;
  for (const name of REMOTE_NAMES) {
    const entry = doc[name] as Partial<RemoteLocation> | undefined;
    if (!entry || !isUrl(entry.manifest)) throw new RemotesDocumentError(`remote ${name} has no manifest URL`);
    const location: RemoteLocation = { manifest: entry.manifest };
    if (entry.canary !== undefined) {
      const { manifest, percentage } = entry.canary;
      if (!isUrl(manifest) || typeof percentage !== 'number' || percentage < 0 || percentage > 100) {
        throw new RemotesDocumentError(`remote ${name} has an invalid canary`);
      }
      location.canary = { manifest, percentage };
    }
    result[name] = location;
  }
  return result;
}

/**
 * The visitor's random id, kept in a first-party cookie of this name (SameSite=Lax, no personal
 * data; localStorage keeps a copy): it decides the canary cohorts only, and lets the site's server
 * render the version of a page the browser will load.
 */
export const VISITOR_ID = 'visitor-id';

/** What a visitor id looks like (a random UUID); anything else is not used. */
export const isVisitorId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(value);

/** FNV-1a: a stable bucket 0–99 for a visitor and a remote (each remote rolls out on its own). */
export function cohortBucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${visitorId}:${remote}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The manifest this visitor loads: the canary's when the visitor's bucket falls in its percentage. */
export function manifestFor(name: RemoteName, location: RemoteLocation, visitorId: string): string {
  return deploymentFor(name, location, visitorId).manifest;
}

/** Which deployment of a remote a visitor gets: its manifest, and whether it is the canary. */
export function deploymentFor(name: RemoteName, location: RemoteLocation, visitorId: string): { manifest: string; cohort: Cohort } {
  const canary = location.canary && cohortBucket(visitorId, name) < location.canary.percentage;
  return canary ? { manifest: location.canary!.manifest, cohort: 'canary' } : { manifest: location.manifest, cohort: 'stable' };
}

/** Every manifest URL of a document, canaries included (what a page may load from). */
export function allManifests(doc: RemotesDocument): string[] {
  return REMOTE_NAMES.flatMap((name) => [doc[name].manifest, ...(doc[name].canary ? [doc[name].canary!.manifest] : [])]);
}

/** The version of a manifest served at a host's root (each remote's own port, locally). */
export const LOCAL_VERSION = 'local';
/** A manifest folder that is no version the store writes (its folders are VERSION_PATTERN's). */
export const UNRECOGNISED_VERSION = 'unrecognised';

/**
 * A deployment's version: the folder its manifest is in (the store's `<remote>/<version>/`), or
 * `local` for a manifest at a host's root.
 */
export function versionOfManifest(manifestUrl: string): string {
  let path: string;
  try {
    path = new URL(manifestUrl, 'http://base.invalid').pathname;
  } catch {
    return UNRECOGNISED_VERSION;
  }
  const folders = path.split('/').filter(Boolean).slice(0, -1);
  const folder = folders.at(-1);
  if (folder === undefined) return LOCAL_VERSION;
  return VERSION_PATTERN.test(folder) ? folder : UNRECOGNISED_VERSION;
}
