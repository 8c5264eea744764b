/**
 * @jest-environment node
 */
import { REMOTE_APPS, REMOTE_NAMES } from '@site/shared-ui/site-apps';
import { join } from 'node:path';
import { pageForPath, pages, siteRoutes } from './routes';

const root = join(__dirname, '..', '..', '..');
// The remotes' webpack configs, read as data (never their sources): what each exposes.

const readAppOptions = require('@site/tools/app-options') as (dir: string) => { exposes?: Record<string, string> };
const exposed = REMOTE_APPS.flatMap((app) => Object.keys(readAppOptions(join(root, app.folder)).exposes ?? {}).map((module) => `${app.name}/${module}`));

describe('the route table', () => {
  it('names, for every page, a remote the remotes document lists and a module it exposes', () => {
    for (const page of Object.values(pages)) {
      expect(REMOTE_NAMES).toContain(page.remote);
      expect(page.module).toMatch(/^\.\/[A-Z]\w+Page$/);
    }
  });

  it('has a page for every module a remote exposes, and exposes every page it names (a page missing from either fails)', () => {
    const named = Object.values(pages).map((page) => `${page.remote}/${page.module}`);
    expect([...named].sort()).toEqual([...exposed].sort());
    expect(new Set(siteRoutes.map((route) => route.page))).toEqual(new Set(Object.keys(pages)));
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
    expect(pageForPath('/newsletter-confirm')).toEqual({ remote: 'mfe_marketing', module: './NewsletterConfirmPage' });
    expect(pageForPath('/newsletter-unsubscribe')).toEqual({ remote: 'mfe_marketing', module: './NewsletterUnsubscribePage' });
  });

  it('guards the account, pricing, reset and local portal pages and their aliases', () => {
    const guarded = siteRoutes.filter((r) => r.access).map((r) => r.path);
    expect(guarded).toEqual(['/account', '/my-account', '/pricing', '/account-pricing', '/reset-linked-device', '/account-billing']);
    expect(pageForPath('/account-pricing')).toEqual({ remote: 'mfe_account', module: './PricingPage' });
  });
});
