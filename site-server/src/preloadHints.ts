// Preload hints for the shell's HTML: the browser fetches the shell's shared chunks and the
// manifest, entry and chunks of the remote that renders the requested page all at once, instead of
// discovering them one after the other (HTML → main.js → remotes.json → manifest → remoteEntry.js
// → the page's chunks). Sent as a Link header, computed per request from the remotes document in
// force and the visitor's cohort (the version its browser will load).
import { allManifests, deploymentFor, integrityAt, type PreviewPin, type RemotesDocument } from '@site/shared-ui/remotes-document';
import type { Context } from 'hono';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exposedFiles, type FederationManifest, type ManifestReader } from './manifests';
import { deferredScripts, readRouteTable, routeAt, type DrawnPart } from '@site/rendering/server';
import { looksSignedIn, visitorIdOf } from './visitor';

// Loaded only when needed (sign-in, the account): preloaded only for a page that waits for sign-in,
// asked for by a visitor who looks signed in.
const LAZY_SHARED = /^firebase\//;

/**
 * The connections a page that waits for sign-in opens while its code loads, for a visitor who looks
 * signed in: to the other origins it then calls one after the other (`signedInCalls`:
 * runtimeConfig.ts, signedInCallOrigins), each call then spared the connection's round trips (DNS,
 * TCP, TLS) on a slow network. The calls send no cookies: anonymous connections (crossorigin).
 */
export function signedInPreconnects(c: Context, route: { access?: boolean } | null | undefined, signedInCalls: string[], siteOrigin: string): string[] {
  if (!route?.access || !looksSignedIn(c)) return [];
  return signedInCalls.filter((callOrigin) => callOrigin !== siteOrigin).map((callOrigin) => `<${callOrigin}>; rel=preconnect; crossorigin`);
}

/**
 * `remotesUrl`: where this environment serves the remotes document (REMOTES_URL), which the shell
 * reads before it registers the remotes. `siteOrigin`: the site's own origin, from configuration
 * (runtimeConfig.ts; never the request's Host), what a relative manifest is relative to.
 * `signedInCalls`: see signedInPreconnects. A remote's entry whose release recorded its integrity is
 * hinted with it, as the browser then asks for it (the shell's integrity plugin).
 */
export function preloadHints({
  dist,
  remotes,
  remotesUrl,
  manifestAt,
  siteOrigin,
  signedInCalls = [],
  pinOf = async () => null,
}: {
  dist: string;
  remotes: () => RemotesDocument;
  remotesUrl: string;
  manifestAt: ManifestReader;
  siteOrigin: string;
  signedInCalls?: string[];
  /** The preview pinned in the request's browser (previewPins.ts): its remote's version is the one hinted. */
  pinOf?: (c: Context) => Promise<PreviewPin | null>;
}) {
  const table = readRouteTable(dist);
  const manifestFile = join(dist, 'mf-manifest.json');
  const shellManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as FederationManifest) : null;
  const indexFile = join(dist, 'index.html');
  // The HTML's own scripts first (the runtime configuration, then the entry, which waits for it):
  // the page's code starts with them, and a deferred script is fetched with low priority, after
  // every file hinted here.
  const documentScripts = existsSync(indexFile) ? deferredScripts(readFileSync(indexFile, 'utf8')) : [];
  const bootstrap = readdirSync(dist).filter((file) => /^bootstrap\.[0-9a-f]+\.js$/.test(file));
  const shared = shellManifest?.shared ?? [];
  const unique = (files: string[]) => [...new Set(files)];
  const shellChunks = unique([...bootstrap, ...shared.filter((s) => !LAZY_SHARED.test(s.name)).flatMap((s) => s.assets.js.sync)]).map((file) => `/${file}`);
  const shellScripts = [...documentScripts, ...shellChunks];
  const authChunks = unique(shared.filter((s) => LAZY_SHARED.test(s.name)).flatMap((s) => s.assets.js.sync)).filter((file) => !shellChunks.includes(`/${file}`));

  return async (c: Context, { drawn }: { drawn: DrawnPart | null }): Promise<string> => {
    // The path's one reading (requestPath.ts), as the page's HTML is drawn for.
    const route = routeAt(table, c.req.path);
    // A page drawn by the server (a public page, or a signed-in page drawn whole) is drawn by its
    // HTML: its scripts are found in it, and the remotes document is asked for by its code
    // (shell/src/remotes/remotesDocumentRead.ts), each fetched at its own pace, not ahead of what
    // the page shows (a preloaded file is fetched with high priority, and competes with the page's
    // first paint). A signed-in page's loading status holds only the layout: its page is drawn by
    // its code, hinted as for a page served empty (the remotes document too, at REMOTES_URL,
    // relative to the page or not).
    const drawnByHtml = drawn === 'page';
    // A signed-in page's HTML paints its layout and loading status without any of them: they are
    // fetched at once, but with low priority (as its own scripts are), so that none competes with
    // that first paint; a page served empty paints nothing before them.
    const priority = drawn === 'loading status' ? '; fetchpriority=low' : '';
    const script = (url: string | URL, integrity: string | null = null) =>
      `<${url}>; rel=preload; as=script${integrity ? `; crossorigin; integrity="${integrity}"` : ''}${priority}`;
    // (A fetch preload carries no integrity: browsers ignore it there, and say so in the console.)
    const fetched = (url: string | URL) => `<${url}>; rel=preload; as=fetch; crossorigin${priority}`;
    // A page that waits for sign-in, for a visitor who looks signed in (the login cookie: a hint,
    // never verified here; a signed-out visitor is sent to /login and would not use it), runs the auth
    // SDK first (its guard): hinted right after the HTML's own scripts, ahead of the libraries (React's
    // files are needed only once the SDK has looked the user up), so that it is among the six files a
    // browser fetches first over HTTP/1.1.
    const signedInStart = !drawnByHtml && route?.access === true && looksSignedIn(c);
    const startScripts = signedInStart ? [...documentScripts, ...authChunks.map((file) => `/${file}`), ...shellChunks] : shellScripts;
    const links = drawnByHtml ? [] : [...startScripts.map((file) => script(file)), fetched(remotesUrl)];
    const doc = remotes();
    const remoteOrigins = new Set(
      allManifests(doc)
        .map((url) => new URL(url, siteOrigin).origin)
        .filter((o) => o !== siteOrigin),
    );
    for (const remoteOrigin of remoteOrigins) links.push(`<${remoteOrigin}>; rel=preconnect`);

    // The page's own remote, in the version this visitor gets. A page that waits for sign-in gets
    // it only when the visitor looks signed in, with the auth SDK (above) and the connections its calls need.
    if (drawnByHtml || !route) return links.join(', ');
    if (route.access) {
      if (!signedInStart) return links.join(', ');
      links.push(...signedInPreconnects(c, route, signedInCalls, siteOrigin));
    }
    const page = route.exposed;
    const deployment = deploymentFor(page.remote, doc[page.remote], visitorIdOf(c), await pinOf(c));
    const manifestUrl = new URL(deployment.manifest, siteOrigin);
    const manifestIntegrity = integrityAt(deployment, manifestUrl.href, siteOrigin);
    links.push(fetched(manifestUrl));
    const manifest = await manifestAt(manifestUrl.href, manifestIntegrity);
    if (manifest) {
      const { remoteEntry } = manifest.metaData;
      const entryUrl = new URL(`${remoteEntry.path}${remoteEntry.name}`, manifestUrl);
      links.push(script(entryUrl, integrityAt(deployment, entryUrl.href, siteOrigin)));
      for (const file of exposedFiles(manifest, page.module) ?? []) links.push(script(new URL(file, manifestUrl)));
    }
    return links.join(', ');
  };
}
