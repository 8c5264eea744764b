import { expect, test } from '@playwright/test';
import { listen, remoteApp, shellApp } from '@site/site-server';
import { h1 } from '../support';

// A separate shell whose marketing remote runs in this test, so that it can be stopped and
// started again without touching the servers the other tests use.
const SHELL = 3100;
const MARKETING = 3101;

type Handle = { close: () => Promise<void> };
let shell: Handle;
let marketing: Handle | null = null;

test.beforeAll(async () => {
  shell = await listen(
    shellApp({
      remotes: () => ({
        mfe_marketing: { manifest: `http://localhost:${MARKETING}/mf-manifest.json` },
        mfe_auth: { manifest: 'http://localhost:3002/mf-manifest.json' },
        mfe_account: { manifest: 'http://localhost:3003/mf-manifest.json' },
      }),
    }),
    SHELL,
  );
});

test.afterAll(async () => {
  await marketing?.close();
  await shell.close();
});

test('with a remote stopped, the header and the other routes keep working, and retry recovers', async ({ page }) => {
  await page.goto(`http://localhost:${SHELL}/`);
  await expect(h1(page)).toHaveText('Această pagină nu s-a putut încărca');
  const nav = page.getByRole('navigation', { name: 'Navigare principală' });
  await expect(nav).toBeVisible();

  // Other remotes' routes still work, and so does the shell's own language toggle.
  await nav.getByRole('link', { name: 'Autentificare' }).click();
  await expect(h1(page)).toHaveText('Autentificare');
  // Pricing asks a signed-out visitor to sign in: the guard and the auth remote still work. (The
  // header's "Prețuri" is the landing page's plans for a visitor: the stopped remote's.)
  await page.goto(`http://localhost:${SHELL}/pricing`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText('Autentificare');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(h1(page)).toHaveText('Log in');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About us' }).click();
  await expect(h1(page)).toHaveText('This page could not be loaded');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(h1(page)).toHaveText('This page could not be loaded');

  marketing = await listen(remoteApp('mfe_marketing'), MARKETING);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(h1(page)).toHaveText('About us');
  await expect(h1(page)).toBeFocused();
});

test('a remote that goes down while the site is open fails alone, and comes back on retry', async ({ page }) => {
  marketing ??= await listen(remoteApp('mfe_marketing'), MARKETING);
  await page.goto(`http://localhost:${SHELL}/login`);
  await expect(h1(page)).toHaveText('Autentificare');
  await marketing.close();
  marketing = null;
  const nav = page.getByRole('navigation', { name: 'Navigare principală' });
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(h1(page)).toHaveText('Această pagină nu s-a putut încărca');
  await nav.getByRole('link', { name: 'Autentificare' }).click();
  await expect(h1(page)).toHaveText('Autentificare');
  await nav.getByRole('link', { name: 'Contact' }).click();
  // The remote is still down: the page fails again before it comes back.
  await expect(h1(page)).toHaveText('Această pagină nu s-a putut încărca');
  marketing = await listen(remoteApp('mfe_marketing'), MARKETING);
  await page.getByRole('button', { name: 'Încercați din nou' }).click();
  await expect(h1(page)).toHaveText('Contact');
});
