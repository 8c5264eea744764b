import { expect, test, type Page } from '@playwright/test';
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { createAccount, endSubscription, linkDevice, PASSWORD, signInThroughWidget, startTrialSubscription, uniqueEmail } from '../auth';
import { startShellThatCannotReadTheService, startShellWithOwnService } from '../ownService';
import { expectNoAxeViolations, h1, setStoredPreferences } from '../support';

const PRICING_H1 = 'Alegeți abonamentul potrivit';
const welcome = (email: string) => `Bine ați venit, ${email.split('@')[0]}!`;
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

/** A new user, signed in through the widget: on pricing (no trial yet). */
async function signedInOnPricing(page: Page, label: string, origin = '') {
  const email = uniqueEmail(label);
  await createAccount(email);
  await signInThroughWidget(page, email, PASSWORD, origin);
  await expect(h1(page)).toHaveText(PRICING_H1);
}

/** A signed-in user whose trial (a Stripe subscription, by signed events) is on, on the account page. */
async function signedInWithTrial(page: Page, label: string) {
  const email = uniqueEmail(label);
  const account = await createAccount(email);
  // Signing in registers the user with the service; the checkout's events name it after that.
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(PRICING_H1);
  await startTrialSubscription(account.uid, email);
  await page.goto('/account');
  await expect(h1(page)).toHaveText(welcome(email));
  return { email, ...account };
}

test('a new user starts the free trial on the local plans, and the account shows it', async ({ page }) => {
  const email = uniqueEmail('proba');
  await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(page).toHaveURL(/\/account-pricing$/);
  await expect(h1(page)).toHaveText(PRICING_H1);

  const plans = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Perioadă de probă gratuită', 'Plan complet', 'Pe bază de eligibilitate']);
  await expect(plans.nth(1)).toContainText('60 lei / lună');
  await expect(plans.nth(2).getByRole('link', { name: 'Contactați-ne' })).toHaveAttribute('href', '/contact');

  // The simulated checkout: signed Stripe events through the service's own webhook. While it
  // runs, the chosen button keeps the focus and the wait is said.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/local-billing/checkout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Începeți perioada de probă' }).click();
  const working = page.getByRole('button', { name: 'Se activează…' });
  await expect(working).toBeFocused();
  await expect(working).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Se activează…' })).toHaveCount(1);
  release();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(h1(page)).toHaveText(welcome(email));
  await expect(h1(page)).toBeFocused();
  const subscription = panel(page, 'Abonament');
  await expect(subscription).toContainText('Activ');
  await expect(subscription).toContainText('Perioadă de probă gratuită');
  await expect(subscription).toContainText('mai aveți 14 zile din perioada de probă');
  await expect(subscription.getByRole('link', { name: 'Reînnoiți abonamentul' })).toHaveCount(0);
  // When it ends, and what follows.
  await expect(subscription).toContainText(/Se încheie pe \d{1,2} \p{L}+ \d{4}\. După aceea nu plătiți nimic și nu se reînnoiește/u);
  // Headings grow with their level: the welcome is not smaller than the account tab's h2s; the email is said once.
  await page.getByRole('tab', { name: 'Cont' }).click();
  await expect(page.locator('main').getByText(email, { exact: true })).toHaveCount(1);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const sizes = (level: number) => page.locator(`main h${level}:visible`).evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    const [h1Size] = await sizes(1);
    const h2Sizes = await sizes(2);
    expect(h2Sizes.length).toBeGreaterThan(0);
    expect(h1Size).toBeGreaterThanOrEqual(Math.max(...h2Sizes));
  }

  // The trial is on: pricing sends the user to the account, in the address's language.
  await page.goto('/pricing?lang=en');
  await expect(page).toHaveURL(/\/my-account\?lang=en$/);
  await expect(h1(page)).toHaveText(/^Welcome/);
});

// When the site's server cannot draw a signed-in page (here: it cannot reach the user service; the
// same for a service slower than its budget, or a token it refuses), the page is its loading status
// and the browser draws the rest, as fast as it can: what these check. (Signed in on that shell's
// own origin: the auth SDK keeps a session per origin.)
test.describe("a signed-in page the server could not draw (its user service out of the server's reach)", () => {
  let fallback: Awaited<ReturnType<typeof startShellThatCannotReadTheService>>;
  test.beforeAll(async () => {
    fallback = await startShellThatCannotReadTheService(3131);
  });
  test.afterAll(async () => fallback?.close());

  test("a signed-in page's code runs while its guards wait: once get-user-info answers, the page is drawn without another loading status", async ({ page }) => {
    await signedInOnPricing(page, 'ahead', fallback.origin);
    // Every loading status the page draws (a live region that says the wait), from its first script on;
    // not the plans' own live region, drawn empty.
    await page.addInitScript(() => {
      const drawn: Element[] = [];
      (window as unknown as { statusesDrawn: () => number }).statusesDrawn = () => drawn.length;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role=status]')) if (status.textContent?.trim() && !drawn.includes(status)) drawn.push(status);
      }).observe(document, { childList: true, subtree: true });
    });
    const statusesDrawn = () => page.evaluate(() => (window as unknown as { statusesDrawn: () => number }).statusesDrawn());
    let beforeAnswer = -1;
    let codeRanFirst = false;
    await page.route('**/get-user-info', async (route) => {
      // The answer is held until the account remote's code has run (each of its chunks the page
      // fetched, by webpack's list of the chunks run) and the page is idle; or for 5 s, when nothing
      // of it runs before the guards let the page through (then the test fails below: the page's
      // code did not run while its guards waited).
      codeRanFirst = await page
        .waitForFunction(
          ({ origin, chunkList }) => {
            const fetched = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.startsWith(origin) && entry.name.endsWith('.js') && !entry.name.includes('remoteEntry'));
            const ran = (self as unknown as Record<string, unknown[] | undefined>)[chunkList]?.length ?? 0;
            return fetched.length > 0 && ran >= fetched.length;
          },
          // Webpack names a build's list of the chunks run after the build (its app's name).
          { origin: `http://localhost:${runtimeConfig.ports.mfe_account}/`, chunkList: 'webpackChunkmfe_account' },
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      await page.evaluate(() => new Promise((idle) => requestIdleCallback(() => requestIdleCallback(idle))));
      beforeAnswer = await statusesDrawn();
      await route.continue();
    });
    await page.goto(`${fallback.origin}/pricing`);
    await expect(h1(page)).toHaveText(PRICING_H1, { timeout: 15_000 });
    expect(codeRanFirst).toBe(true);
    expect(beforeAnswer).toBeGreaterThan(0);
    // A page loaded only then would suspend: a status drawn (and announced) again, the page revealed no sooner than 300 ms after it.
    expect(await statusesDrawn()).toBe(beforeAnswer);
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  });

  test("a signed-in page asks get-user-info with the login cookie's token while the auth SDK still looks the user up, once; the page waits for the SDK", async ({ page }) => {
    await signedInOnPricing(page, 'inainte', fallback.origin);
    const cookie = (await page.context().cookies()).find((c) => c.name === LOGIN_COOKIE)?.value;
    expect(cookie).toBeTruthy();
    const sent: (string | null)[] = [];
    let userInfoAsked!: () => void;
    const asked = new Promise<void>((resolve) => (userInfoAsked = resolve));
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/get-user-info')) {
        sent.push(request.headers().authorization ?? null);
        userInfoAsked();
      }
    });
    // The SDK's lookup of the stored user is held until get-user-info has been asked (the page can
    // only be drawn if that was asked without it), and then until the test has seen the page still
    // waiting for the SDK: its loading status, however quickly the lookup would answer.
    let lookedUp = false;
    let releaseLookup!: () => void;
    const lookupReleased = new Promise<void>((resolve) => (releaseLookup = resolve));
    await page.route(/accounts:lookup/, async (route) => {
      await asked;
      await lookupReleased;
      lookedUp = true;
      await route.continue();
    });
    await page.goto(`${fallback.origin}/pricing`);
    await asked;
    await expect(page.getByRole('status').filter({ hasText: 'Se încarcă…' })).toHaveCount(1);
    releaseLookup();
    await expect(h1(page)).toHaveText(PRICING_H1, { timeout: 15_000 });
    expect(lookedUp).toBe(true);
    expect(sent).toEqual([`Bearer ${cookie}`]);
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  });

  test("a signed-in page starts the auth SDK and asks get-user-info before React's code has arrived", async ({ page }) => {
    await signedInOnPricing(page, 'devreme', fallback.origin);
    let lookedUp!: () => void;
    let userInfoAsked!: () => void;
    const both = Promise.all([new Promise<void>((resolve) => (lookedUp = resolve)), new Promise<void>((resolve) => (userInfoAsked = resolve))]);
    page.on('request', (request) => {
      if (/accounts:lookup/.test(request.url())) lookedUp();
      if (request.method() === 'POST' && request.url().endsWith('/get-user-info')) userInfoAsked();
    });
    // The shell's libraries (React among them) are held until the SDK has looked the user up and
    // get-user-info has been asked: the page can only be drawn if both were sent without them.
    let held = false;
    await page.route(/\/(vendor|react)\.[0-9a-f]+\.js$/, async (route) => {
      held = true;
      await both;
      await route.continue();
    });
    await page.goto(`${fallback.origin}/pricing`);
    await expect(h1(page)).toHaveText(PRICING_H1, { timeout: 15_000 });
    expect(held).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  });
});

test('a subscription Stripe deletes shows Expired with a renew button, and renewing works', async ({ page }) => {
  const { uid, email } = await signedInWithTrial(page, 'expira');
  await page.getByRole('tab', { name: 'Abonament' }).click();
  await expect(panel(page, 'Abonament')).toContainText('Activ');

  await endSubscription(uid);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Abonament' })).toHaveAttribute('aria-selected', 'true');
  const subscription = panel(page, 'Abonament');
  await expect(subscription).toContainText('Expirat');
  await subscription.getByRole('link', { name: 'Reînnoiți abonamentul' }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(h1(page)).toHaveText(PRICING_H1);
  await page.getByRole('button', { name: 'Începeți perioada de probă' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ați folosit deja perioada de probă gratuită' })).toBeVisible();
  await page.getByRole('button', { name: 'Alegeți planul complet' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(h1(page)).toHaveText(welcome(email));
  await expect(panel(page, 'Abonament')).toContainText('Activ');
  await expect(panel(page, 'Abonament')).toContainText('Plan complet');
});

test('a phone the app links shows in the device tab, and unlinking it works', async ({ page }) => {
  const { idToken } = await signedInWithTrial(page, 'telefon');
  await page.getByRole('tab', { name: 'Dispozitiv' }).click();
  await expect(page).toHaveURL(/\/account\?tab=device$/);
  await expect(panel(page, 'Dispozitiv')).toContainText('Niciun telefon nu este conectat');

  await linkDevice(idToken, { deviceId: `pixel-${Date.now()}`, deviceName: 'Pixel 8' });
  await page.reload();
  const device = panel(page, 'Dispozitiv');
  await expect(device).toContainText('Pixel 8');
  await device.getByRole('link', { name: 'Schimbați telefonul' }).click();

  await expect(page).toHaveURL(/\/reset-linked-device$/);
  await expect(h1(page)).toHaveText('Deconectați telefonul');
  await page.getByRole('button', { name: 'Deconectați telefonul' }).click();
  await expect(page.getByRole('heading', { name: 'Sigur doriți să deconectați „Pixel 8”?' })).toBeFocused();
  await page.getByRole('button', { name: 'Da, deconectați' }).click();
  await expect(page.getByText('Telefonul „Pixel 8” a fost deconectat.')).toBeFocused();

  await page.getByRole('link', { name: 'Înapoi la telefonul conectat, în contul meu' }).click();
  await expect(page).toHaveURL(/\/account\?tab=device$/);
  await expect(panel(page, 'Dispozitiv')).toContainText('Niciun telefon nu este conectat');
});

test('the account tabs work with the keyboard alone', async ({ page }) => {
  await signedInWithTrial(page, 'tastatura');
  await page.getByRole('tab', { name: 'Cont' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Abonament' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=subscription$/);
  await expect(panel(page, 'Abonament')).toContainText('Activ');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Dispozitiv' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel(page, 'Dispozitiv')).toBeFocused();
});

test.describe('with the user service stopped', () => {
  const SHELL = 3130;
  let site: Awaited<ReturnType<typeof startShellWithOwnService>>;
  test.beforeAll(async () => {
    site = await startShellWithOwnService({ shellPort: SHELL, servicePort: 3191 });
  });
  test.afterAll(async () => site.close());

  test('the account page shows the error, and recovers on retry once the service is back', async ({ page }) => {
    const email = uniqueEmail('oprit');
    const { uid } = await createAccount(email);
    await signInThroughWidget(page, email, undefined, site.origin);
    await expect(h1(page)).toHaveText(PRICING_H1);
    await startTrialSubscription(uid, email, site.serviceUrl);
    await page.goto(`${site.origin}/account`);
    await expect(h1(page)).toHaveText(welcome(email));

    await site.stopService();
    await page.getByRole('tab', { name: 'Abonament' }).click();
    const subscription = panel(page, 'Abonament');
    await expect(subscription.getByRole('alert')).toHaveText(/Nu am putut încărca abonamentul: serviciul nu răspunde acum/);
    // The rest of the page stays: the header, the heading, the other tabs.
    await expect(page.getByRole('navigation', { name: 'Navigare principală' })).toBeVisible();
    await expect(h1(page)).toHaveText(welcome(email));

    await site.startService();
    await subscription.getByRole('button', { name: 'Încercați din nou' }).click();
    await expect(subscription).toContainText('Activ');
    await expect(subscription.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('accessibility (axe, WCAG 2.2 AA) of the signed-in pages', () => {
  for (const locale of ['ro', 'en'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      // Two tests, each signing in: one with every scan would be close to the time limit on a busy machine.
      test(`/pricing in ${locale}, ${theme} theme`, async ({ page }) => {
        await setStoredPreferences(page, { theme, locale });
        const email = uniqueEmail(`axe-${locale}-${theme}`);
        await createAccount(email);
        await signInThroughWidget(page, email);
        await expect(page).toHaveURL(/\/account-pricing$/);
        await expect(page.getByRole('listitem').getByRole('heading', { level: 2 })).toHaveCount(3);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoAxeViolations(page);
      });

      test(`each /account tab in ${locale}, ${theme} theme`, async ({ page }) => {
        await setStoredPreferences(page, { theme, locale });
        const email = uniqueEmail(`axe-tabs-${locale}-${theme}`);
        const { uid } = await createAccount(email);
        await signInThroughWidget(page, email);
        await expect(page).toHaveURL(/\/account-pricing$/);
        await startTrialSubscription(uid, email);
        await page.goto('/account');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const tabs = locale === 'ro' ? ['Cont', 'Abonament', 'Dispozitiv'] : ['Account', 'Subscription', 'Device'];
        const loaded = locale === 'ro' ? [/Deconectare/, /Activ/, /Niciun telefon/] : [/Log out/, /Active/, /No phone/];
        for (const [index, name] of tabs.entries()) {
          await page.getByRole('tab', { name }).click();
          await expect(panel(page, name)).toContainText(loaded[index]!);
          // The whole page with its first tab; then what a tab changes: the tab list and its panel.
          await expectNoAxeViolations(page, { only: index === 0 ? [] : ['[role="tablist"]', '[role="tabpanel"]'] });
        }
      });
    }
  }
});

test.describe('at 320 CSS px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test('/account with a long email address reflows without horizontal scrolling', async ({ page }) => {
    const { email } = await signedInWithTrial(page, 'oadresadeemailfoartelungafaraniciunspatiusaucratima');
    await expect(panel(page, 'Cont')).toContainText(email);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
