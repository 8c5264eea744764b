import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteTable } from '@site/rendering/server';
import { robotsTxt, sitemapXml } from './webFiles';

// The shell's own route table: the files must follow it, not a list of their own.
const table = JSON.parse(readFileSync(join(__dirname, '..', '..', 'shell', 'src', 'app', 'routeTable.json'), 'utf8')) as RouteTable;
const publicPaths = table.routes.filter((route) => route.prerender && !route.access).map((route) => route.path);
const privatePaths = table.routes.filter((route) => !publicPaths.includes(route.path)).map((route) => route.path);
const origin = 'https://vedere.example';

describe('robots.txt', () => {
  const robots = robotsTxt(table, origin);
  const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]!);

  it('keeps every signed-in page and token page out of indexes, and names the sitemap', () => {
    expect(privatePaths).toEqual(expect.arrayContaining(['/account', '/pricing', '/reset-linked-device', '/account-billing', '/newsletter-confirm', '/newsletter-unsubscribe']));
    expect(disallowed.sort()).toEqual([...privatePaths].sort());
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('blocks no public page (a rule covers every path that starts with it)', () => {
    for (const path of publicPaths) expect(disallowed.filter((rule) => path.startsWith(rule))).toEqual([]);
  });
});

describe('sitemap.xml', () => {
  const sitemap = sitemapXml(table, origin);
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

  it('lists every public page of the route table in both languages, and nothing else', () => {
    expect(locs.sort()).toEqual(publicPaths.flatMap((path) => [`${origin}${path}`, `${origin}${path}?lang=en`]).sort());
    for (const path of privatePaths) expect(sitemap).not.toContain(`${origin}${path}<`);
  });

  it('gives each entry its alternates in each language, and x-default', () => {
    const entry = sitemap.split('<url>').find((part) => part.includes(`<loc>${origin}/contact?lang=en</loc>`))!;
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ro" href="${origin}/contact"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/contact?lang=en"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/contact"/>`);
  });
});
