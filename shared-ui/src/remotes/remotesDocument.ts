/**
 * The remotes document (read, validated and cohort-resolved here, by the shell in the browser and
 * by the site's server alike): where each remote is deployed, read at run time so that no remote URL
 * is compiled into the shell. Rolling a remote forward or back is editing this document.
 *
 * {
 *   "mfe_marketing": { "manifest": "https://cdn/mfe-marketing/1.4.0/mf-manifest.json",
 *                      "integrity": { "mf-manifest.json": "sha256-…", "remoteEntry.<hash>.js": "sha256-…", "server/render.….js": "sha256-…" },
 *                      "canary": { "manifest": "https://cdn/mfe-marketing/1.5.0/mf-manifest.json", "integrity": { … }, "percentage": 5 } },
 *   "mfe_auth": { "manifest": "…" },
 *   "mfe_account": { "manifest": "…" }
 * }
 */
import { VERSION_PATTERN, type Cohort } from '@site/contract/telemetry';
import { REMOTE_NAMES, type RemoteName } from './siteApps';

export { REMOTE_NAMES, remoteFolder, type RemoteName } from './siteApps';
export type { Cohort } from '@site/contract/telemetry';

/**
 * What the release recorded of a published version's files, by their path relative to its manifest's
 * folder (`mf-manifest.json`, `remoteEntry.<hash>.js`, `server/render.<hash>.js`): each one's sha256 as a
 * subresource-integrity string (`sha256-<base64>`), which the site's server checks before it runs
 * the render entry and the browser before it runs the manifest's and entry's code.
 */
export type Integrity = Readonly<Record<string, string>>;

/** One deployment of a remote: its manifest, and the integrity the release recorded for it (none: a local build). */
export interface Deployment {
  manifest: string;
  integrity?: Integrity;
}

export interface RemoteLocation extends Deployment {
  canary?: Deployment & { percentage: number };
}
export type RemotesDocument = Record<RemoteName, RemoteLocation>;

export class RemotesDocumentError extends Error {
  override name = 'RemotesDocumentError';
}

/**
 * Where the manifests of a document may be: `origins`, the only origins allowed (absolute URLs
 * only: a relative manifest would be resolved against whatever origin a request names). Without a
 * policy (the browser, which resolves a relative one against its own page; the site in local mode)
 * any URL is taken.
 */
export interface ManifestPolicy {
  origins: readonly string[];
}

const SRI_SHA256 = /^sha256-[A-Za-z0-9+/]{43}=$/;
/** A file of a version's folder: a relative path that stays inside it. */
const FOLDER_FILE = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

function checkedManifest(value: unknown, policy: ManifestPolicy | undefined, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || !URL.canParse(value, 'http://base.invalid')) throw new RemotesDocumentError(`${what} has no manifest URL`);
  if (!policy) return value;
  if (!URL.canParse(value)) throw new RemotesDocumentError(`${what}'s manifest is not an absolute URL (${value})`);
  const { origin, protocol } = new URL(value);
  if (!/^https?:$/.test(protocol) || !policy.origins.includes(origin))
    throw new RemotesDocumentError(`${what}'s manifest is on ${origin}, which is not one of the configured origins (${policy.origins.join(', ')})`);
  return value;
}

function checkedIntegrity(value: unknown, what: string): Integrity | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RemotesDocumentError(`${what} has an invalid integrity`);
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [file, sri] of entries) {
    if (!FOLDER_FILE.test(file) || typeof sri !== 'string' || !SRI_SHA256.test(sri)) throw new RemotesDocumentError(`${what} has an invalid integrity for ${JSON.stringify(file)}`);
  }
  return Object.fromEntries(entries) as Integrity;
}

/** A deployment as a document (or a preview pin) gives it, checked: its manifest on the policy's origins, its integrity well formed. */
export function checkedDeployment(value: Partial<Deployment>, policy: ManifestPolicy | undefined, what: string): Deployment {
  const manifest = checkedManifest(value.manifest, policy, what);
  const integrity = checkedIntegrity(value.integrity, what);
  return integrity ? { manifest, integrity } : { manifest };
}

export function parseRemotesDocument(json: unknown, policy?: ManifestPolicy): RemotesDocument {
  if (typeof json !== 'object' || json === null) throw new RemotesDocumentError('the remotes document is not an object');
  const doc = json as Record<string, unknown>;
  const result = {} as RemotesDocument;
  for (const name of REMOTE_NAMES) {
    const entry = doc[name] as Partial<RemoteLocation> | undefined;
    if (!entry || typeof entry !== 'object') throw new RemotesDocumentError(`remote ${name} has no manifest URL`);
    const location: RemoteLocation = checkedDeployment(entry, policy, `remote ${name}`);
    if (entry.canary !== undefined) {
      const { percentage } = entry.canary ?? {};
      if (typeof entry.canary !== 'object' || entry.canary === null || typeof percentage !== 'number' || percentage < 0 || percentage > 100) {
        throw new RemotesDocumentError(`remote ${name} has an invalid canary`);
      }
      location.canary = { ...checkedDeployment(entry.canary, policy, `remote ${name}'s canary`), percentage };
    }
    result[name] = location;
  }
  return result;
}

/**
 * The integrity recorded for a file at `url` of a deployment (null: none recorded, or not one of its
 * files); `base`: what a relative manifest is relative to.
 */
export function integrityAt(deployment: Deployment, url: string, base?: string): string | null {
  if (!deployment.integrity || !URL.canParse(deployment.manifest, base)) return null;
  const folder = new URL('.', new URL(deployment.manifest, base)).href;
  if (!url.startsWith(folder)) return null;
  return deployment.integrity[url.slice(folder.length).replace(/[?#].*$/, '')] ?? null;
}

/**
 * The visitor's random id, kept in a first-party cookie of this name (SameSite=Lax, no personal
 * data; localStorage keeps a copy): it decides the canary cohorts only, and lets the site's server
 * render the version of a page the browser will load.
 */
export const VISITOR_ID = 'visitor-id';

/** What a visitor id looks like (the server's: a random UUID and its signature, `<uuid>.<signature>`); anything else is not used. */
export const isVisitorId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9-]{8,64}(\.[A-Za-z0-9_-]{1,64})?$/.test(value);

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

/**
 * One browser pinned to one published version of one remote (`pnpm release preview`): the
 * deployment it is shown instead of the stable or canary, its version, and until when (ms since
 * the epoch). The pin travels signed (the site's server verifies it: site-server/src/previewPins.ts)
 * in the PREVIEW_COOKIE cookie, which the shell reads too.
 */
export interface PreviewPin extends Deployment {
  remote: RemoteName;
  version: string;
  expiresAt: number;
}

/** The cookie that carries a browser's preview pin (signed), and the address parameter of a preview link. */
export const PREVIEW_COOKIE = 'preview';
export const PREVIEW_PARAM = 'preview';
/** A preview lasts at most this long. */
export const PREVIEW_MAX_HOURS = 24;

/**
 * Which deployment of a remote a visitor gets: its manifest (and integrity), and its cohort: the
 * preview pinned in this browser for this remote (until it expires), else the canary when the
 * visitor's bucket falls in its percentage, else the stable version.
 */
export function deploymentFor(name: RemoteName, location: RemoteLocation, visitorId: string, pin?: PreviewPin | null, now = Date.now()): Deployment & { cohort: Cohort } {
  if (pin && pin.remote === name && pin.expiresAt > now) return { manifest: pin.manifest, ...(pin.integrity ? { integrity: pin.integrity } : {}), cohort: 'preview' };
  const canary = location.canary && cohortBucket(visitorId, name) < location.canary.percentage;
  const { manifest, integrity } = canary ? location.canary! : location;
  return { manifest, ...(integrity ? { integrity } : {}), cohort: canary ? 'canary' : 'stable' };
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
