// Prerendered public pages (routes marked "prerender" in the shell's route table): HTML the
// browser shows at once and React then hydrates. Each page is rendered by the remote that owns
// it: from the render entry its build published beside its browser build (named in its
// mf-manifest.json), for the version the remotes document gives this visitor (stable or canary),
// around the shell's layout (the shell's own server build), with this environment's runtime
// configuration, for whether the visitor looks signed in (the login cookie: the header offers the
// sign-in or the account). Rendered once per page, version and hint, when first asked for; a page
// whose render entry cannot be had, or fails, is served empty (the browser renders it, as for any
// other page).
// A signed-in page (a route behind the access guard), asked for with the login cookie, is served
// as the browser's first render draws it before the session is known: the layout around the
// guard's loading status, by the shell's server build alone (no remote's page is in it). The
// header is then drawn at once, not after the site's code has run; the cookie is only a hint
// (a visitor whose session has ended is sent to /login by the guard, as without it).
import { deploymentFor, type RemotesDocument } from '@site/shared-ui/remotes-document';
import type { Context } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverEntryUrl, type FederationManifest, type ManifestReader } from '../manifests';
import { drawnPart, readRouteTable, routeAt, type ExposedPage } from '../routeTable';
import type { BrowserConfig } from '../runtimeConfig';
import { looksSignedIn, visitorIdOf } from '../visitor';
import { builtinsOnly, compiledBuild, type RequireFunction } from './compiledBuilds';
import { checkIndexHtml, pageDocument } from './pageDocument';

/** What the shell's server build exports (shell/src/server/render.tsx). */
interface ShellRenderer {
  shared: Record<string, () => unknown>;
  /** title: the document's, as the page sets it (a shell built before it was returned gives none). */
  renderPage(path: string, page: unknown, options?: { signedIn?: boolean }): Promise<{ html: string; styles: string; title?: string | null }>;
}

/** What a remote's render entry exports (tools/render-entry-loader.cjs). */
interface RenderEntry {
  exposedModules(publicPath: string): Record<string, () => Promise<unknown>>;
}

/** Rendered pages kept: pages × versions in force × the sign-in hint, and a few before them. */
const MAX_PAGES = 64;
const FAILED_PAGE_RETRY_MS = 10_000;

export interface PrerenderOptions {
  /** The shell's build (index.html, routes.json, mf-manifest.json, server/). */
  dist: string;
  remotes: () => RemotesDocument;
  /** The runtime configuration the browser reads from /config.js. */
  config: BrowserConfig;
  manifestAt: ManifestReader;
  log?: (message: string) => void;
}

/** @returns the prerendered HTML of the page at a request, or null to serve it empty */
export function prerenderedPages({ dist, remotes, config, manifestAt, log = console.error }: PrerenderOptions) {
  const table = readRouteTable(dist);
  const indexFile = join(dist, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
  const shellManifestFile = join(dist, 'mf-manifest.json');
  const shellManifest = existsSync(shellManifestFile) ? (JSON.parse(readFileSync(shellManifestFile, 'utf8')) as FederationManifest) : null;
  const rendererUrl = shellManifest && serverEntryUrl(shellManifest, pathToFileURL(shellManifestFile).href);
  if (!table || !index || !rendererUrl) {
    log(`prerendering is off: ${dist} has no route table, index.html or server build`);
    return async () => null;
  }
  checkIndexHtml(index, indexFile);

  // One render at a time: renders share globalThis.__APP_CONFIG__ while they run (and are CPU-bound).
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  };

  /** Runs the shell's server build, fresh, with this environment's configuration. */
  async function withRenderer<T>(work: (renderer: ShellRenderer) => Promise<T>): Promise<T> {
    const shell = await compiledBuild(rendererUrl as string);
    return exclusive(async () => {
      const global = globalThis as { __APP_CONFIG__?: unknown };
      const previous = global.__APP_CONFIG__;
      global.__APP_CONFIG__ = config;
      try {
        return await work(shell.run(builtinsOnly) as unknown as ShellRenderer);
      } finally {
        global.__APP_CONFIG__ = previous;
      }
    });
  }

  async function render(path: string, page: ExposedPage, manifestUrl: string, entryUrl: string, signedIn: boolean): Promise<string> {
    const remote = await compiledBuild(entryUrl);
    return withRenderer(async (renderer) => {
      // The shared singletons are the shell's, as in the browser: one React, one styled-components.
      const fromShell: RequireFunction = (id) => (renderer.shared[id] ? renderer.shared[id]() : builtinsOnly(id));
      const entry = remote.run(fromShell) as unknown as RenderEntry;
      const load = entry.exposedModules(new URL('.', manifestUrl).href)[page.module];
      if (!load) throw new Error(`${page.remote}'s render entry does not expose ${page.module}`);
      const { html, styles, title } = await renderer.renderPage(path, await load(), { signedIn });
      return pageDocument(index, { path, manifestUrl, html, styles, title, signedIn });
    });
  }

  const renderSignedIn = (path: string) =>
    withRenderer(async (renderer) => {
      const { html, styles, title } = await renderer.renderPage(path, null, { signedIn: true });
      return pageDocument(index, { path, html, styles, title, signedIn: true });
    });

  const rendered = new Map<string, Promise<string | null>>();
  /** Rendered once (a failure: again after a while), and kept. */
  const once = (key: string, path: string, work: () => Promise<string>, source: string) => {
    let html = rendered.get(key);
    if (!html) {
      if (rendered.size >= MAX_PAGES) rendered.delete(rendered.keys().next().value as string);
      html = work().catch((error: Error) => {
        log(`${path} is served empty: rendering it from ${source} failed: ${error.stack ?? error.message}`);
        setTimeout(() => rendered.get(key) === html && rendered.delete(key), FAILED_PAGE_RETRY_MS).unref();
        return null;
      });
      rendered.set(key, html);
    }
    return html;
  };

  return async (c: Context): Promise<string | null> => {
    const url = new URL(c.req.url);
    const route = routeAt(table, url.pathname);
    const signedIn = looksSignedIn(c);
    const drawn = drawnPart(route, signedIn);
    if (drawn === 'loading status') return once(`signed-in ${url.pathname}`, url.pathname, () => renderSignedIn(url.pathname), rendererUrl);
    if (drawn !== 'page' || !route) return null;
    const page = route.exposed;
    const location = remotes()[page.remote];
    if (!location) return null;
    // The version this visitor's browser will load.
    const manifestUrl = new URL(deploymentFor(page.remote, location, visitorIdOf(c)).manifest, url.origin).href;
    const manifest = await manifestAt(manifestUrl);
    const entryUrl = manifest && serverEntryUrl(manifest, manifestUrl);
    if (!entryUrl) return null;
    // A render entry's name is content-hashed: a new build of the remote is a new key.
    const key = `${signedIn ? 'signed-in ' : ''}${url.pathname} ${manifestUrl} ${entryUrl}`;
    return once(key, url.pathname, () => render(url.pathname, page, manifestUrl, entryUrl, signedIn), entryUrl);
  };
}
