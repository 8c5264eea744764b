import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, guardedRoutes, h1, h1Of, open, publicRoutes, setStoredPreferences } from '../support';

// Every public route, in each language and theme, in the accessibility tests below: its heading,
// the document named by it, and no axe violation.
test.describe('every route renders', () => {
  test('a nested address that is no page shows the not-found page (the shell loads its scripts from the root)', async ({ page }) => {
    await open(page, '/no/such/page', 'Pagina nu a fost găsită');
    await expect(page).toHaveTitle('Pagina nu a fost găsită · Vedere');
  });
  for (const route of guardedRoutes) {
    test(`${route.path} sends a signed-out visitor to /login`, async ({ page }) => {
      await open(page, route.path, 'Autentificare');
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const locale of ['ro', 'en'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      for (const route of publicRoutes) {
        test(`${route.path} in ${locale}, ${theme} theme: its heading names the document, no axe violations`, async ({ page }) => {
          await setStoredPreferences(page, { theme, locale });
          const heading = locale === 'ro' ? route.h1 : h1Of(route.path, 'en');
          await open(page, route.path, heading);
          await expect(page).toHaveTitle(`${heading} · Vedere`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expectNoAxeViolations(page);
        });
      }
    }
  }
});

test('the landing page requests no code of mfe-auth or mfe-account', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await open(page, '/', h1Of('/'));
  await page.waitForLoadState('networkidle');
  expect(requested.some((url) => url.startsWith('http://localhost:3001/'))).toBe(true);
  expect(requested.filter((url) => /localhost:300[23]\//.test(url))).toEqual([]);
});

test('a remote is fetched only when one of its routes is visited', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await open(page, '/', h1Of('/'));
  expect(requested.filter((url) => url.includes(':3002/'))).toEqual([]);
  await page.getByRole('link', { name: 'Începeți perioada de probă gratuită' }).click();
  await expect(h1(page)).toHaveText('Autentificare');
  expect(requested.some((url) => url.includes(':3002/'))).toBe(true);
});

test("the browser's Back and Forward move between the site's pages in the same document, each page's heading taking focus", async ({ page }) => {
  await open(page, '/', h1Of('/'));
  // The first page's entry is marked as the router reads it (its place in the session's history).
  expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx)).toBe(0);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(h1(page)).toHaveText(h1Of('/contact'));
  await expect(h1(page)).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(h1(page)).toHaveText(h1Of('/'));
  await expect(h1(page)).toBeFocused();
  await page.goForward();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(h1(page)).toHaveText(h1Of('/contact'));
  await expect(h1(page)).toBeFocused();
  // No document was loaded again: the router drew each page.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
