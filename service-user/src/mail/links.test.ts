import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINK_PAGES, newsletterLinks } from './links';

// The shell's route table (JSON, which the service cannot import: it knows nothing of the front
// ends) is where the site's paths are written; the mails' links must name its pages.
const routeTable = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'shell', 'src', 'app', 'routeTable.json'), 'utf8')) as {
  pages: Record<string, { remote: string; module: string }>;
  routes: { path: string; page: string; access?: boolean }[];
};

describe("the newsletter's links", () => {
  it.each([
    ['newsletter-confirm', './NewsletterConfirmPage'],
    ['newsletter-unsubscribe', './NewsletterUnsubscribePage'],
  ] as const)('lead %s to a public route of the site that shows the marketing page %s', (purpose, module) => {
    const route = routeTable.routes.find((r) => r.path === LINK_PAGES[purpose]);
    expect(route).toBeDefined();
    expect(route!.access).toBeFalsy();
    expect(routeTable.pages[route!.page]).toMatchObject({ remote: 'mfe_marketing', module });
  });

  it("point at the site's address with the page's path and its token", async () => {
    const links = newsletterLinks({ secret: 'a-test-secret-for-newsletter-links-0123456789', publicSiteUrl: 'https://vedere.example' });
    const url = new URL(await links.url('newsletter-confirm', '42'));
    expect(`${url.origin}${url.pathname}`).toBe(`https://vedere.example${LINK_PAGES['newsletter-confirm']}`);
    expect(await links.verify('newsletter-confirm', url.searchParams.get('token')!)).toBe('42');
  });
});
