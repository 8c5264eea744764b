// The version of a remote a visitor's browser will load, as the server draws its pages from it.
import { deploymentFor, integrityAt, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { serverEntryUrl, type ManifestReader, type PageRequest, type RemoteVersion } from './pageTypes';

export interface RemoteVersionsOptions {
  remotes: () => RemotesDocument;
  manifestAt: ManifestReader;
  siteOrigin: string | null;
  log: (message: string) => void;
}

/**
 * The version of a remote this visitor's browser will load: its manifest and render entry, with
 * the integrity its release recorded for the entry (null: none to render from). Every URL comes
 * from the remotes document and the configured origin, never from the request; a render entry is
 * taken only from its manifest's own origin.
 */
export function remoteVersions({ remotes, manifestAt, siteOrigin, log }: RemoteVersionsOptions) {
  return async (remote: RemoteName, request: PageRequest): Promise<RemoteVersion | null> => {
    const location = remotes()[remote];
    if (!location) return null;
    const deployment = deploymentFor(remote, location, request.visitorId, request.pin);
    if (!URL.canParse(deployment.manifest, siteOrigin ?? undefined)) {
      log(`${remote}'s pages are served empty: its manifest ${deployment.manifest} is relative, and no site origin is configured`);
      return null;
    }
    const manifestUrl = new URL(deployment.manifest, siteOrigin ?? undefined).href;
    const manifest = await manifestAt(manifestUrl, integrityAt(deployment, manifestUrl));
    const entryUrl = manifest && serverEntryUrl(manifest, manifestUrl);
    if (!entryUrl) return null;
    if (new URL(entryUrl).origin !== new URL(manifestUrl).origin) {
      log(`${remote}'s pages are served empty: its manifest names a render entry on another origin (${entryUrl})`);
      return null;
    }
    return { manifestUrl, entryUrl, entryIntegrity: integrityAt(deployment, entryUrl) };
  };
}
