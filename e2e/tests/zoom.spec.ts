import { expect, test, type Page } from '@playwright/test';
import { h1, h1Of, open, prerenderedPaths, routes } from '../support';

// Room for content at every zoom: on a phone and at 400% zoom (1280×1024 at 400% is 320×256 CSS
// px) the header is one row (the site's name and the menu; theme and language in the side panel),
// the page's heading is in the first screen, no heading or control label breaks inside a word, and
// "back to top" never covers anything.
const VIEWPORTS = [
  { name: '400% zoom', width: 320, height: 256 },
  { name: 'a phone', width: 375, height: 740 },
  { name: 'a desktop', width: 1280, height: 800 },
] as const;
const pages = routes.filter((route) => prerenderedPaths().includes(route.path));

/** The words of headings and controls that are drawn on more than one line (an address longer than the line excepted). */
const wordsBroken = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // A word: what lies between spaces and hyphens (a line may break after a hyphen).
        for (const match of text.matchAll(/[^\s\-\u2010\u2013\u2014/]+/g)) {
          if (match[0].includes('@')) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`${element.tagName.toLowerCase()}: ${match[0]}`);
        }
      }
    }
    return broken;
  }, selector);

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height} (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One test a page and language: the fourteen in one test took 21-31 s on a slower host, against
    // a test's 30 s, and a failure names its page.
    for (const locale of ['ro', 'en'] as const) {
      for (const route of pages) {
        test(`${route.path} in ${locale}: the header is one row, the heading is in the first screen, and no heading or control breaks inside a word`, async ({ page }) => {
          // The page's address in the language (?lang=: what a visitor's choice keeps too).
          await open(page, `${route.path}?lang=${locale}`, locale === 'ro' ? route.h1 : h1Of(route.path, 'en'));
          const header = await page.getByRole('banner').boundingBox();
          // One row: the site's name and the menu button (44 px targets), with the header's padding and border.
          if (viewport.width < 960) expect(header!.height, 'header height').toBeLessThanOrEqual(64);
          const heading = await h1(page).boundingBox();
          expect(heading!.y, 'the h1 starts in the first screen').toBeLessThan(viewport.height);
          expect(await wordsBroken(page, 'header a, header button, header select, h1, h2, h3, main button, main summary')).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
        });
      }
    }

    test('theme and language are one control each, in the side panel where the header has no room', async ({ page }) => {
      await open(page, '/', routes[0]!.h1);
      const theme = page.getByRole('combobox', { name: 'Temă de culori' });
      if (viewport.width >= 960) {
        await expect(theme).toHaveCount(1);
        await expect(page.getByRole('button', { name: 'Meniu' })).toBeHidden();
        return;
      }
      await expect(theme).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'English' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Meniu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Meniu' });
      await expect(dialog.getByRole('combobox', { name: 'Temă de culori' })).toHaveCount(1);
      expect(await wordsBroken(page, 'dialog h2, dialog button, dialog a')).toEqual([]);
      await dialog.getByRole('combobox', { name: 'Temă de culori' }).selectOption('light');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await dialog.getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(h1(page)).toHaveText(h1Of('/', 'en'));
    });

    test('"back to top" never covers a control or text while the page scrolls', async ({ page }) => {
      await open(page, '/', routes[0]!.h1);
      const covered = await page.evaluate(async () => {
        const found: string[] = [];
        const step = Math.max(100, Math.round(window.innerHeight / 2));
        for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const button = [...document.querySelectorAll('button')].find((b) => /Înapoi sus/.test(b.textContent ?? ''));
          if (!button) continue;
          const own = button.getBoundingClientRect();
          for (const element of document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, summary, [tabindex], p, li, h1, h2, h3, dt, dd, label, img')) {
            if (element === button || element.contains(button) || button.contains(element) || !element.checkVisibility()) continue;
            const other = element.getBoundingClientRect();
            if (other.width === 0 || other.height === 0) continue;
            if (own.left < other.right && other.left < own.right && own.top < other.bottom && other.top < own.bottom)
              found.push(`${y}: ${element.tagName} ${element.textContent?.slice(0, 30)}`);
          }
        }
        return found;
      });
      expect(covered).toEqual([]);
      const button = page.getByRole('button', { name: 'Înapoi sus' });
      await expect(button).toHaveCount(1);
      await button.click();
      await expect(h1(page)).toBeFocused();
    });
  });
}
