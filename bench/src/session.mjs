// A signed-in session (the Auth emulator), driven in Lighthouse's own browser: the user signed in
// through a site's /login page, the trial started as a user starts it, and the browser's state
// between runs (its HTTP cache, the language a page chose).
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { LOCALE_COOKIE } from '@site/shared-ui/locales';
import { signIn } from '../emulatorSignIn.mjs';

/** @param {{ chrome: { port: number }, origins: string[], runsDir: string, log: (...args: unknown[]) => void }} options */
export function browserSession({ chrome, origins, runsDir, log }) {
  let driver = null;
  async function browserDriver() {
    if (!driver) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      // One page kept open to reach the browser: its HTTP cache is emptied before each signed-in run,
      // as Lighthouse does for the others (it must keep the signed-in storage, so it resets nothing).
      const keeper = await context.newPage();
      const cdp = await context.newCDPSession(keeper);
      driver = {
        context,
        clearCache: () => cdp.send('Network.clearBrowserCache'),
        // Lighthouse's storage reset keeps cookies and this origin's localStorage: a language chosen
        // on one page (the i18n bootstrap keeps an address's ?lang= in both) would otherwise follow
        // the next page's runs (the HTML alone, with its scripts blocked, then stayed hidden: NO_FCP).
        forgetLanguage: async () => {
          await cdp.send('Network.deleteCookies', { name: LOCALE_COOKIE, domain: 'localhost' });
          for (const origin of new Set(origins)) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
        },
      };
    }
    return driver;
  }

  /** The user of `email`, signed in on `origin` through its /login page (lands on /pricing). */
  async function signInOn(origin, email) {
    const { context } = await browserDriver();
    const page = await context.newPage();
    try {
      await signIn(page, origin, email);
      return page;
    } catch (error) {
      await page.screenshot({ path: join(runsDir, `sign-in-failed-${new URL(origin).port}.png`), fullPage: true }).catch(() => {});
      throw error;
    }
  }

  /** The trial, started as a user starts it: the plan card's button (local billing), then /account. */
  async function startTrial(page) {
    try {
      await page.getByRole('button', { name: 'Începeți perioada de probă' }).click();
      await page.waitForURL(/\/account/, { timeout: 60_000 });
      await page.close();
    } catch (error) {
      await page.screenshot({ path: join(runsDir, `trial-failed-${new URL(page.url()).port}.png`), fullPage: true }).catch(() => {});
      log(
        `  the trial did not start on ${page.url()}: ${(
          await page
            .locator('main')
            .innerText()
            .catch(() => '(no main)')
        )
          .replace(/\s+/g, ' ')
          .slice(0, 300)}`,
      );
      throw error;
    }
  }

  return { browserDriver, signInOn, startTrial };
}
