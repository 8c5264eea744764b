import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { FederationManifest } from '@site/site-server';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@site/contract/locales';
import { LOCAL_SITE_URL } from '@site/contract/local-setup';
import type { RouteTable } from '@site/shared-ui/route-table';
import { remoteFolder } from '@site/shared-ui/site-apps';
import { THEME_COOKIE } from '@site/shared-ui/theme-preference';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The route table as the shell's build emits it (shell/dist/routes.json): every list of routes the journeys take is read from it. */
export function builtRouteTable(): RouteTable {
  const file = join(root, 'shell', 'dist', 'routes.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RouteTable;
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message}): build the site first (pnpm build)`);
  }
}

const remotePagesTools = require('@site/tools/remote-pages') as { stringIn: (appDir: string, locale: Locale, key: string) => string };

/** A key's string in an app's strings file (`<folder>/src/i18n/<locale>.json`). */
export const stringIn = (folder: string, locale: Locale, key: string): string => remotePagesTools.stringIn(join(root, folder), locale, key);

/** A path no route has: the shell's not-found page. */
export const UNKNOWN_PATH = '/no-such-page';

export interface JourneyRoute {
  path: string;
  /** The page's one h1: its title (the route table's key, in its remote's strings). */
  h1: string;
  /** A signed-in user's page (the access guard): a signed-out visitor lands on /login (auth.spec.ts). */
  guarded?: true;
}

/** Every route of the route table with its page's h1 in a language, and the unknown path with the not-found page's. */
function routesIn(locale: Locale): JourneyRoute[] {
  const table = builtRouteTable();
  const listed = table.routes.map((route): JourneyRoute => {
    const page = table.pages[route.page]!;
    return { path: route.path, h1: stringIn(remoteFolder(page.remote), locale, page.title), ...(route.access && { guarded: true as const }) };
  });
  return [...listed, { path: UNKNOWN_PATH, h1: stringIn('shell', locale, 'notFound.title') }];
}

/** Every route of the site with its Romanian h1 (the default locale). */
export const routes = routesIn(DEFAULT_LOCALE);

const routesByLocale = new Map(LOCALES.map((locale) => [locale, routesIn(locale)]));

/** A route's h1 in a language (Romanian, the default, unless named). */
export function h1Of(path: string, locale: Locale = DEFAULT_LOCALE): string {
  const route = routesByLocale.get(locale)?.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} in ${locale}: neither a route of the route table nor ${UNKNOWN_PATH}, or not a locale of the site`);
  return route.h1;
}

export const publicRoutes = routes.filter((route) => !('guarded' in route));

/** The paths of the pages the server draws for anyone (the route table's `prerender`), of one remote or of all. */
export function prerenderedPaths(remote?: string): string[] {
  const table = builtRouteTable();
  return table.routes.filter((route) => route.prerender && (remote === undefined || table.pages[route.page]?.remote === remote)).map((route) => route.path);
}
export const guardedRoutes = routes.filter((route) => 'guarded' in route);

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** axe's AAA contrast rule, run beside the tags' rules. */
export const AAA_CONTRAST = 'color-contrast-enhanced';

/** The page's one level-1 heading (the sign-in widget's own titles are exposed as level 2). */
export const h1 = (page: Page) => page.locator('main').getByRole('heading', { level: 1 });

/**
 * Opens a path and waits until its page (a remote's, usually) has rendered its heading and, when
 * it arrived prerendered, has hydrated: a test then acts on the page as React runs it. (What is
 * done on a prerendered page before it hydrates is held and replayed: prerender.spec.ts.)
 */
export async function open(page: Page, path: string, heading?: string) {
  await page.goto(path);
  if (heading) await expect(h1(page)).toHaveText(heading);
  else await expect(h1(page)).toBeVisible();
  if (await page.locator('#root[data-prerendered]').count()) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * axe over the whole page, or over the parts named (a state that changed only those parts: the rest
 * of the page was scanned already, and a full scan at every state is what makes a test slow).
 */
export async function expectNoAxeViolations(page: Page, { only = [] as string[] } = {}) {
  // Legacy mode: axe runs in the page's frames as they are, without the extra blank page the
  // default mode opens to combine frames' results (a third of each scan's time here; the rules are the same).
  // With WCAG 2.2 AA, the AAA contrast rule (7:1, 4.5:1 for large text): the site's own standard.
  // (options() replaces all options: before withTags, which adds its runOnly to them.)
  const builder = new AxeBuilder({ page })
    .options({ rules: { [AAA_CONTRAST]: { enabled: true } } })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  for (const selector of only) builder.include(selector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * A visitor who stored these preferences in localStorage before the theme had its cookie: a browser
 * that has been here (a cohort id of its own, which the site's server replaces with one it signs), so
 * the server gives it no first visit's theme cookie, and its pages read what it stored. A theme's
 * cookie this context already holds (an earlier page of the test set it) is removed: with it, the
 * pages would read the cookie, not what is stored.
 */
export async function setStoredPreferences(page: Page, prefs: { theme?: string; locale?: string }) {
  await page.context().clearCookies({ name: THEME_COOKIE });
  await page.context().addCookies([{ name: 'visitor-id', value: 'an-earlier-visit', url: LOCAL_SITE_URL }]);
  await page.addInitScript((p) => {
    if (p.theme) localStorage.setItem('theme', p.theme);
    if (p.locale) localStorage.setItem('locale', p.locale);
  }, prefs);
}

/**
 * Records, from the page's first script on, every heading, header or main child the page removes:
 * a hydration that keeps the prerendered HTML removes none. (The sign-in widget draws and replaces
 * its own views, titles included: not counted.)
 */
export async function watchReplacedNodes(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removed: string[] }).removed = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).closest?.('.firebaseui-container, [class*="firebaseui"]')) continue;
        for (const node of record.removedNodes) {
          if (node instanceof Element && !node.matches('[class*="firebaseui"]') && (node.matches('h1, header, main > *') || node.querySelector('h1'))) removed.push(node.tagName);
        }
      }
    }).observe(window.document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removed: string[] }).removed);
}

/** What the page logs as errors from now on (console errors and uncaught exceptions, React's hydration errors among them). */
export function loggedErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Each module the shell shares, with the files its build loads for it (its federation manifest). */
export function sharedModuleFiles(): Map<string, string[]> {
  const manifest = join(dirname(fileURLToPath(import.meta.url)), '..', 'shell', 'dist', 'mf-manifest.json');
  const shell = JSON.parse(readFileSync(manifest, 'utf8')) as FederationManifest;
  return new Map((shell.shared ?? []).map((s) => [s.name, s.assets.js.sync]));
}

/** A build folder's federation entry, by the name its manifest gives it (content-hashed in a production build). */
export function remoteEntryIn(dist: string): string {
  return (JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as FederationManifest).metaData.remoteEntry.name;
}

/** A remote's federation entry in its build (e.g. 'mfe-auth'). */
export const remoteEntryOf = (folder: string) => remoteEntryIn(join(dirname(fileURLToPath(import.meta.url)), '..', folder, 'dist'));

/** The auth SDK's chunks (Firebase's shared modules), as the shell's build lists them in its federation manifest. */
export function authSdkChunks(): string[] {
  return [...sharedModuleFiles()].filter(([name]) => name.startsWith('firebase/')).flatMap(([, files]) => files);
}
