// The view token served beside each page (@site/contract/view-token says what it is): signed
// here for the deployments the remotes document gives this visitor, set in a cookie on the page's
// response, never in its HTML, so that the public pages stay cached. The shell sends it with its
// health beacons, and only what it vouches for is counted. A token comes only with a page asked
// for with GET and answered as a page (not a file, an error, a HEAD or an OPTIONS), and only when
// the user service grants one more to the visitor's address (a few a minute, counted there for
// every replica: viewGrants).
import { deploymentFor, REMOTE_NAMES, versionOfManifest, type PreviewPin, type RemotesDocument } from '@site/shared-ui/remotes-document';
import {
  LOCAL_VIEW_TOKEN_SECRET,
  SERVER_SIGNAL_PAGES_MAX,
  SERVER_SIGNALS_MAX,
  signServerSignals,
  signViewGrantRequest,
  signViewToken,
  VIEW_GRANT_WINDOW_MS,
  VIEW_TOKEN_COOKIE,
  VIEW_TOKEN_TTL_S,
  type ServerSignalReport,
  type ViewDeployments,
} from '@site/contract/view-token';
import { serviceFetch, type ServerSignal } from '@site/rendering/server';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { LRUCache } from 'lru-cache';
import { configuredSecret } from './runtimeConfig';
import { visitorIdOf } from './visitor';
import { visitorAddress, visitorUsesHttps } from './proxy';

import { siteEnv, type Env } from './config';

/**
 * VIEW_TOKEN_SECRET, the user service's own: the public local value in local mode only; outside
 * it, unset, short or the local value refuses the start (a health figure nobody can forge needs a
 * secret nobody else knows).
 */
export const viewTokenSecret = (env: Env = siteEnv()): string => configuredSecret(env, 'VIEW_TOKEN_SECRET', LOCAL_VIEW_TOKEN_SECRET, "the user service's");

/** The deployment of each remote this visitor is given: its version (the store's folder) and cohort (a preview's counted apart). */
export function viewDeployments(document: RemotesDocument, visitorId: string, pin?: PreviewPin | null): ViewDeployments {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const { manifest, cohort } = deploymentFor(name, document[name], visitorId, pin);
      return [name, { version: versionOfManifest(manifest), cohort }];
    }),
  );
}

/** Whether a visitor's address may have one more view token now (null: the server does not know its address). */
export type ViewGrants = (address: string | null) => Promise<boolean>;

/** How long the site's server waits for the service's grant (the page is drawn meanwhile); past it, no token. */
export const VIEW_GRANT_TIMEOUT_MS = 1_000;

/** The most addresses a process remembers as refused until their window ends (the oldest forgotten first: it is then asked again). */
export const REFUSED_ADDRESSES_MAX = 10_000;

/**
 * The user service's grants (POST /telemetry/view-grants, a request signed with the view tokens'
 * secret). Fail closed: no service, an error or a late answer grants nothing. An address the
 * service refused is refused here until the end of its window, as the service said: every page it
 * asks for meanwhile would be refused there too, and asking would cost the service a write per
 * page (a crawler's, or many visitors behind one address). The count itself stays the service's,
 * shared by every replica; a process only remembers an answer.
 */
export function serviceViewGrants(serviceUrl: string | null, secret: string, logged: (message: string) => void = () => undefined, now: () => number = Date.now): ViewGrants {
  if (!serviceUrl) return async () => false;
  const url = `${serviceUrl.replace(/\/+$/, '')}/telemetry/view-grants`;
  const refusedUntil = new LRUCache<string, number>({ max: REFUSED_ADDRESSES_MAX });
  // Said once a minute at most: a service that is down would otherwise be said for every page.
  let saidAt = -Infinity;
  const log = (message: string) => {
    if (Date.now() - saidAt < 60_000) return;
    saidAt = Date.now();
    logged(message);
  };
  return async (address) => {
    const key = address ?? 'unknown';
    const until = refusedUntil.get(key);
    if (until !== undefined) {
      if (now() < until) return false;
      refusedUntil.delete(key);
    }
    try {
      const request = await signViewGrantRequest(secret, key);
      const response = await serviceFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ request }),
        signal: AbortSignal.timeout(VIEW_GRANT_TIMEOUT_MS),
      });
      if (!response.ok) {
        log(`no view token: the user service answered the view grant with HTTP ${response.status}`);
        return false;
      }
      const body = (await response.json()) as { granted?: unknown; retryAfterMs?: unknown } | null;
      if (body?.granted === true) return true;
      const retryAfterMs = body?.retryAfterMs;
      // At most a window: an answer out of bounds is not remembered.
      if (typeof retryAfterMs === 'number' && retryAfterMs > 0 && retryAfterMs <= VIEW_GRANT_WINDOW_MS) refusedUntil.set(key, now() + retryAfterMs);
      return false;
    } catch (error) {
      log(`no view token: the view grant could not be asked of the user service (${(error as Error).message})`);
      return false;
    }
  };
}

/** A deployment's outcome on a page as it was served: drawn, or unrendered (and why). */
export type PageOutcome = ServerSignal & { outcome: 'drawn' | 'unrendered' };

/** Where what the server saw as it drew a page goes (serviceServerSignals). */
export type SignalsReport = (outcomes: PageOutcome[]) => Promise<void>;

/**
 * How long a site process gathers what it saw of the pages it served before telling the service:
 * one report a second at most (sooner when it names SERVER_SIGNALS_MAX signals), each signal a
 * deployment's pages with one outcome, counted, instead of a report a page.
 */
export const SIGNALS_REPORT_MS = 1_000;

/**
 * The user service's record of what the site's server saw itself (POST /telemetry/server-signals,
 * a report signed with the view tokens' secret): gathered for SIGNALS_REPORT_MS, then sent, never
 * waited for by a page. What a process gathered and had not sent when it stops is not counted.
 * The promise each call returns settles once its outcomes have been told (or could not be).
 */
export function serviceServerSignals(
  serviceUrl: string | null,
  secret: string,
  logged: (message: string) => void = () => undefined,
  { reportMs = SIGNALS_REPORT_MS }: { reportMs?: number } = {},
): SignalsReport {
  if (!serviceUrl) return async () => undefined;
  const url = `${serviceUrl.replace(/\/+$/, '')}/telemetry/server-signals`;
  let saidAt = -Infinity;
  const send = async (signals: ServerSignalReport[]) => {
    try {
      const report = await signServerSignals(secret, signals);
      const response = await serviceFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ report }),
        signal: AbortSignal.timeout(VIEW_GRANT_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (Date.now() - saidAt < 60_000) return;
      saidAt = Date.now();
      logged(`what the server saw of its pages could not be told to the user service (${(error as Error).message})`);
    }
  };
  // The report being gathered: its signals by deployment and outcome, and when it is sent.
  type Gathered = { signals: Map<string, ServerSignalReport & { pages: number }>; sent: Promise<void>; send: () => void };
  let gathering: Gathered | null = null;
  const gather = (): Gathered => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (release = resolve));
    const report: Gathered = {
      signals: new Map<string, ServerSignalReport & { pages: number }>(),
      sent: started.then(() => send([...report.signals.values()])),
      send: () => {
        clearTimeout(timer);
        if (gathering === report) gathering = null;
        release();
      },
    };
    const timer = setTimeout(report.send, reportMs);
    timer.unref();
    return report;
  };
  return async (outcomes) => {
    const told = new Set<Promise<void>>();
    for (const { remote, version, cohort, outcome } of outcomes) {
      const key = `${remote} ${version} ${cohort} ${outcome}`;
      let report = (gathering ??= gather());
      const signal = report.signals.get(key);
      if (signal) signal.pages += 1;
      else {
        // A report names SERVER_SIGNALS_MAX signals at most: a full one goes now, and another is gathered.
        if (report.signals.size >= SERVER_SIGNALS_MAX) {
          report.send();
          report = gathering = gather();
        }
        report.signals.set(key, { remote, version, cohort, outcome, pages: 1 });
      }
      told.add(report.sent);
      // A signal counts SERVER_SIGNAL_PAGES_MAX pages at most: its report goes once it has.
      if ((signal?.pages ?? 1) >= SERVER_SIGNAL_PAGES_MAX) report.send();
    }
    await Promise.all(told);
  };
}

const seenOf = new WeakMap<Request, ServerSignal[]>();

/**
 * What the server saw of each deployment a page was drawn from, as it stands when the page is
 * served: its last outcome; one still `drawing` was served before its drawing ended, unrendered
 * (timed out).
 */
export function outcomesOf(seen: ServerSignal[]): PageOutcome[] {
  const last = new Map<string, ServerSignal>();
  for (const signal of seen) last.set(`${signal.remote} ${signal.version} ${signal.cohort}`, signal);
  return [...last.values()].map((signal): PageOutcome =>
    signal.outcome === 'drawing' ? { ...signal, outcome: 'unrendered', why: 'timeout' } : { ...signal, outcome: signal.outcome },
  );
}

/** Keeps what the server saw as it drew the request's page (renderedPages' `seen`), for its view token's report. */
export function sawOnPage(c: Context, signal: ServerSignal): void {
  const seen = seenOf.get(c.req.raw) ?? [];
  seen.push(signal);
  seenOf.set(c.req.raw, seen);
}

/** A path that names a file (a name with an extension): never a page of the site. */
const FILE_PATH = /\.[^/]*$/;

/** Sets a fresh view token beside every page this app answers as a page (a 200 of HTML, to a GET), when the service grants it; nothing beside anything else. */
export function viewTokenCookie({
  remotes,
  secret,
  grant,
  report = async () => undefined,
  pinOf = async () => null,
  isPage = () => true,
}: {
  remotes: () => RemotesDocument;
  secret: string;
  /** Whether the visitor's address may have one more (serviceViewGrants). */
  grant: ViewGrants;
  /** Where what the server saw as it drew a page given a token goes (serviceServerSignals): counted as the views are, a few a minute per address. */
  report?: SignalsReport;
  /** The preview pinned in the request's browser (previewPins.ts). */
  pinOf?: (c: Context) => Promise<PreviewPin | null>;
  /**
   * Whether a path is one of the site's pages (its route table): only such a path is worth a grant,
   * so that asking for addresses that are no page (a scanner's 404s) spends nobody's few a minute.
   */
  isPage?: (path: string) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    // A view is a page asked for with GET: a HEAD or an OPTIONS views nothing, nor a file (a name
    // with an extension, /index.html included). Its grant is asked for while the page is drawn.
    const granted = c.req.method === 'GET' && !FILE_PATH.test(c.req.path) && isPage(c.req.path) ? grant(visitorAddress(c)).catch(() => false) : null;
    await next();
    // Answered as a page, not an error (nor a redirect, nor a not-found page).
    if (!granted || c.res.status !== 200 || !(c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) return;
    if (!(await granted)) return;
    const outcomes = outcomesOf(seenOf.get(c.req.raw) ?? []);
    if (outcomes.length > 0) void report(outcomes.slice(0, SERVER_SIGNALS_MAX));
    let document: RemotesDocument;
    try {
      document = remotes();
    } catch {
      return; // no remotes document yet: no deployment to vouch for
    }
    const deployments = viewDeployments(document, visitorIdOf(c), await pinOf(c));
    // The remote whose page the server drew: the version and cohort it was drawn with, even when
    // the document changed since.
    for (const { remote, version, cohort } of outcomes) deployments[remote] = { version, cohort };
    const token = await signViewToken(secret, deployments);
    setCookie(c, VIEW_TOKEN_COOKIE, token, { path: '/', sameSite: 'Lax', maxAge: VIEW_TOKEN_TTL_S, secure: visitorUsesHttps(c) });
  };
}
