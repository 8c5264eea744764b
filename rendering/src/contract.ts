/**
 * The contract of the site's server rendering (README.md beside src/ says it in words): what a
 * remote's render entry and the shell's server build export, the markers between the server's
 * HTML and the shell, and the state a signed-in page hands to the browser. Imported by the
 * site's server, the shell (browser and server builds), the build and the tests; nothing here
 * may import anything but types: the browser's first script and the build configuration read it.
 */
import type { LaterPartMarkers } from '@site/shared-ui/later-parts';
import type { Locale } from '@site/shared-ui/locales';
import type { SessionUser } from '@site/shared-ui/session-user';
import type { ServiceReadName } from '@site/shared-ui/service-reads';
import type { DehydratedState } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** The markers between the server's HTML, its inline scripts and the shell: one name each. */
export const MARKERS = {
  /** On #root: the path whose page the HTML holds, drawn by the server; the shell hydrates it. */
  prerenderedAttribute: 'data-prerendered',
  /** On #root: the federation manifest of the remote build the page was rendered from. */
  renderedManifestAttribute: 'data-rendered-manifest',
  /**
   * On <html>, value "skip": the pre-paint script found a visitor the HTML was not drawn for
   * (another language or theme, signed in or not as the HTML has it); the page is hidden and
   * rendered afresh.
   */
  freshRenderAttribute: 'data-prerender',
  /**
   * On <html>: the HTML was drawn for a visitor who looks signed in (the login cookie): a public
   * page (the header offering the account), a signed-in page's layout around its loading status,
   * or a signed-in page drawn whole for the user the service verified (with the handed-over state).
   */
  signedInDocumentAttribute: 'data-drawn-signed-in',
  /**
   * On a select whose choice is a stored preference: its value is the localStorage key and the
   * cookie's name. A choice made on it before the page has hydrated is stored at once by the
   * early-event script (localStorage and the cookie), so nothing that
   * happens before hydration (a reload, the page drawn afresh instead, code that never runs) loses it.
   */
  storedChoiceAttribute: 'data-stored-choice',
  /**
   * The attributes of the cookie such a choice is also kept in, under the same name (the theme's:
   * a browser that has it reads no localStorage as a page starts): a preference cookie's
   * (shared-ui's PREFERENCE_COOKIE: the whole site, a year, SameSite=Lax; a test holds them equal),
   * secure on HTTPS.
   */
  storedChoiceCookie: 'path=/; max-age=31536000; samesite=lax',
  /** Dispatched on document once the page is React's: held early events are replayed. */
  hydratedEvent: 'site:hydrated',
  /** On <html>, "true" once held events were handed to the hydrated page ("false" if it never hydrated). */
  hydratedAttribute: 'data-hydrated',
  /**
   * A part of the page that hydrates after the rest (shared-ui's LaterPart): what is done in it is
   * held until it says it has hydrated, and the part is told it is wanted. shared-ui's names.
   */
  laterPart: {
    attribute: 'data-later-part',
    hydratedAttribute: 'data-later-part-hydrated',
    wantedEvent: 'site:later-part-wanted',
    hydratedEvent: 'site:later-part-hydrated',
  } satisfies LaterPartMarkers,
  /** The id of the <script type="application/json"> holding a signed-in page's handed-over state. */
  handedOverStateId: 'site-handed-over-state',
} as const;

/**
 * A page a remote exposes, as loaded from its render entry (and by the browser, from its build).
 * `serverReads`: the user service's reads its first render shows for a URL's query (the site's
 * server makes them with the visitor's token, and hands the answers over); none: it shows none.
 */
export interface PageModule {
  default: ComponentType;
  serverReads?: ServerReads;
}

/**
 * The reads a page's first render shows, for the URL's query. It runs on the server, under the
 * environment's runtime configuration (runtimeConfig() may be read), and should not throw (a throw
 * serves the page as its loading status). Each name is one of shared-ui's SERVICE_READS, and is the
 * key the page's useServiceRead gives that read (its answer is found under it).
 */
export type ServerReads = (location: { search: string }) => ServiceReadName[];

/** What a remote's render entry exports (build/renderEntryLoader.cjs writes it from the remote's exposes). */
export interface RenderEntry {
  /** Each exposed page, loaded when asked for; `publicPath`: the remote's browser build (its images). */
  exposedModules(publicPath: string): Record<string, () => Promise<PageModule>>;
}

/** What the user service answered, by read (the page's queries, keyed as useServiceRead keys them). */
export type ReadAnswers = Partial<Record<ServiceReadName, unknown>>;

/** A signed-in page's render: the user the service verified the token of, and its answers. */
export interface SignedInRender {
  user: SessionUser;
  answers: ReadAnswers;
}

export interface RenderOptions {
  /** The language it is drawn in (default Romanian): the page's, by shared-ui's localeFrom. */
  locale?: Locale;
  /** Drawn for a visitor who looks signed in (the login cookie: the header offers the account). */
  signedIn?: boolean;
  /** A signed-in page drawn whole (the guards let it through): whose, and what it read. */
  session?: SignedInRender;
}

export interface RenderedPage {
  html: string;
  /** The style elements of what the render drew. */
  styles: string;
  /** The document's title, as the page sets it (null if it sets none). */
  title: string | null;
  /** What the page says it is about (its introduction), else the site's description, in its language. */
  description: string;
  /** A signed-in page's state for the browser (null for any other page). */
  handedOver: HandedOverState | null;
}

/** What the shell's server build exports (shell/src/server/render.tsx). */
export interface ShellRenderer {
  /** The shared singletons, each loaded when a render entry asks for it (one React for the render). */
  shared: Record<string, () => unknown>;
  /**
   * One route as the browser's first render draws it: `location` (path and query), `page` the
   * route's page module (null: a signed-in page's loading status, which needs none).
   */
  renderPage(location: string, page: PageModule | null, options?: RenderOptions): Promise<RenderedPage>;
  /**
   * The reads the route's guards make (none for a public route): the access guard's check of the
   * token, and the trial guard's answer. Pure (any copy of the build answers the same).
   */
  guardReads(pathname: string): ServiceReadName[];
  /**
   * Where the route's guards send this user instead (a trial guard's redirect), or null: the page
   * is theirs. Throws when an answer it needs is missing. Pure.
   */
  guardRedirect(pathname: string, answers: ReadAnswers): string | null;
}

/**
 * What a signed-in page drawn by the server hands to the browser, in a data script element: the
 * session the service verified (the shell starts from it, the auth SDK confirms it later) and the
 * user service's answers as TanStack Query's dehydrated state (the browser's query client is
 * hydrated with it: nothing is read twice).
 */
export interface HandedOverState {
  session: SessionUser;
  queries: DehydratedState;
}
