// The files the web expects of a site, written from the route table (one list of pages) and the
// site's configured origin: robots.txt, which keeps the pages that are nobody's to index (the
// signed-in pages, and the newsletter's token pages) out of search engines and names the sitemap;
// and sitemap.xml, every public page in each language with its alternates. (The icons and the web
// app manifest are files of the shell's build: shell/webpack.config.cjs.)
import { LOCALES, DEFAULT_LOCALE } from '@site/shared-ui/locales';
import { addressIn, type RouteTable } from '@site/rendering/server';

/** The pages anyone may find: the routes the server draws for everyone (marked "prerender"). */
const publicPaths = (table: RouteTable) => table.routes.filter((route) => route.prerender && !route.access).map((route) => route.path);

/** Every other route: signed-in pages, and pages reached by a mailed link with a token. */
const privatePaths = (table: RouteTable) => table.routes.filter((route) => !route.prerender || route.access).map((route) => route.path);

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function robotsTxt(table: RouteTable, origin: string): string {
  // A path's rule covers what starts with it (its query too): no public page starts with a private one (webFiles.test.ts).
  return ['User-agent: *', ...privatePaths(table).map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(table: RouteTable, origin: string): string {
  const alternates = (path: string) =>
    [...LOCALES.map((locale) => [locale, addressIn(origin, path, locale)]), ['x-default', addressIn(origin, path, DEFAULT_LOCALE)]]
      .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href as string)}"/>`)
      .join('\n');
  const entries = publicPaths(table).flatMap((path) => LOCALES.map((locale) => `  <url>\n    <loc>${xml(addressIn(origin, path, locale))}</loc>\n${alternates(path)}\n  </url>`));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}
