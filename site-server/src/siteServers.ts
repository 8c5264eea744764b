// The production servers of the site: the shell, with its runtime documents, and each remote.
import { REMOTE_NAMES, type PreviewPin, type RemoteName } from '@site/shared-ui/remotes-document';
import { DEFAULT_REMOTES_URL } from '@site/shared-ui/runtime-config';
import { type Context } from 'hono';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteEnv, type Env } from './config';
import { siteLogger } from './logging';
import { manifestReader } from './manifests';
import { preloadHints } from './preloadHints';
import { previewLinks, previewPinOf, previewSecret } from './previewPins';
import { remotesInForce } from './remotesInForce';
import { readUrl, refusedPaths, siteHono } from './requestPath';
import { followPageChanges, readRouteTable, renderedPages, routeAt, type PageAnswer } from '@site/rendering/server';
import { signPageChangesRequest } from '@site/contract/view-token';
import {
  browserConfig as environmentConfig,
  configScript,
  isLocalMode,
  manifestPolicy,
  remoteFolder,
  remotesDocument,
  SERVER_BUILD_KEY_HEADER,
  serverBuildsKey,
  serverUserServiceUrl,
  siteOrigin,
  signedInCallOrigins,
  signedInReadsBudgetMs,
  measuredParts,
  type BrowserConfig,
} from './runtimeConfig';
import { securityHeadersOfPages } from './securityHeaders';
import { createStaticApp, PAGE_WAIT_MS, type Document } from './staticServer';
import { answersChangedOf, localeOf, loginTokenOf, visitorIdOf } from './visitor';
import { sawOnPage, serviceServerSignals, serviceViewGrants, viewTokenCookie, viewTokenSecret, type SignalsReport, type ViewGrants } from './viewTokens';
import { robotsTxt, sitemapXml } from './webFiles';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/**
 * The pages the server draws, asked for with what a request carries (the URL, the visitor's cohort,
 * the login cookie, the page's language), and until when the page waits for them (PAGE_WAIT_MS).
 */
const pageAnswers =
  (draw: ReturnType<typeof renderedPages>, pinOf: PinOf) =>
  async (c: Context): Promise<PageAnswer | null> => {
    const deadline = Date.now() + PAGE_WAIT_MS;
    return draw({
      url: readUrl(c),
      visitorId: visitorIdOf(c),
      loginToken: loginTokenOf(c),
      answersChanged: answersChangedOf(c),
      locale: localeOf(c),
      pin: await pinOf(c),
      deadline,
      // What the server saw of the page's version: reported with its view token (viewTokens.ts).
      seen: (signal) => sawOnPage(c, signal),
    });
  };

type PinOf = (c: Context) => Promise<PreviewPin | null>;

/** /config.js, from the environment as it is on each request (siteEnv: the process's, not a copy). */
const config =
  (overrides: Partial<BrowserConfig> = {}): Document =>
  () => ({
    type: 'text/javascript; charset=utf-8',
    body: configScript(siteEnv(), overrides),
  });

export interface ShellAppOptions {
  /** Where the remotes document comes from (default: the environment's, serve.ts). */
  remotes?: () => unknown;
  /** Runtime configuration that wins over the environment's (a test's own service). */
  browserConfig?: Partial<BrowserConfig>;
  /**
   * Serve public pages drawn by the server, and signed-in pages drawn for the user the service
   * verifies, else as their loading status (default: measuredParts, PRERENDER).
   */
  prerender?: boolean;
  /** Serve the pages with their preload hints (default: measuredParts, PRELOAD_HINTS). */
  preloadHints?: boolean;
  /** How long a signed-in page waits for the user service's answers (SIGNED_IN_READS_BUDGET_MS). */
  readsBudgetMs?: number;
  /** Where this server reaches the user service (runtimeConfig.ts, serverUserServiceUrl); null: it does not, and signed-in pages are drawn by the browser. */
  readsServiceUrl?: string | null;
  /** The shell's build. */
  dist?: string;
  /** Whether a visitor's address may have one more view token (default: the user service's, at the reads' URL; none: no tokens). */
  viewGrants?: ViewGrants;
  /** Where what the server saw as it drew pages given view tokens goes (default: the user service's, as the grants). */
  serverSignals?: SignalsReport;
}

/** Whether this deployment serves its source maps (SOURCE_MAPS=public); by default they are built for error reports only. */
const publicSourceMaps = (env: Env) => env.SOURCE_MAPS === 'public';

/** The shell's server; its configuration read from the environment (siteEnv) once, here, and passed down. */
export function shellApp(options: ShellAppOptions = {}) {
  const env = siteEnv();
  const {
    remotes: read = () => remotesDocument(env),
    browserConfig = {},
    prerender = measuredParts(env).prerender,
    preloadHints: withHints = measuredParts(env).preloadHints,
    dist = join(root, 'shell', 'dist'),
    readsBudgetMs = signedInReadsBudgetMs(env),
    readsServiceUrl,
    viewGrants,
    serverSignals,
  } = options;
  // Every URL the server fetches or writes into a page comes from configuration: the document's
  // manifests on the configured origins (outside local mode), a relative one against the site's own.
  const policy = manifestPolicy(env);
  const remotes = remotesInForce(read, (message) => siteLogger.error(message), policy);
  // A browser pinned to a version by `release preview` (PREVIEW_SECRET; unset outside local mode: no previews).
  const preview = previewSecret(env);
  const pinOf: PinOf = (c) => previewPinOf(c, preview, policy);
  const origin = siteOrigin(env);
  const table = readRouteTable(dist) ?? { pages: {}, routes: [] };
  const manifestAt = manifestReader();
  const browser = { ...environmentConfig(env), ...browserConfig };
  const serviceUrl = readsServiceUrl === undefined ? serverUserServiceUrl(env, browser) : readsServiceUrl;
  const secret = viewTokenSecret(env);
  const grant = viewGrants ?? serviceViewGrants(serviceUrl, secret, (message) => siteLogger.warn(message));
  const report = serverSignals ?? serviceServerSignals(serviceUrl, secret, (message) => siteLogger.warn(message));
  // A path of the route table is a page; without a table (a build without one), any path may be.
  const isPage = table.routes.length > 0 ? (path: string) => routeAt(table, path) !== null : () => true;
  const tokens = viewTokenCookie({ remotes, secret, grant, report, pinOf, isPage });
  if (prerender && serviceUrl === null)
    siteLogger.warn(`signed-in pages are drawn by the browser: the user service's URL (${browser.userServiceUrl}) is not absolute; set USER_SERVICE_INTERNAL_URL`);
  // A document that does not validate at the start refuses it, named (at run time the last good one
  // stays in force): there is no good one yet, and every page would answer 500.
  try {
    remotes();
  } catch (error) {
    throw new Error(`The site's server does not start: the remotes document is not valid (${(error as Error).message})`);
  }
  const site = createStaticApp({
    root: dist,
    spa: true,
    sourceMaps: publicSourceMaps(env),
    documents: {
      '/config.js': config(browserConfig),
      // Where the shell reads it unless REMOTES_URL points elsewhere.
      [DEFAULT_REMOTES_URL]: () => ({ type: 'application/json', body: JSON.stringify(remotes()) }),
      // From the route table and the site's configured origin (webFiles.ts).
      '/robots.txt': () => ({ type: 'text/plain; charset=utf-8', body: robotsTxt(table, origin) }),
      '/sitemap.xml': () => ({ type: 'application/xml; charset=utf-8', body: sitemapXml(table, origin) }),
    },
    securityHeaders: securityHeadersOfPages({ remotes, config: browserConfig }),
    pageLinks: withHints
      ? preloadHints({ dist, remotes, remotesUrl: browser.remotesUrl, manifestAt, siteOrigin: origin, signedInCalls: signedInCallOrigins(browser), pinOf })
      : undefined,
    pageHtml: prerender
      ? pageAnswers(
          renderedPages({
            dist,
            remotes,
            manifestAt,
            config: browser,
            serviceUrl,
            readsBudgetMs,
            // A token's answers kept while the service says nothing of its user's changed (it is followed from the first signed-in page on).
            pageChanges:
              serviceUrl === null ? null : followPageChanges({ serviceUrl, signRequest: () => signPageChangesRequest(secret), log: (message) => siteLogger.warn(message) }),
            siteOrigin: origin,
            integrityRequired: !isLocalMode(env),
            serverBuildHeaders: { [SERVER_BUILD_KEY_HEADER]: serverBuildsKey(env) },
            log: (message) => siteLogger.error(message),
          }),
          pinOf,
        )
      : undefined,
  });
  // A preview link pins its browser, then goes on to the address without it; each page comes with
  // its view token (a cookie): the health beacons count only with one.
  return siteHono()
    .use('*', refusedPaths())
    .use('*', previewLinks({ secret: preview, policy }))
    .use('*', tokens)
    .route('/', site);
}

/**
 * A remote, served alone as an independent deployment (its own page is its local host): its render
 * entry only to the site's server (SERVER_BUILDS_KEY).
 */
export function remoteApp(name: RemoteName, dist = join(root, remoteFolder(name), 'dist')) {
  const env = siteEnv();
  return createStaticApp({
    root: dist,
    spa: true,
    cors: true,
    serverBuildsKey: serverBuildsKey(env),
    sourceMaps: publicSourceMaps(env),
    documents: { '/config.js': config() },
    securityHeaders: securityHeadersOfPages({ remotes: () => null }),
  });
}

/**
 * The deployment store (the release command's), served as a CDN would serve it: the versioned
 * builds (hashed files immutable, manifests and entries revalidated, by name) and the remotes
 * document. Nothing else in the folder is public: its history names who released what, a build's
 * standalone page (index.html) is its team's local host, not the site's, and its render entry is
 * the site's server's alone (SERVER_BUILDS_KEY).
 */
export function deployStoreApp(store: string) {
  const published = new RegExp(`^/(${REMOTE_NAMES.map(remoteFolder).join('|')})/[^/.][^/]*/[^?#]*[^/]$|^/remotes\\.json$`);
  const page = /\.html?$/;
  const env = siteEnv();
  return siteHono()
    .use('*', refusedPaths())
    .use('*', async (c, next) => {
      const path = c.req.path;
      return published.test(path) && !page.test(path) ? next() : c.notFound();
    })
    .route(
      '/',
      createStaticApp({
        root: store,
        cors: true,
        serverBuildsKey: serverBuildsKey(env),
        sourceMaps: publicSourceMaps(env),
        securityHeaders: securityHeadersOfPages({ remotes: () => null }),
      }),
    );
}
