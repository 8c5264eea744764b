/**
 * @jest-environment node
 */
import { DEFAULT_LOCALE, LOCALES } from '@site/shared-ui/locales';
import { REMOTE_APPS, REMOTE_NAMES } from '@site/shared-ui/site-apps';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const tools = require('@site/tools/remote-pages') as {
  PAGE_SOURCE: RegExp;
  remotePages: (dir: string, name: string, table?: unknown) => RemotePages;
  stringIn: (dir: string, locale: string, key: string) => string;
};
const ofRemote = Object.fromEntries(REMOTE_APPS.map((app) => [app.name, tools.remotePages(join(root, app.folder), app.name)]));

describe('the route table', () => {
  it('names, for every page, a remote the remotes document lists and a module it exposes', () => {
    for (const page of Object.values(pages)) {
      expect(REMOTE_NAMES).toContain(page.remote);
      expect(page.module).toMatch(/^\.\/[A-Z]\w+Page$/);
    }
  });

  it("has each page exposed by its remote, from the component its name gives in the remote's feature folders", () => {
    for (const app of REMOTE_APPS) {
      for (const [module, source] of Object.entries(ofRemote[app.name]!.exposes)) {
        expect(source).toMatch(new RegExp(`^\\./src/features/\\w+/${module.slice(2)}\\.tsx$`));
        expect(existsSync(join(root, app.folder, source))).toBe(true);
      }
    }
    expect(new Set(siteRoutes.map((route) => route.page))).toEqual(new Set(Object.keys(pages)));
  });

  it('names, for a page whose component is missing, deeper than a feature folder or written twice, the page and what was found', () => {
    const app = mkdtempSync(join(tmpdir(), 'remote-'));
    try {
      mkdirSync(join(app, 'src', 'features', 'one', 'deeper'), { recursive: true });
      mkdirSync(join(app, 'src', 'features', 'two'), { recursive: true });
      const table = { pages: { extra: { remote: 'mfe_x', module: './ExtraPage', title: 'extra.title' } }, routes: [{ path: '/extra', page: 'extra' }] };
      const missing = 'the route table\'s page "extra" (mfe_x ./ExtraPage) has no component ExtraPage.tsx in a feature folder of';
      expect(() => tools.remotePages(app, 'mfe_x', table)).toThrow(missing);
      writeFileSync(join(app, 'src', 'features', 'one', 'deeper', 'ExtraPage.tsx'), '');
      expect(() => tools.remotePages(app, 'mfe_x', table)).toThrow(missing);
      writeFileSync(join(app, 'src', 'features', 'one', 'ExtraPage.tsx'), '');
      expect(tools.remotePages(app, 'mfe_x', table)).toEqual({
        exposes: { './ExtraPage': './src/features/one/ExtraPage.tsx' },
        pages: [{ path: '/extra', module: './ExtraPage', title: 'extra.title', source: './one/ExtraPage.tsx' }],
      });
      writeFileSync(join(app, 'src', 'features', 'two', 'ExtraPage.tsx'), '');
      expect(() => tools.remotePages(app, 'mfe_x', table)).toThrow('is 2 files under');
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("has each remote's local host load its pages from where the build finds them", () => {
    // The webpack context in src/bootstrap.tsx: its folder is src/features, its pattern the keys `./<feature>/<Name>Page.tsx`.
    const pattern = `regExp: /^\\.\\/${tools.PAGE_SOURCE.source.slice(1)}/`;
    for (const app of REMOTE_APPS) {
      const bootstrap = readFileSync(join(root, app.folder, 'src', 'bootstrap.tsx'), 'utf8');
      expect([app.folder, bootstrap.includes("webpackContext('./features'"), bootstrap.includes(pattern)]).toEqual([app.folder, true, true]);
    }
  });

  it("gives every page a title that is a string in its remote's strings, in every language, and different pages different titles", () => {
    const titles = new Map<string, string>();
    for (const [name, page] of Object.entries(pages)) {
      const folder = REMOTE_APPS.find((app) => app.name === page.remote)!.folder;
      for (const locale of LOCALES) expect(() => tools.stringIn(join(root, folder), locale, page.title)).not.toThrow();
      titles.set(`${folder} ${tools.stringIn(join(root, folder), DEFAULT_LOCALE, page.title)}`, name);
    }
    expect(titles.size).toBe(Object.keys(pages).length);
  });

  it("routes each page in its remote's local host once, at the page's first route (not its aliases)", () => {
    expect(ofRemote.mfe_account!.pages.map(({ path, module, title, source }) => [path, module, title, source])).toEqual([
      ['/account', './AccountPage', 'account.title', './account/AccountPage.tsx'],
      ['/pricing', './PricingPage', 'pricing.title', './pricing/PricingPage.tsx'],
      ['/reset-linked-device', './ResetLinkedDevicePage', 'resetLinkedDevice.title', './resetLinkedDevice/ResetLinkedDevicePage.tsx'],
      ['/account-billing', './LocalPortalPage', 'localPortal.title', './localPortal/LocalPortalPage.tsx'],
    ]);
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
