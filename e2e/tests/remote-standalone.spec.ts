import { expect, test } from '@playwright/test';
import { h1 } from '../support';

// Each remote is deployed on its own; opened directly, it renders its pages in a minimal local
// host, so the team that owns it can work and test without the shell.
const standalone = [
  { remote: 'mfe-marketing', url: 'http://localhost:3001/aboutus', h1: 'Despre noi' },
  { remote: 'mfe-auth', url: 'http://localhost:3002/login', h1: 'Autentificare' },
  { remote: 'mfe-account', url: 'http://localhost:3003/pricing', h1: 'Alegeți abonamentul potrivit' },
];

for (const { remote, url, h1: heading } of standalone) {
  test(`${remote} runs alone in its local host`, async ({ page }) => {
    await page.goto(url);
    await expect(h1(page)).toHaveText(heading);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(h1(page)).not.toHaveText(heading);
  });
}
