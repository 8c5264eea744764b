// What the parts of the server's pages share (renderedPages.ts and pages/): a page's request, what
// the server answers, what it tells of the version it draws from, and the remote's version a page
// is drawn from.
import type { Locale } from '@site/shared-ui/locales';
import type { Cohort, PreviewPin, RemoteName } from '@site/shared-ui/remotes-document';
import type { DrawnPart } from '../routeTable';

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
export interface RemoteVersion {
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
  /** The browser's note of its own last change (shared-ui's ANSWERS_CHANGED_COOKIE), or null: answers kept under another note are not used. */
  answersChanged?: string | null;
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
export type Seen = (outcome: ServerSignal['outcome'], why?: ServerSignal['why']) => void;

/**
 * HTML the server drew, and its id: the same id is the same HTML, drawn once (a page kept is
 * served again with its id), so what the site's server derives from a page (its compressed copy,
 * its security headers) is derived once per id, never by reading the page again. Unique in the
 * process: every drawing has its own, even of the same page.
 */
export interface Drawn {
  html: string;
  id: string;
}
let drawings = 0;
export const drawnHtml = (html: string): Drawn => ({ html, id: `drawn ${++drawings}` });

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
