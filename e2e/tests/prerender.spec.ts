import { expect, test } from '@playwright/test';
import { englishH1, h1, routes, setStoredPreferences } from '../support';

const PRERENDERED = ['/', '/aboutus', '/accessibility'] as const;
const h1Of = (path: string) => routes.find((r) => r.path === path)!.h1;

test.describe('prerendered marketing pages', () => {
  for (const path of PRERENDERED) {
    test(`${path} arrives as HTML with its content, and the remote's address of this environment`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`data-prerendered="${path}"`);
      // The h1's words as text (the landing page's has a highlighted span inside).
      expect(html.replace(/<[^>]+>/g, '')).toContain(h1Of(path));
      expect(html).not.toContain('__REMOTE_PUBLIC_PATH__');
      expect(html).toContain('<style data-styled');
    });

    test(`${path} is hydrated: the HTML stays (no element replaced), nothing is logged, and it works`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removed: string[] }).removed = removed;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (node instanceof Element && (node.matches('h1, header, main > *') || node.querySelector('h1'))) removed.push(node.tagName);
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await expect(h1(page)).toHaveText(h1Of(path));
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
      expect(errors).toEqual([]);
      // React owns the page: the shell's language toggle re-renders the remote's content.
      await page.getByRole('button', { name: 'English' }).click();
      await expect(h1(page)).toHaveText(englishH1[path]);
    });
  }

  test('a visitor with another language or theme gets the page rendered afresh, never the prerendered one shown', async ({ page }) => {
    await setStoredPreferences(page, { locale: 'en', theme: 'light' });
    await page.goto('/');
    await expect(h1(page)).toHaveText(englishH1['/']);
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /.*/);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
    await expect(page.locator('#root')).toBeVisible();
  });

  test('a page that is not prerendered arrives empty (the sign-in page)', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toMatch(/<div id="?root"?><\/div>/);
  });
});
