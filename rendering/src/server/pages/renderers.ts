// The renderers of the server's pages: renders take turns (one step at a time in the process), a
// fresh copy of the shell's server build for each page drawn once, one copy kept per signed-in page
// and version (pageRenderer), the shell's guards from a copy of their own, and the page's document.
import type { RemoteName } from '@site/shared-ui/remotes-document';
import type { RuntimeConfig } from '@site/shared-ui/runtime-config';
import { LRUCache } from 'lru-cache';
import type { PageModule, RenderEntry, RenderOptions, ShellRenderer } from '../../contract';
import { builtinsOnly, compiledBuild, type RequireFunction } from '../compiledBuilds';
import { pageDocument } from '../pageDocument';
import { drawnHtml, type Drawn, type RemoteVersion } from './pageTypes';

/** A render step whose request stopped waiting before its turn came: dropped (the page was served without it). */
export class TurnMissed extends Error {
  constructor() {
    super('its request stopped waiting before its turn to render came');
  }
}

/** Signed-in pages' renderers kept (a copy of the shell's build each, with one page of one version: pageRenderer). */
const MAX_PAGE_RENDERERS = 12;

/**
 * One step of rendering at a time: a render's steps share globalThis.__APP_CONFIG__ while they run
 * (and are CPU-bound). A signed-in page waits for the service between its steps, not holding the
 * turn; a step whose request has stopped waiting (`until`) is dropped when its turn comes
 * (TurnMissed).
 */
export function renderTurns(config: RuntimeConfig) {
  let turn: Promise<unknown> = Promise.resolve();
  return <T>(work: () => T | Promise<T>, until?: number): Promise<T> => {
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
}

export interface RenderersOptions {
  /** The shell's server build (its render entry's URL). */
  rendererUrl: string;
  /** The shell's built index.html, every page's document. */
  index: string;
  config: RuntimeConfig;
  siteOrigin: string | null;
  integrityRequired: boolean;
  serverBuildHeaders: Record<string, string>;
}

export type Renderers = ReturnType<typeof renderers>;

export function renderers({ rendererUrl, index, config, siteOrigin, integrityRequired, serverBuildHeaders }: RenderersOptions) {
  const exclusive = renderTurns(config);

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
   * A page drawn into its document. `publicPage`: a page anyone may find and share (its canonical
   * address, alternates and social preview are written); `hydrated`: false for a document the
   * browser renders afresh (not found).
   */
  async function render(
    renderer: ShellRenderer,
    location: string,
    page: PageModule | null,
    manifestUrl: string | undefined,
    options: RenderOptions,
    until?: number,
    { publicPage = false, hydrated = true }: { publicPage?: boolean; hydrated?: boolean } = {},
  ): Promise<Drawn> {
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

  return { rendererUrl, freshRenderer, shellGuards, pageOf, pageRenderer, render };
}
