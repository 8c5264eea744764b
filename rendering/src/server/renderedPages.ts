// The pages the site's server draws, each rendered by the remote that owns it: from the render
// entry its build published beside its browser build (named in its mf-manifest.json), for the
// version the remotes document gives this visitor (stable or canary), around the shell's layout
// (the shell's own server build), with this environment's runtime configuration.
// - A public page (a route marked "prerender") is drawn for whether the visitor looks signed in (the
//   login cookie: the header offers the sign-in or the account), once per page, version and hint,
//   when first asked for, and kept.
// - A signed-in page (a route behind the access guard), asked for with the login cookie, is drawn
//   whole for the user the service verifies: its reads (the guards', and the ones its page names
//   for the URL) made with the cookie's token under a time budget, the guards run on the answers
//   (a redirect instead of a page), the page rendered with them, and the session and answers
//   handed to the browser. That HTML is the user's, marked personal: kept in this process only,
//   for a minute, to answer the same user's next request whose answers are the same (every request
//   reads them, unless the server follows the service's page changes: then a token's answers are
//   kept too, while nothing of its user's changes; pageChanges.ts).
// - A signed-in page whose reads were refused, slow or failed is served as the browser's first
//   render draws it before the session is known (the layout around the guard's loading status, by
//   the shell's server build alone; kept, being nobody's): the browser's session then decides.
// Any page whose render entry cannot be had, or whose render fails, is served empty (the browser
// renders it, as for any other page).
import { DEFAULT_LOCALE, type Locale } from '@site/shared-ui/locales';
import type { RuntimeConfig } from '@site/shared-ui/runtime-config';
import { deploymentFor, versionOfManifest, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkIndexHtml } from './pageDocument';
import { keptAnswer, keptPages, MAX_PAGES } from './pages/keptPages';
import { serverEntryUrl, type ManifestReader, type PageAnswer, type PageRequest, type RenderEntryManifest, type Seen } from './pages/pageTypes';
import { remoteVersions } from './pages/remoteVersions';
import { renderers } from './pages/renderers';
import { MAX_SIGNED_IN_RENDERS, PERSONAL_PAGE_TTL_MS, signedInPages } from './pages/signedInPages';
import { drawnPart, readRouteTable, routeAt, type RouteTable } from './routeTable';
import type { PageChanges } from './pageChanges';
import { SIGNED_IN_READS_BUDGET_MS } from './signedInReads';

export { MAX_SIGNED_IN_RENDERS, PERSONAL_PAGE_TTL_MS } from './pages/signedInPages';
export { serverEntryUrl, type ManifestReader, type PageAnswer, type PageRequest, type RenderEntryManifest, type ServerSignal } from './pages/pageTypes';

/** The address the not-found page is drawn at (no route of the site has it). */
const NOT_FOUND_PATH = '/404';

export interface RenderedPagesOptions {
  /** The shell's build (index.html, routes.json, mf-manifest.json, server/). */
  dist: string;
  remotes: () => RemotesDocument;
  /** The runtime configuration the browser reads from /config.js. */
  config: RuntimeConfig;
  /** Where the server reaches the user service (default: where the browser does, config.userServiceUrl); null: nowhere, signed-in pages are their loading status. */
  serviceUrl?: string | null;
  manifestAt: ManifestReader;
  /**
   * The site's own origin, from configuration (never a request's Host): what a relative manifest of
   * the remotes document is relative to (the document allows one in local mode only). None: a page
   * whose manifest is relative is not drawn.
   */
  siteOrigin?: string | null;
  /** Whether a render entry runs only with an integrity its release recorded (outside local mode). */
  integrityRequired?: boolean;
  /** Sent when a render entry is fetched (the store's key for server builds). */
  serverBuildHeaders?: Record<string, string>;
  /** How long a signed-in page waits for the service's answers (default SIGNED_IN_READS_BUDGET_MS). */
  readsBudgetMs?: number;
  /** How many drawn pages are kept (default MAX_PAGES). */
  maxPages?: number;
  /** How many signed-in pages may be under way at once (default MAX_SIGNED_IN_RENDERS). */
  maxSignedInRenders?: number;
  /** How long a signed-in page is kept for the same answers (default PERSONAL_PAGE_TTL_MS; 0: never kept). */
  personalPageTtlMs?: number;
  /** The user service's page changes, followed: a token's answers are then kept while nothing of its user's changes (default null: every signed-in page reads). */
  pageChanges?: PageChanges | null;
  log?: (message: string) => void;
}

/** @returns what the server answers for the page at a request, or null to serve it empty */
export function renderedPages({
  dist,
  remotes,
  config,
  serviceUrl = config.userServiceUrl,
  manifestAt,
  siteOrigin = null,
  integrityRequired = false,
  serverBuildHeaders = {},
  readsBudgetMs = SIGNED_IN_READS_BUDGET_MS,
  maxPages = MAX_PAGES,
  maxSignedInRenders = MAX_SIGNED_IN_RENDERS,
  personalPageTtlMs = PERSONAL_PAGE_TTL_MS,
  pageChanges = null,
  log = console.error,
}: RenderedPagesOptions) {
  const table: RouteTable | null = readRouteTable(dist);
  const indexFile = join(dist, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
  const shellManifestFile = join(dist, 'mf-manifest.json');
  const shellManifest = existsSync(shellManifestFile) ? (JSON.parse(readFileSync(shellManifestFile, 'utf8')) as RenderEntryManifest) : null;
  const rendererUrl = shellManifest && serverEntryUrl(shellManifest, pathToFileURL(shellManifestFile).href);
  if (!table || !index || !rendererUrl) {
    log(`server rendering is off: ${dist} has no route table, index.html or server build`);
    return async () => null;
  }
  checkIndexHtml(index, indexFile);

  const drawing = renderers({ rendererUrl, index, config, siteOrigin, integrityRequired, serverBuildHeaders });
  const { freshRenderer, pageOf, render } = drawing;
  const once = keptPages({ maxPages, log });
  const versionFor = remoteVersions({ remotes, manifestAt, siteOrigin, log });
  const signedInPage = signedInPages({
    serviceUrl,
    readsBudgetMs,
    maxSignedInRenders,
    personalPageTtlMs,
    renderers: drawing,
    versionFor,
    pageChanges,
    log,
  });

  const loadingStatus = (path: string, locale: Locale) =>
    once(`loading status ${locale} ${path}`, path, async () => render(await freshRenderer(), path, null, undefined, { signedIn: true, locale }), rendererUrl);

  /**
   * An address that is no page of the site: the shell's not-found page, drawn once per language and
   * sign-in hint (whatever the address: none of it is in the page), answered 404. The browser
   * renders it afresh (it hydrates only a route's page): its #root is not marked as drawn.
   */
  const notFound = async (locale: Locale, signedIn: boolean): Promise<PageAnswer | null> => {
    const page = await once(
      `not found ${locale} ${signedIn}`,
      NOT_FOUND_PATH,
      async () => render(await freshRenderer(), NOT_FOUND_PATH, null, undefined, { signedIn, locale }, undefined, { hydrated: false }),
      rendererUrl,
    );
    return page === null ? null : { ...page, drawn: 'page', personal: false, status: 404 };
  };

  /** What the server tells of the version of `remote` this request's page is drawn from (request.seen: release health's signals). */
  const seenFor = (request: PageRequest, remote: RemoteName): Seen => {
    const location = remotes()[remote];
    const deployment = location ? deploymentFor(remote, location, request.visitorId, request.pin) : null;
    return (outcome, why) => {
      if (deployment) request.seen?.({ remote, version: versionOfManifest(deployment.manifest), cohort: deployment.cohort, outcome, ...(why ? { why } : {}) });
    };
  };

  /**
   * A public page (or a page drawn for the sign-in hint alone): drawn once per version, language
   * and hint, and kept; null to serve it empty (no version to draw from, or its drawing failed). A
   * previewed version's page is for the browser pinned to it: never kept by a shared cache.
   */
  async function publicPage(request: PageRequest, remote: RemoteName, module: string, signedIn: boolean, seen: Seen): Promise<PageAnswer | null> {
    const { pathname } = request.url;
    const locale = request.locale ?? DEFAULT_LOCALE;
    const version = await versionFor(remote, request);
    seen('drawing');
    if (!version) {
      seen('unrendered', 'manifest');
      return null;
    }
    // A render entry's name is content-hashed: a new build of the remote is a new key.
    const key = `${signedIn ? 'signed-in ' : ''}${locale} ${pathname} ${version.manifestUrl} ${version.entryUrl}`;
    const answer = keptAnswer(
      await once(
        key,
        pathname,
        async () => {
          const renderer = await freshRenderer();
          const page = await pageOf(renderer, version, remote, module);
          return render(renderer, pathname, page, version.manifestUrl, { signedIn, locale }, undefined, { publicPage: true });
        },
        version.entryUrl,
      ),
      'page',
    );
    seen(answer ? 'drawn' : 'unrendered', answer ? undefined : 'render');
    return answer && request.pin?.remote === remote ? { ...answer, personal: true } : answer;
  }

  /** A signed-in page drawn whole for its user, else its loading status (anyone's, kept). */
  async function signedInOrLoading(request: PageRequest, token: string, remote: RemoteName, module: string, seen: Seen): Promise<PageAnswer | null> {
    const { pathname } = request.url;
    const whole = await signedInPage(request, token, remote, module, seen).catch((error: Error) => {
      log(`${pathname} is served as its loading status: drawing it whole failed: ${error.stack ?? error.message}`);
      return null;
    });
    return whole ?? keptAnswer(await loadingStatus(pathname, request.locale ?? DEFAULT_LOCALE), 'loading status');
  }

  return async (request: PageRequest): Promise<PageAnswer | null> => {
    const route = routeAt(table, request.url.pathname);
    const token = request.loginToken || null;
    const drawn = drawnPart(route, token !== null);
    if (!route) return notFound(request.locale ?? DEFAULT_LOCALE, token !== null);
    if (!drawn) return null;
    const { remote, module } = route.exposed;
    const seen = seenFor(request, remote);
    return drawn === 'loading status' ? signedInOrLoading(request, token as string, remote, module, seen) : publicPage(request, remote, module, token !== null, seen);
  };
}
