/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from '../remotes/remotesDocument';
import { pageForPath, pages, siteRoutes } from './routes';

describe('the route table', () => {
  it('names, for every page, a remote the remotes document lists and a module it exposes', () => {
    for (const page of Object.values(pages)) {
      expect(REMOTE_NAMES).toContain(page.remote);
      expect(page.module).toMatch(/^\.\/[A-Z]\w+Page$/);
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

  it('prerenders only public pages, each one the prerender bundles (shell/prerender/pages.ts)', () => {
    const prerendered = siteRoutes.filter((r) => r.prerender);
    expect(prerendered.map((r) => r.path)).toEqual(['/', '/contact', '/aboutus', '/accessibility', '/login']);
    const bundled = readFileSync(join(__dirname, '..', '..', 'prerender', 'pages.ts'), 'utf8');
    for (const route of prerendered) {
      expect(route.access).toBeUndefined();
      expect(route.trial).toBeUndefined();
      const { remote, module } = pages[route.page];
      expect(bundled).toContain(`'${remote}/${module.replace('./', '')}'`);
    }
  });

  it('guards the account, pricing and reset pages and their aliases', () => {
    const guarded = siteRoutes.filter((r) => r.access).map((r) => r.path);
    expect(guarded).toEqual(['/account', '/my-account', '/pricing', '/account-pricing', '/reset-linked-device']);
    expect(pageForPath('/account-pricing')).toEqual({ remote: 'mfe_account', module: './PricingPage' });
  });
});
