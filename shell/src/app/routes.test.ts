/**
 * @jest-environment node
 */
import { LOCALES } from '@site/shared-ui/locales';
import { REMOTE_APPS, REMOTE_NAMES } from '@site/shared-ui/site-apps';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageForPath, pages, siteRoutes } from './routes';

const root = join(__dirname, '..', '..', '..');
// What each remote's build exposes and its local host routes: the route table's pages, each found
// in the remote's feature folders (tools/remotePages.cjs, which the webpack config reads).
interface RemotePages {
  exposes: Record<string, string>;
  pages: { path: string; module: string; title: string; source: string }[];
}
const { remotePages } = require('@site/tools/remote-pages') as { remotePages: (dir: string, name: string, table?: unknown) => RemotePages };
const ofRemote = Object.fromEntries(REMOTE_APPS.map((app) => [app.name, remotePages(join(root, app.folder), app.name)]));
const exposed = REMOTE_APPS.flatMap((app) => Object.keys(ofRemote[app.name]!.exposes).map((module) => `${app.name}/${module}`));
/** A key's string in a remote's strings file (its `ro.json`, `en.json`). */
const stringOf = (folder: string, locale: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], JSON.parse(readFileSync(join(root, folder, 'src', 'i18n', `${locale}.json`), 'utf8')));

describe('the route table', () => {
  it('names, for every page, a remote the remotes document lists and a module it exposes', () => {
    for (const page of Object.values(pages)) {
      expect(REMOTE_NAMES).toContain(page.remote);
      expect(page.module).toMatch(/^\.\/[A-Z]\w+Page$/);
    }
  });

  it("has each page exposed by its remote, from the component its name gives in the remote's feature folders", () => {
    const named = Object.values(pages).map((page) => `${page.remote}/${page.module}`);
    expect([...named].sort()).toEqual([...exposed].sort());
    for (const app of REMOTE_APPS) {
      for (const [module, source] of Object.entries(ofRemote[app.name]!.exposes)) {
        expect(source).toMatch(new RegExp(`^\\./src/features/\\w+/${module.slice(2)}\\.tsx$`));
        expect(existsSync(join(root, app.folder, source))).toBe(true);
      }
    }
    expect(new Set(siteRoutes.map((route) => route.page))).toEqual(new Set(Object.keys(pages)));
  });

  it('names, for a page whose component is missing or written twice, the page and what was found', () => {
    const app = mkdtempSync(join(tmpdir(), 'remote-'));
    mkdirSync(join(app, 'src', 'features', 'one'), { recursive: true });
    mkdirSync(join(app, 'src', 'features', 'two'), { recursive: true });
    const table = (module: string) => ({ pages: { extra: { remote: 'mfe_x', module, title: 'extra.title' } }, routes: [{ path: '/extra', page: 'extra' }] });
    expect(() => remotePages(app, 'mfe_x', table('./ExtraPage'))).toThrow('the route table\'s page "extra" (mfe_x ./ExtraPage) has no component ExtraPage.tsx under');
    writeFileSync(join(app, 'src', 'features', 'one', 'ExtraPage.tsx'), '');
    expect(remotePages(app, 'mfe_x', table('./ExtraPage'))).toEqual({
      exposes: { './ExtraPage': './src/features/one/ExtraPage.tsx' },
      pages: [{ path: '/extra', module: './ExtraPage', title: 'extra.title', source: './one/ExtraPage.tsx' }],
    });
    writeFileSync(join(app, 'src', 'features', 'two', 'ExtraPage.tsx'), '');
    expect(() => remotePages(app, 'mfe_x', table('./ExtraPage'))).toThrow('is 2 files under');
  });

  it("gives every page a title that is a string in its remote's strings, in every language, and different pages different titles", () => {
    const titles = new Map<string, string>();
    for (const [name, page] of Object.entries(pages)) {
      const folder = REMOTE_APPS.find((app) => app.name === page.remote)!.folder;
      for (const locale of LOCALES) expect([name, locale, typeof stringOf(folder, locale, page.title)]).toEqual([name, locale, 'string']);
      titles.set(`${folder} ${stringOf(folder, 'ro', page.title) as string}`, name);
    }
    expect(titles.size).toBe(Object.keys(pages).length);
  });

  it("routes each page in its remote's local host at the page's first route", () => {
    for (const app of REMOTE_APPS) {
      const firstRoutes = Object.entries(pages)
        .filter(([, page]) => page.remote === app.name)
        .map(([name, page]) => ({ path: siteRoutes.find((route) => route.page === name)!.path, module: page.module, title: page.title }));
      expect(ofRemote[app.name]!.pages.map(({ path, module, title }) => ({ path, module, title }))).toEqual(firstRoutes);
    }
  });

  it('gives every route a known page, and only known guards', () => {
    for (const route of siteRoutes) {
      expect(Object.keys(pages)).toContain(route.page);
      expect([undefined, true]).toContain(route.access);
      expect([undefined, 'default', 'opposite']).toContain(route.trial);
      expect([undefined, true]).toContain(route.prerender);
    }
    expect(new Set(siteRoutes.map((r) => r.path)).size).toBe(siteRoutes.length);
  });

  it("prerenders only public pages (from their remotes' render entries, by the site's server)", () => {
    const prerendered = siteRoutes.filter((r) => r.prerender);
    expect(prerendered.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/contact', '/privacy', '/login']));
    // Every page open to anyone is drawn by the server, but the ones a mail's link opens (their
    // answer depends on the token in the address).
    const mailLinks = ['newsletterConfirm', 'newsletterUnsubscribe'];
    expect(siteRoutes.filter((r) => !r.access && !mailLinks.includes(r.page)).map((r) => r.path)).toEqual(prerendered.map((r) => r.path));
    for (const route of prerendered) {
      expect(route.access).toBeUndefined();
      expect(route.trial).toBeUndefined();
    }
  });

  it("opens the newsletter's link pages to anyone, not prerendered (they act on the token in their address)", () => {
    for (const path of ['/newsletter-confirm', '/newsletter-unsubscribe']) {
      const route = siteRoutes.find((r) => r.path === path);
      expect(route).toMatchObject({ path });
      expect(route?.access).toBeUndefined();
      expect(route?.prerender).toBeUndefined();
    }
    expect(pageForPath('/newsletter-confirm')).toMatchObject({ remote: 'mfe_marketing', module: './NewsletterConfirmPage' });
    expect(pageForPath('/newsletter-unsubscribe')).toMatchObject({ remote: 'mfe_marketing', module: './NewsletterUnsubscribePage' });
  });

  it('guards the account, pricing, reset and local portal pages and their aliases', () => {
    const guarded = siteRoutes.filter((r) => r.access).map((r) => r.path);
    expect(guarded).toEqual(['/account', '/my-account', '/pricing', '/account-pricing', '/reset-linked-device', '/account-billing']);
    expect(pageForPath('/account-pricing')).toMatchObject({ remote: 'mfe_account', module: './PricingPage' });
  });
});
