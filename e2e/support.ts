import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { FederationManifest } from '@site/site-server';
import type { RouteTable } from '@site/shared-ui/route-table';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every route of the site with its Romanian h1 (the default locale). A guarded route shows its
 * own page only to a signed-in user; a signed-out visitor lands on /login (see auth.spec.ts).
 * The routes and their guards are the route table's (route-list.spec.ts checks).
 */
export const routes = [
  { path: '/', h1: 'Ajutăm persoanele nevăzătoare să exploreze lumea cu încredere' },
  { path: '/contact', h1: 'Contact' },
  { path: '/aboutus', h1: 'Despre noi' },
  { path: '/accessibility', h1: 'Declarație de accesibilitate' },
  { path: '/privacy', h1: 'Politica de confidențialitate' },
  { path: '/terms', h1: 'Termenii abonamentului' },
  // Without a token in the address (the state a mangled link shows): the alert saying the link is not valid.
  { path: '/newsletter-confirm', h1: 'Confirmarea abonării' },
  { path: '/newsletter-unsubscribe', h1: 'Dezabonare de la noutăți' },
  { path: '/login', h1: 'Autentificare' },
  { path: '/account', h1: 'Contul meu', guarded: true },
  { path: '/my-account', h1: 'Contul meu', guarded: true },
  { path: '/pricing', h1: 'Alegeți abonamentul potrivit', guarded: true },
  { path: '/account-pricing', h1: 'Alegeți abonamentul potrivit', guarded: true },
  { path: '/reset-linked-device', h1: 'Deconectați telefonul', guarded: true },
  { path: '/account-billing', h1: 'Administrați abonamentul', guarded: true },
  { path: '/no-such-page', h1: 'Pagina nu a fost găsită' },
] as const;

export const publicRoutes = routes.filter((route) => !('guarded' in route));

/** The route table as the shell's build emits it (shell/dist/routes.json): every list of routes the journeys take is read from it. */
export function builtRouteTable(): RouteTable {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'shell', 'dist', 'routes.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RouteTable;
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message}): build the site first (pnpm build)`);
  }
}

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

export async function setStoredPreferences(page: Page, prefs: { theme?: string; locale?: string }) {
  await page.addInitScript((p) => {
    if (p.theme) localStorage.setItem('theme', p.theme);
    if (p.locale) localStorage.setItem('locale', p.locale);
  }, prefs);
}

/** The English h1 of each route (for the checks that run in both locales). */
export const englishH1: Record<(typeof routes)[number]['path'], string> = {
  '/': 'We help blind people explore the world with confidence',
  '/contact': 'Contact',
  '/aboutus': 'About us',
  '/accessibility': 'Accessibility statement',
  '/privacy': 'Privacy notice',
  '/terms': 'Subscription terms',
  '/newsletter-confirm': 'Confirming your subscription',
  '/newsletter-unsubscribe': 'Unsubscribe from our news',
  '/login': 'Log in',
  '/account': 'My account',
  '/my-account': 'My account',
  '/pricing': 'Choose the right subscription',
  '/account-pricing': 'Choose the right subscription',
  '/reset-linked-device': 'Unlink your phone',
  '/account-billing': 'Manage your subscription',
  '/no-such-page': 'Page not found',
};

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
