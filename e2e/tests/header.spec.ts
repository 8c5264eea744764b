import { expect, test } from '@playwright/test';
import { THEME_COOKIE } from '@site/shared-ui/theme-preference';
import { h1, h1Of, open, setStoredPreferences } from '../support';

const landing = h1Of('/');

test('theme and locale persist across reloads and <html lang> follows the locale', async ({ page }) => {
  await open(page, '/aboutus', 'Despre noi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption('light');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(h1(page)).toHaveText('About us');
  await expect(page).toHaveURL(/\/aboutus$/);

  await page.reload();
  await expect(h1(page)).toHaveText('About us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('combobox', { name: 'Colour theme' })).toHaveValue('light');
});

test('the theme is applied before first paint (no flash of the dark theme)', async ({ page }) => {
  await setStoredPreferences(page, { theme: 'light' });
  // Block the app's code: whatever is painted now comes from the HTML alone.
  await page.route(/\.js$/, (route) => (route.request().url().endsWith('/config.js') ? route.continue() : route.abort()));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(255, 255, 255)');
});

test("a first visit, and the pages after it, read nothing from localStorage as they start (its first read costs the page's first task tens of ms): the preferences are the cookies'", async ({
  page,
}) => {
  // Every use of localStorage by the page (the pre-paint script, the theme, the language, the cohort id), counted.
  await page.addInitScript(() => {
    const uses: string[] = [];
    (window as unknown as { storageUses: string[] }).storageUses = uses;
    const owner = Object.getOwnPropertyDescriptor(window, 'localStorage') ? window : Window.prototype;
    const getter = Object.getOwnPropertyDescriptor(owner, 'localStorage')!.get!;
    Object.defineProperty(owner, 'localStorage', {
      configurable: true,
      get() {
        uses.push(new Error().stack!.split('\n')[2]?.trim() ?? 'localStorage');
        return getter.call(this);
      },
    });
  });
  const storageUses = () => page.evaluate(() => (window as unknown as { storageUses: string[] }).storageUses);
  await open(page, '/', landing);
  expect(await storageUses()).toEqual([]);
  expect((await page.context().cookies()).find((c) => c.name === THEME_COOKIE)?.value).toBe('dark');
  await page.getByRole('link', { name: 'Despre noi' }).first().click();
  await expect(h1(page)).toHaveText('Despre noi');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await storageUses()).toEqual([]);
  // A choice is kept in both (the product's localStorage key, and the cookie the next page reads).
  await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption('light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect((await page.context().cookies()).find((c) => c.name === THEME_COOKIE)?.value).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await storageUses()).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('a visitor who stored a theme before it had a cookie keeps it: read from localStorage once, then from the cookie', async ({ page }) => {
  await setStoredPreferences(page, { theme: 'light' });
  await open(page, '/aboutus', 'Despre noi');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('combobox', { name: 'Temă de culori' })).toHaveValue('light');
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === THEME_COOKIE)?.value).toBe('light');
});

test('"system" follows the device colour scheme live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '/', landing);
  await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test.describe('one instance of each shared singleton', () => {
  test('a locale change in the shell re-renders content inside a remote (i18next, react-i18next, shared-ui)', async ({ page }) => {
    await open(page, '/', landing);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(h1(page)).toHaveText('We help blind people explore the world with confidence');
    await expect(page.getByRole('heading', { name: 'Step-by-step navigation', exact: true, level: 3 })).toBeVisible();
  });

  test('a theme change in the shell restyles content inside a remote (styled-components)', async ({ page }) => {
    await open(page, '/', landing);
    const card = page.getByRole('heading', { name: 'Navigare pas cu pas', exact: true, level: 3 }).locator('..');
    const dark = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption('light');
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(dark);
  });

  test('a react-router Link inside a remote navigates the shell without reloading the page (react-router-dom)', async ({ page }) => {
    await open(page, '/', landing);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByRole('link', { name: 'Începeți perioada de probă gratuită' }).click();
    await expect(h1(page)).toHaveText('Autentificare');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    await expect(page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link', { name: 'Autentificare' })).toHaveAttribute('aria-current', 'page');
  });
});

test('the skip link is the first stop of the Tab key and moves focus to the main content', async ({ page }) => {
  await open(page, '/contact', 'Contact');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Salt la conținutul principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test("navigating moves focus to the new page's h1 and changes the document title", async ({ page }) => {
  await open(page, '/', landing);
  await page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link', { name: 'Despre noi' }).click();
  await expect(h1(page)).toHaveText('Despre noi');
  await expect(h1(page)).toBeFocused();
  await expect(page).toHaveTitle('Despre noi · Vedere');
});

test('the features link leads to the howItWorks section and moves focus there', async ({ page }) => {
  await open(page, '/contact', 'Contact');
  await page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link', { name: 'Funcționalități' }).click();
  const section = page.locator('#howItWorks');
  await expect(section).toBeFocused();
  await expect(section).toBeInViewport();
  await expect(page).toHaveURL(/\/#howItWorks$/);
});

test('the scroll-to-top button appears past 400px, returns to the top and moves focus up', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await open(page, '/', landing);
  const button = page.getByRole('button', { name: 'Înapoi sus' });
  await expect(button).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(h1(page)).toBeFocused();
});

test.describe('side panel at 375px, keyboard only', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens, keeps focus inside, closes with Escape and returns focus to the opener', async ({ page }) => {
    await open(page, '/', landing);
    const opener = page.getByRole('button', { name: 'Meniu' });
    await expect(page.getByRole('navigation', { name: 'Navigare principală' })).toHaveCount(0);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Meniu' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Închideți meniul' })).toBeFocused();

    // Where each press of Tab leaves the focus: in the panel, or in the browser's own UI (the page
    // then has no focus at all), which Tab passes through after the last link; never the page behind,
    // nor the page's body (focus lost).
    const stops: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await dialog.evaluate((d) => (!document.hasFocus() ? 'browser' : d.contains(document.activeElement) ? 'panel' : `page: ${document.activeElement?.tagName}`)));
    }
    expect(stops.filter((stop) => stop !== 'panel' && stop !== 'browser')).toEqual([]);
    // Round and back into the panel: at most one stop in the browser's UI at a time, most in the panel.
    expect(stops.join(' ')).not.toContain('browser browser');
    expect(stops.filter((stop) => stop === 'panel').length).toBeGreaterThanOrEqual(8);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes when a link is chosen and the new page takes focus', async ({ page }) => {
    await open(page, '/', landing);
    await page.getByRole('button', { name: 'Meniu' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Meniu' });
    const contact = dialog.getByRole('link', { name: 'Contact' });
    while (!(await contact.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(h1(page)).toHaveText('Contact');
    await expect(h1(page)).toBeFocused();
  });

  test("the header's own links, theme and language, which this screen hides, hydrate on their own once the browser is idle", async ({ page }) => {
    await open(page, '/', landing);
    for (const name of ['header-links', 'header-settings']) {
      const part = page.locator(`[data-later-part="${name}"]`);
      await expect(part).toBeHidden();
      await expect(part).toHaveAttribute('data-later-part-hydrated', '');
    }
  });

  test('the close button closes it', async ({ page }) => {
    await open(page, '/', landing);
    await page.getByRole('button', { name: 'Meniu' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // the close button has focus
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Meniu' })).toBeFocused();
  });
});
