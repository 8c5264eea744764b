import { expect, test } from '@playwright/test';
import { builtRouteTable, h1, h1Of, loggedErrors, prerenderedPaths, publicRoutes, routes, watchReplacedNodes } from '../support';

// English from the first byte: the visitor's language reaches the server (a cookie set when they
// choose, beside localStorage; or a page's own English address, ?lang=en), which draws the page in
// it, so a returning English visitor never sees or hears Romanian first. And the files the web
// expects: real 404s, icons, a web app manifest, a sitemap and robots.txt from the route table.
const pages = publicRoutes.filter((route) => route.path !== '/no-such-page' && !route.path.startsWith('/newsletter'));
const headingIn = (html: string) => /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

test.describe('a returning English visitor', () => {
  test('gets every public page in English from the first byte, once they chose English', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(h1(page)).toHaveText(h1Of('/', 'en'));
    for (const { path } of pages) {
      // The server's HTML, with the cookies this visitor's browser sends.
      const html = await (await page.request.get(path)).text();
      expect([path, /<html\b[^>]*\blang="en"/.test(html), headingIn(html)]).toEqual([path, true, h1Of(path, 'en')]);
    }
  });

  test('has the English page hydrated as drawn: nothing replaced, no text changed, nothing logged', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
    const errors = loggedErrors(page);
    const replacedNodes = await watchReplacedNodes(page);
    const texts: string[] = [];
    page.on('response', async (response) => {
      if (response.url() === `${baseURL}/contact`) texts.push(headingIn(await response.text()) ?? '');
    });
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /.*/);
    expect(texts).toEqual([h1Of('/contact', 'en')]);
    await expect(h1(page)).toHaveText(h1Of('/contact', 'en'));
    expect(await replacedNodes()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('the English address of a page', () => {
  test("is English for anyone, and is kept as the visitor's choice for the next page", async ({ page }) => {
    const html = await (await page.request.get('/aboutus?lang=en')).text();
    expect(headingIn(html)).toBe(h1Of('/aboutus', 'en'));
    await page.goto('/aboutus?lang=en');
    await expect(h1(page)).toHaveText(h1Of('/aboutus', 'en'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(headingIn(await (await page.request.get('/contact')).text())).toBe(h1Of('/contact', 'en'));
  });

  test('follows the language toggle, so a reload stays in the language chosen', async ({ page }) => {
    await page.goto('/aboutus?lang=en');
    await page.getByRole('button', { name: 'Română' }).click();
    await expect(h1(page)).toHaveText('Despre noi');
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await expect(h1(page)).toHaveText('Despre noi');
  });
});

test("a first visit is Romanian whatever the browser's languages", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } });
  const page = await context.newPage();
  const html = await (await page.request.get(`${baseURL}/`)).text();
  expect(html).toMatch(/<html\b[^>]*\blang="ro"/);
  await page.goto(`${baseURL}/`);
  await expect(h1(page)).toHaveText(routes[0]!.h1);
  await context.close();
});

test.describe("each public page's head, in each language", () => {
  for (const { path, h1: romanian } of pages) {
    test(`${path}: its own description, canonical address, alternates and social preview`, async ({ request, baseURL }) => {
      const descriptions: string[] = [];
      for (const [locale, heading] of [
        ['ro', romanian],
        ['en', h1Of(path, 'en')],
      ] as const) {
        const address = `${baseURL}${path}${locale === 'en' ? '?lang=en' : ''}`;
        const html = await (await request.get(address)).text();
        expect(headingIn(html)).toBe(heading);
        expect(html).toContain(`<link rel="canonical" href="${address}">`);
        expect(html).toContain(`<link rel="alternate" hreflang="ro" href="${baseURL}${path}">`);
        expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseURL}${path}?lang=en">`);
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}${path}">`);
        expect(html).toContain(`<meta property="og:url" content="${address}">`);
        expect(html).toContain(`<meta property="og:image" content="${baseURL}/social-card.png">`);
        expect(html).toMatch(/<meta property="og:title" content="[^"]+ · Vedere">/);
        descriptions.push(/<meta name="?description"? content="([^"]+)">/.exec(html)![1]!);
      }
      expect(descriptions[0]).not.toBe(descriptions[1]);
    });
  }

  test('the pages describe themselves, not all alike', async ({ request }) => {
    const descriptions = new Set<string>();
    for (const { path } of pages) descriptions.add(/<meta name="?description"? content="([^"]+)">/.exec(await (await request.get(path)).text())![1]!);
    expect(descriptions.size).toBeGreaterThanOrEqual(4);
  });
});

test.describe("the web's files", () => {
  test('an address that is no page is a 404 with the translated not-found page, a missing file a plain 404', async ({ request, page }) => {
    for (const [address, heading] of [
      ['/no-such-page', 'Pagina nu a fost găsită'],
      ['/no-such-page?lang=en', h1Of('/no-such-page', 'en')],
    ] as const) {
      const response = await request.get(address);
      expect([address, response.status(), headingIn(await response.text())]).toEqual([address, 404, heading]);
    }
    for (const file of ['/favicon.ico', '/no-such-script.js', '/images/missing.png']) {
      const response = await request.get(file);
      expect([file, response.status(), response.headers()['content-type']]).toEqual([file, 404, 'text/plain; charset=UTF-8']);
    }
    // A visitor is told, and the page is announced by its heading.
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    await expect(h1(page)).toHaveText('Pagina nu a fost găsită');
    await expect(page).toHaveTitle(/Pagina nu a fost găsită/);
  });

  test('icons in both themes, a web app manifest, and what the HTML names of them', async ({ request }) => {
    const svg = await request.get('/icon.svg');
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toContain('prefers-color-scheme: light');
    const manifest = await (await request.get('/site.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Vedere', lang: 'ro', start_url: '/' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const response = await request.get(icon.src);
      expect([icon.src, response.status(), response.headers()['content-type']?.split(';')[0]]).toEqual([icon.src, 200, icon.type]);
    }
    expect((await request.get('/apple-touch-icon.png')).headers()['content-type']).toBe('image/png');
    const html = await (await request.get('/')).text();
    for (const link of ['rel="icon" href="/icon.svg"', 'rel="apple-touch-icon" href="/apple-touch-icon.png"', 'rel="manifest" href="/site.webmanifest"']) {
      expect(html.replace(/=([^\s">]+)/g, '="$1"')).toContain(link);
    }
  });

  test("a sitemap of the route table's public pages in both languages, and robots.txt that keeps the others out", async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const publicPaths = prerenderedPaths();
    expect(publicPaths).toEqual(expect.arrayContaining(['/', '/contact', '/privacy', '/login']));
    expect(locs.sort()).toEqual(publicPaths.flatMap((path) => [`${baseURL}${path}`, `${baseURL}${path}?lang=en`]).sort());
    const robots = await (await request.get('/robots.txt')).text();
    const others = builtRouteTable()
      .routes.map((route) => route.path)
      .filter((path) => !publicPaths.includes(path));
    expect(others).toEqual(expect.arrayContaining(['/account', '/pricing', '/newsletter-confirm']));
    for (const path of others) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
