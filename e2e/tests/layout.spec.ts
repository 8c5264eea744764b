// What every page shares: the footer (a contentinfo landmark outside main, help in the same
// place), a header on one row at desktop widths, and a "back to top" button that never covers
// the focused element.
import { expect, test, type Page } from '@playwright/test';
import { h1Of, open, publicRoutes, setStoredPreferences } from '../support';

for (const route of publicRoutes) {
  test(`${route.path} has the site's footer, outside main, with help in the same place`, async ({ page }) => {
    await open(page, route.path, route.h1);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveCount(1);
    await expect(footer).toHaveAttribute('id', 'footer');
    await expect(page.locator('main footer, main #footer')).toHaveCount(0);
    const help = footer.getByRole('navigation', { name: 'Ajutor' }).getByRole('link');
    await expect(help).toHaveText(['Contact', 'Întrebări frecvente', 'Declarația de accesibilitate']);
    // In the same place: the footer's first list after the brand, on every page.
    expect(await footer.locator('nav').first().getAttribute('aria-labelledby')).toBe('footer-help');
  });
}

/** The bottom of each row of the header's items, in CSS pixels (one row: one value). */
const headerRows = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((header) => {
      const items = [...header.querySelectorAll<HTMLElement>('a, button, select')].filter((el) => el.getClientRects().length);
      return [...new Set(items.map((el) => Math.round(el.getBoundingClientRect().top / 16)))].length;
    });

for (const width of [1280, 1366, 1440]) {
  test(`the Romanian header holds on one row at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/', h1Of('/'));
    expect(await headerRows(page)).toBe(1);
  });
}

test('the header reflows at 320px without scrolling sideways (both languages)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const locale of ['ro', 'en'] as const) {
    await setStoredPreferences(page, { locale });
    await open(page, '/contact', locale === 'ro' ? 'Contact' : h1Of('/contact', 'en'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }
});

test('at 320px the "back to top" button never covers the focused element', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, '/', h1Of('/'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const backToTop = page.getByRole('button', { name: 'Înapoi sus' });
  await expect(backToTop).toBeVisible();
  // Tab through the lower half of the page: at every stop the focused element is not under it.
  await page.locator('#faq button').first().focus();
  const covered: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const under = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Înapoi sus');
      if (!focused || focused === document.body || !button || focused === button) return null;
      if (getComputedStyle(button).visibility === 'hidden') return null;
      const a = focused.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return overlaps ? `${focused.tagName} ${focused.textContent?.trim().slice(0, 30) || focused.id}` : null;
    });
    if (under) covered.push(under);
  }
  expect(covered).toEqual([]);
  // It is still there for whoever needs it once nothing is under it.
  await page.locator('main h1').focus();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(backToTop).toBeVisible();
});
