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
//   still reads).
// - A signed-in page whose reads were refused, slow or failed is served as the browser's first
//   render draws it before the session is known (the layout around the guard's loading status, by
//   the shell's server build alone; kept, being nobody's): the browser's session then decides.
// Any page whose render entry cannot be had, or whose render fails, is served empty (the browser
// renders it, as for any other page).
import { DEFAULT_LOCALE, languageQuery, type Locale } from '@site/shared-ui/locales';
import { freshLoginToken } from '@site/shared-ui/login-token';
import type { RuntimeConfig } from '@site/shared-ui/runtime-config';
import { deploymentFor, integrityAt, versionOfManifest, type Cohort, type PreviewPin, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { isServiceReadName, type ServiceReadName } from '@site/shared-ui/service-reads';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageModule, RenderEntry, RenderOptions, ShellRenderer, SignedInRender } from '../contract';
import { builtinsOnly, compiledBuild, type RequireFunction } from './compiledBuilds';
import { checkIndexHtml, pageDocument } from './pageDocument';
import { drawnPart, readRouteTable, routeAt, type DrawnPart, type RouteTable } from './routeTable';
import { readForSignedInPage, readsUnderWay, SIGNED_IN_READS_BUDGET_MS, type SignedInReads } from './signedInReads';

/** The address the not-found page is drawn at (no route of the site has it). */
const NOT_FOUND_PATH = '/404';

/** Pages kept: public pages × versions in force × the sign-in hint × languages; the least recently served is dropped first. */
const MAX_PAGES = 64;
const FAILED_PAGE_RETRY_MS = 10_000;

/**
 * The most signed-in pages under way at a time in one process (their reads, their turn to render,
 * the render): past it, a request gets its loading status at once, without waiting. Renders take
 * turns on the process's thread at 5-10 ms of CPU each (bench/load.mjs), so 32 waiting is a few
 * hundred ms at worst; past that the machine is saturated, and waiting longer would hold every page
 * back. The site's server runs one such process a core (SITE_PROCESSES).
 */
export const MAX_SIGNED_IN_RENDERS = 32;

/** A render step whose request stopped waiting before its turn came: dropped (the page was served without it). */
class TurnMissed extends Error {
  constructor() {
    super('its request stopped waiting before its turn to render came');
  }
}

/** Signed-in pages' renderers kept (a copy of the shell's build each, with one page of one version: pageRenderer). */
const MAX_PAGE_RENDERERS = 12;

/**
 * How long a signed-in page drawn for a user is kept for that user's next request (a reload, the
 * same tab again) whose reads the service answers the same: drawn from the same answers, the page
 * is the same but for what it says of time (worked out as of its answers: a trial's days left), so
 * for this long it may say it as of up to a minute before. Every request still reads (the service
 * verifies the token and answers afresh): a change the user made, or a payment, is in the answers,
 * and a page drawn from other answers is drawn again.
 */
export const PERSONAL_PAGE_TTL_MS = 60_000;

/** Signed-in pages kept, counted in their HTML's length (about 21 KB a page), in each process; the least recently served is dropped first. */
const MAX_PERSONAL_PAGES_CHARS = 16_000_000;

/** Where a render entry (or the shell's server build) is, as its manifest names it (metaData.ssrRemoteEntry). */
export interface RenderEntryManifest {
  metaData: { ssrRemoteEntry?: { name: string; path: string; type?: string } };
}

/** A manifest, checked against the integrity its release recorded when one is given (null: none, or it does not answer or match). */
export type ManifestReader = (url: string, integrity?: string | null) => Promise<RenderEntryManifest | null>;

/** Where a manifest's server build is, or null when it publishes none. */
export function serverEntryUrl(manifest: RenderEntryManifest, manifestUrl: string): string | null {
  const entry = manifest.metaData.ssrRemoteEntry;
  return entry ? new URL(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`, manifestUrl).href : null;
}

/** A remote's version a page is drawn from: its manifest, and its render entry with the integrity recorded for it. */
interface RemoteVersion {
  manifestUrl: string;
  entryUrl: string;
  entryIntegrity: string | null;
}

export interface PageRequest {
  /** The request's URL (its path and query choose the page). */
  url: URL;
  /** The visitor's cohort id (its cookie, or the one the server gives a first visit). */
  visitorId: string;
  /** The login cookie's value (the user's ID token), or null. */
  loginToken: string | null;
  /** The language the page is drawn in (shared-ui's localeFrom: the address's, else the cookie's; default Romanian). */
  locale?: Locale;
  /** The preview pinned in this browser (verified by the site's server), if any: its remote's pages are drawn from the pinned version. */
  pin?: PreviewPin | null;
  /**
   * When the page stops waiting for what the server draws (ms since the epoch; the site's server's
   * PAGE_WAIT_MS): a signed-in page's render still waiting for its turn then is dropped (nobody
   * else would be served it). None: no limit.
   */
  deadline?: number;
  /** Told what the server saw of the remote's version this page is drawn from (release health's own signals: ServerSignal). */
  seen?: (signal: ServerSignal) => void;
}

/**
 * What the site's server sees itself of a remote's version as it draws a page of it, for release
 * health (no browser can send it): `drawing` as it starts, then the page drawn, or served
 * unrendered because its manifest or render entry could not be fetched or verified (`manifest`),
 * or because the render entry failed (`render`; a failed render is served unrendered until it is
 * retried). A page served before its drawing ends (the site's server's PAGE_WAIT_MS, or a
 * signed-in page whose turn to render came too late) has only `drawing` when it is served: it
 * timed out. A signed-in page served as its loading status for its user's sake (a token refused,
 * the user service failing or busy) says nothing of the version.
 */
export interface ServerSignal {
  remote: RemoteName;
  /** The version as view tokens name it (the manifest's folder). */
  version: string;
  cohort: Cohort;
  outcome: 'drawing' | 'drawn' | 'unrendered';
  why?: 'manifest' | 'render' | 'timeout';
}

/** Tells what the server saw of the remote's version a page is drawn from (ServerSignal). */
type Seen = (outcome: ServerSignal['outcome'], why?: ServerSignal['why']) => void;

/**
 * HTML the server drew, and its id: the same id is the same HTML, drawn once (a page kept is
 * served again with its id), so what the site's server derives from a page (its compressed copy,
 * its security headers) is derived once per id, never by reading the page again. Unique in the
 * process: every drawing has its own, even of the same page.
 */
interface Drawn {
  html: string;
  id: string;
}
let drawings = 0;
const drawnHtml = (html: string): Drawn => ({ html, id: `drawn ${++drawings}` });

export type PageAnswer =
  /**
   * HTML the server drew: the page (`drawn`), or a signed-in page's loading status, with its id
   * (Drawn); `personal`: holding a user's data (private to that visitor: kept by no shared cache,
   * and by this process only for that user's next request answered the same,
   * PERSONAL_PAGE_TTL_MS), else kept by the server for anyone whose cookies hint the same, and
   * revalidated by browsers.
   */
  | { html: string; id: string; drawn: DrawnPart; personal: boolean; status?: 404 }
  /** The route's guards send this user elsewhere first (a 302, as personal as the page). */
  | { redirect: string };

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

  // One step of rendering at a time: a render's steps share globalThis.__APP_CONFIG__ while they run
  // (and are CPU-bound). A signed-in page waits for the service between its steps, not holding the
  // turn; a step whose request has stopped waiting (`until`) is dropped when its turn comes.
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => T | Promise<T>, until?: number): Promise<T> => {
    const step = async () => {
      if (until !== undefined && Date.now() > until) throw new TurnMissed();
      const global = globalThis as { __APP_CONFIG__?: unknown };
      const previous = global.__APP_CONFIG__;
      global.__APP_CONFIG__ = config;
      try {
        return await work();
      } finally {
        global.__APP_CONFIG__ = previous;
      }
    };
    const result = turn.then(step, step);
    turn = result.catch(() => undefined);
    return result;
  };

  /** A fresh copy of the shell's server build (its modules' state its own). */
  const freshRenderer = async (until?: number) => {
    const shell = await compiledBuild(rendererUrl);
    return exclusive(() => shell.run(builtinsOnly) as unknown as ShellRenderer, until);
  };
  /** The shell's guards (what they read, where they send a user), from one copy of its build kept for them: they hold no state. */
  let guards: Promise<Pick<ShellRenderer, 'guardReads' | 'guardRedirect'>> | null = null;
  const shellGuards = () => {
    guards ??= freshRenderer();
    guards.catch(() => (guards = null));
    return guards;
  };

  /**
   * The page module of a remote's render entry, run with the shared singletons of `renderer` (one
   * React, as in the browser).
   */
  async function pageOf(renderer: ShellRenderer, { manifestUrl, entryUrl, entryIntegrity }: RemoteVersion, remote: RemoteName, module: string, until?: number) {
    const build = await compiledBuild(entryUrl, { integrity: entryIntegrity, integrityRequired, headers: serverBuildHeaders });
    return exclusive(async () => {
      const fromShell: RequireFunction = (id) => (renderer.shared[id] ? renderer.shared[id]() : builtinsOnly(id));
      const entry = build.run(fromShell) as unknown as RenderEntry;
      const load = entry.exposedModules(new URL('.', manifestUrl).href)[module];
      if (!load) throw new Error(`${remote}'s render entry does not expose ${module}`);
      const page: PageModule = await load();
      return page;
    }, until);
  }

  /** The reads a page names for the URL's query (`search`), each one the user service has. */
  function readsOf(page: PageModule, remote: RemoteName, module: string, search: string): readonly ServiceReadName[] {
    const reads = page.serverReads?.({ search }) ?? [];
    const unknown = reads.filter((name) => !isServiceReadName(name));
    if (unknown.length > 0) throw new Error(`${remote}'s ${module} names reads the user service does not have: ${unknown.join(', ')}`);
    return reads;
  }

  /**
   * A signed-in page's renderer: a copy of the shell's build with one page module of one version of
   * a remote in it, made once and used for every user's render of that page, as a long-lived server
   * renders with one copy of its modules. Each render brings its own state (the session, the query
   * client, the style sheet, the language) and renders take turns (`exclusive`), so nothing of one
   * user's render is in another's; one page module a copy, so styled-components names that page's
   * components in the order a fresh copy would (the browser's). A copy that could not be made is
   * made again at the next request.
   */
  const pageRenderers = new LRUCache<string, Promise<{ renderer: ShellRenderer; page: PageModule }>>({ max: MAX_PAGE_RENDERERS });
  function pageRenderer(version: RemoteVersion, remote: RemoteName, module: string, until?: number) {
    const key = `${version.manifestUrl} ${version.entryUrl} ${version.entryIntegrity ?? ''} ${module}`;
    let made = pageRenderers.get(key);
    if (!made) {
      made = (async () => {
        const renderer = await freshRenderer(until);
        return { renderer, page: await pageOf(renderer, version, remote, module, until) };
      })();
      const making = made;
      making.catch(() => pageRenderers.peek(key) === making && pageRenderers.delete(key));
      pageRenderers.set(key, making);
    }
    return made;
  }

  /**
   * `publicPage`: a page anyone may find and share (its canonical address, alternates and social
   * preview are written); `hydrated`: false for a document the browser renders afresh (not found).
   */
  async function render(
    renderer: ShellRenderer,
    location: string,
    page: PageModule | null,
    manifestUrl: string | undefined,
    options: RenderOptions,
    until?: number,
    { publicPage = false, hydrated = true }: { publicPage?: boolean; hydrated?: boolean } = {},
  ) {
    const { html, styles, title, description, handedOver } = await exclusive(() => renderer.renderPage(location, page, options), until);
    const path = location.replace(/[?#].*$/, '');
    const signedIn = Boolean(options.signedIn || options.session);
    return drawnHtml(
      pageDocument(index, {
        path,
        manifestUrl,
        html,
        styles,
        title,
        description,
        handedOver,
        signedIn,
        locale: options.locale,
        siteOrigin: publicPage ? siteOrigin : null,
        hydrated,
      }),
    );
  }

  const kept = new LRUCache<string, Promise<Drawn | null>>({ max: maxPages });
  /** Rendered once (a failure: again after FAILED_PAGE_RETRY_MS), and kept. */
  const once = (key: string, path: string, work: () => Promise<Drawn>, source: string) => {
    let page = kept.get(key);
    if (!page) {
      const rendering: Promise<Drawn | null> = work().catch((error: Error) => {
        log(`${path} is served empty: rendering it from ${source} failed: ${error.stack ?? error.message}`);
        if (kept.peek(key) === rendering) kept.set(key, rendering, { ttl: FAILED_PAGE_RETRY_MS });
        return null;
      });
      page = rendering;
      kept.set(key, page);
    }
    return page;
  };
  const keptAnswer = (page: Drawn | null, drawn: DrawnPart): PageAnswer | null => (page === null ? null : { ...page, drawn, personal: false });

  /**
   * The version of a remote this visitor's browser will load: its manifest and render entry, with
   * the integrity its release recorded for the entry (null: none to render from). Every URL comes
   * from the remotes document and the configured origin, never from the request; a render entry is
   * taken only from its manifest's own origin.
   */
  async function versionFor(remote: RemoteName, request: PageRequest): Promise<RemoteVersion | null> {
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
  }

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

  let signedInRenders = 0;

  /**
   * Signed-in pages drawn, each under what it was drawn from: the version and page of the code, the
   * address, the language, and the session (the user and the service's answers). The same key is
   * the same page: a user's other answers, or another user, are another key. Kept in memory only
   * (PERSONAL_PAGE_TTL_MS), never in a shared cache; the key is a digest, not the user's data.
   */
  const personalPages =
    personalPageTtlMs > 0 ? new LRUCache<string, Drawn>({ maxSize: MAX_PERSONAL_PAGES_CHARS, sizeCalculation: ({ html }) => html.length, ttl: personalPageTtlMs }) : null;
  const personalKey = (version: RemoteVersion, module: string, location: string, locale: Locale, session: SignedInRender) =>
    createHash('sha256')
      .update(JSON.stringify([version.manifestUrl, version.entryUrl, version.entryIntegrity, module, location, locale, session]))
      .digest('base64url');

  /**
   * A signed-in page drawn whole, or a redirect, for the user whose token the service verifies; null
   * when it cannot be (a token that cannot be valid, too many such renders under way, no render
   * entry, the service refused the token or did not answer in time): the page is then its loading
   * status, as the browser's first render draws it. The guards' reads (the token's check among them)
   * and the page's own are asked for together, once the page's code is ready and has named its own.
   */
  async function signedInPage(request: PageRequest, token: string, remote: RemoteName, module: string, seen: Seen): Promise<PageAnswer | null> {
    const { pathname, search } = request.url;
    if (serviceUrl === null || freshLoginToken(token) === null) return null;
    // What counts against the limit is what costs: a read of the service's of its own, and a
    // render. A page whose reads are already under way for its user (another tab, a reload) waits
    // for them uncounted; if it then has to be drawn (none kept for its user answers the same), it
    // counts from then on.
    let counted = false;
    const count = (): boolean => {
      if (counted) return true;
      if (signedInRenders >= maxSignedInRenders) {
        log(`${pathname} is served as its loading status: ${maxSignedInRenders} signed-in pages are being drawn already`);
        return false;
      }
      signedInRenders += 1;
      counted = true;
      return true;
    };
    try {
      const reading = (reads: readonly ServiceReadName[]) => ({ token, reads, serviceUrl: serviceUrl as string, budgetMs: readsBudgetMs });
      const read = (reads: readonly ServiceReadName[]) => (readsUnderWay(reading(reads)) || count() ? readForSignedInPage(reading(reads)) : null);
      const { guardReads, guardRedirect } = await shellGuards();
      const version = await versionFor(remote, request);
      // The remote's version cannot be had (its manifest or render entry): the server saw it fail,
      // and the page is its loading status (the guards' reads say, in the log, whether the service
      // would have answered).
      if (!version) {
        seen('drawing');
        seen('unrendered', 'manifest');
        const reads = read(guardReads(pathname));
        if (reads) finish(pathname, await reads);
        return null;
      }
      // What the server sees of the remote's version from here (a refused token or a service that
      // failed is nobody's version's doing: nothing is said of it): its code loaded and its page
      // drawn, or its code failing, or its turn to render missed (told as still drawing: a timeout).
      let drawingSaid = false;
      const drawing = () => {
        if (!drawingSaid) seen('drawing');
        drawingSaid = true;
      };
      try {
        const { renderer, page } = await pageRenderer(version, remote, module, request.deadline);
        // The guards' reads (the token's check among them) and the page's own for its URL, asked
        // for at once once the page has named them (its code is kept after a version's first
        // render): the account's reads go in one request (signedInReads.ts).
        const reads = read([...guardReads(pathname), ...readsOf(page, remote, module, search)]);
        if (!reads) return null;
        const outcome = finish(pathname, await reads);
        if (!outcome) return null;
        drawing();
        const redirect = guardRedirect(pathname, outcome.answers);
        if (redirect) {
          seen('drawn');
          // The address's language goes along (/account?lang=en to /account-pricing?lang=en).
          return { redirect: `${redirect}${languageQuery(search)}` };
        }
        const session: SignedInRender = { user: outcome.user, answers: outcome.answers };
        const location = `${pathname}${search}`;
        const locale = request.locale ?? DEFAULT_LOCALE;
        const key = personalPages && personalKey(version, module, location, locale, session);
        let drawn = key ? personalPages?.get(key) : undefined;
        if (drawn === undefined) {
          if (!count()) return null;
          drawn = await render(renderer, location, page, version.manifestUrl, { session, locale }, request.deadline);
          if (key) personalPages?.set(key, drawn);
        }
        seen('drawn');
        return { ...drawn, drawn: 'page', personal: true };
      } catch (error) {
        drawing();
        if (!(error instanceof TurnMissed)) seen('unrendered', 'render');
        throw error;
      }
    } finally {
      if (counted) signedInRenders -= 1;
    }
  }

  /** The guards' and the page's reads: their answers, or null (said in the log when the service failed). */
  function finish(pathname: string, outcome: SignedInReads) {
    if (outcome.outcome === 'unavailable') log(`${pathname} is served as its loading status: ${outcome.why}`);
    return outcome.outcome === 'answered' ? { user: outcome.user, answers: outcome.answers } : null;
  }

  return async (request: PageRequest): Promise<PageAnswer | null> => {
    const { pathname } = request.url;
    const route = routeAt(table, pathname);
    const token = request.loginToken || null;
    const locale = request.locale ?? DEFAULT_LOCALE;
    const drawn = drawnPart(route, token !== null);
    if (!route) return notFound(locale, token !== null);
    if (!drawn) return null;
    const { remote, module } = route.exposed;
    const location = remotes()[remote];
    const deployment = location ? deploymentFor(remote, location, request.visitorId, request.pin) : null;
    const seen: Seen = (outcome, why) => {
      if (deployment) request.seen?.({ remote, version: versionOfManifest(deployment.manifest), cohort: deployment.cohort, outcome, ...(why ? { why } : {}) });
    };
    if (drawn === 'loading status') {
      const whole = await signedInPage(request, token as string, remote, module, seen).catch((error: Error) => {
        log(`${pathname} is served as its loading status: drawing it whole failed: ${error.stack ?? error.message}`);
        return null;
      });
      return whole ?? keptAnswer(await loadingStatus(pathname, locale), 'loading status');
    }
    const version = await versionFor(remote, request);
    seen('drawing');
    if (!version) {
      seen('unrendered', 'manifest');
      return null;
    }
    const signedIn = token !== null;
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
    // A previewed version's page is for the browser pinned to it: never kept by a shared cache.
    return answer && request.pin?.remote === remote ? { ...answer, personal: true } : answer;
  };
}
