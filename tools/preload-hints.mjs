// Preload hints for the shell's HTML: the browser fetches the shell's shared chunks, the remotes
// document, and the manifest, entry and chunks of the remote that renders the requested page,
// all at once, instead of discovering them one after the other (HTML → main.js → remotes.json →
// manifest → remoteEntry.js → the page's chunks). Sent as a Link header, computed per request
// from the remotes document in force.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exposedFiles, manifestReader } from './remote-manifests.mjs';

// Loaded only when needed (sign-in, the account): never preloaded.
const LAZY_SHARED = /^firebase\//;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/**
 * @param {{ dist: string, remotes: () => Record<string, { manifest: string, canary?: object }> }} options
 * @returns {(pathname: string, origin: string, page?: { prerendered?: boolean }) => Promise<string>}
 *   the Link header for a page (a prerendered one gets the preconnects only)
 */
export function preloadHints({ dist, remotes }) {
  const table = readJson(join(dist, 'routes.json'));
  const shellManifest = readJson(join(dist, 'mf-manifest.json'));
  const bootstrap = readdirSync(dist).filter((file) => /^bootstrap\.[0-9a-f]+\.js$/.test(file));
  const shellChunks = [
    ...bootstrap,
    ...(shellManifest?.shared ?? []).filter((s) => !LAZY_SHARED.test(s.name)).flatMap((s) => s.assets.js.sync),
  ];
  const manifestAt = manifestReader();

  return async (pathname, origin, { prerendered = false } = {}) => {
    // (/remotes.json is preloaded by the HTML itself.) A prerendered page is drawn by its HTML: its
    // scripts are found in it and fetched at their own pace, not ahead of what the page shows
    // (a preloaded script is fetched with high priority, and competes with the page's first paint).
    const links = prerendered ? [] : [...shellChunks.map((file) => `</${file}>; rel=preload; as=script`)];
    const doc = remotes();
    const remoteOrigins = new Set(Object.values(doc).flatMap((entry) => [entry?.manifest, entry?.canary?.manifest])
      .filter(Boolean).map((url) => new URL(url, origin).origin).filter((o) => o !== origin));
    for (const remoteOrigin of remoteOrigins) links.push(`<${remoteOrigin}>; rel=preconnect`);

    // The page's own remote, unless the page waits for sign-in or its remote is being canaried
    // (the visitor's cohort is only known in the browser).
    const route = table?.routes.find((r) => r.path === pathname);
    const page = route && !route.access ? table.pages[route.page] : null;
    const entry = page && doc[page.remote];
    if (prerendered || !entry?.manifest || entry.canary) return links.join(', ');
    const manifestUrl = new URL(entry.manifest, origin);
    links.push(`<${manifestUrl}>; rel=preload; as=fetch; crossorigin`);
    const manifest = await manifestAt(manifestUrl.href);
    if (manifest) {
      const { remoteEntry } = manifest.metaData;
      links.push(`<${new URL(`${remoteEntry.path}${remoteEntry.name}`, manifestUrl)}>; rel=preload; as=script`);
      for (const file of exposedFiles(manifest, page.module) ?? []) links.push(`<${new URL(file, manifestUrl)}>; rel=preload; as=script`);
    }
    return links.join(', ');
  };
}
