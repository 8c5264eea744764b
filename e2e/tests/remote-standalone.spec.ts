import { expect, test } from '@playwright/test';
import { REMOTE_APPS } from '@site/shared-ui/site-apps';
import { builtRouteTable, h1, h1Of, stringIn } from '../support';

// Each remote is deployed on its own; opened directly, it renders its pages in a minimal local
// host, so the team that owns it can work and test without the shell. Its pages there are the
// route table's (its build defines them), each loaded when opened.
const standalone = [
  { remote: 'mfe_marketing', path: '/aboutus' },
  { remote: 'mfe_auth', path: '/login' },
  { remote: 'mfe_account', path: '/pricing' },
];
const table = builtRouteTable();

for (const { remote, path } of standalone) {
  const heading = h1Of(path);
  const app = REMOTE_APPS.find((candidate) => candidate.name === remote)!;
  test(`${app.folder} runs alone in its local host, with a link to each of its pages`, async ({ page }) => {
    await page.goto(`http://localhost:${app.port}${path}`);
    await expect(h1(page)).toHaveText(heading);
    const pages = Object.values(table.pages).filter((candidate) => candidate.remote === remote);
    await expect(page.locator('header nav a')).toHaveText(pages.map((candidate) => stringIn(app.folder, 'ro', candidate.title)));
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(h1(page)).not.toHaveText(heading);
    await expect(page.locator('header nav a')).toHaveText(pages.map((candidate) => stringIn(app.folder, 'en', candidate.title)));
  });
}
