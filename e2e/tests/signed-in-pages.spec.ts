// Signed-in pages drawn by the site's server: a request with the login cookie gets the whole page
// for the user the service verifies (its reads made server to server with the cookie's token),
// which the browser then hydrates with the answers handed over, reading nothing twice.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MARKERS } from '@site/rendering/contract';
import { ANSWERS_CHANGED_COOKIE, LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { createAccount, linkDevice, signInThroughWidget, uniqueEmail } from '../auth';
import { h1, loggedErrors, watchReplacedNodes } from '../support';

const SITE = 'http://localhost:3000';
const welcome = (email: string) => `Bine ați venit, ${email.split('@')[0]}!`;

/** A user with a trial subscription and a linked phone, made through the service as the app and Stripe would. */
async function subscriber(label: string) {
  const email = uniqueEmail(label);
  const account = await createAccount(email);
  // Registered with the service (as the site's sign-in does), then the trial chosen on the site's plans (local billing).
  const service = (call: string, body?: unknown) =>
    fetch(`http://127.0.0.1:8787/${call}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  expect((await service('register-user')).ok).toBe(true);
  expect((await service('local-billing/checkout', { plan: 'trial' })).ok).toBe(true);
  await linkDevice(account.idToken, { deviceId: `phone-${account.uid}`, deviceName: 'Pixel 8 al Anei' });
  return { email, ...account };
}

/** A subscriber signed in through the widget (the browser's auth SDK keeps the session, as after any sign-in). */
async function signedInSubscriber(page: Page, label: string) {
  const email = uniqueEmail(label);
  const account = await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(page).toHaveURL(/\/account-pricing$/);
  await page.getByRole('button', { name: 'Începeți perioada de probă' }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  // The account drawn, its reads answered: nothing of the sign-in's pages is still on its way.
  await expect(h1(page)).toHaveText(welcome(email));
  await expect(page.getByRole('tabpanel', { name: 'Abonament' })).toContainText('Perioadă de probă gratuită');
  await linkDevice(account.idToken, { deviceId: `phone-${account.uid}`, deviceName: 'Pixel 8 al Anei' });
  return { email, ...account };
}

const signedInWith = (context: BrowserContext, idToken: string) => context.addCookies([{ name: LOGIN_COOKIE, value: idToken, url: SITE }]);

/**
 * Everything said in the page's live regions (status, alert, aria-live) from its first byte on:
 * what they held when the document was parsed, then each change of their text.
 */
async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const regions = () => document.querySelectorAll('[role=status], [role=alert], [aria-live]');
    const note = () => {
      for (const region of regions()) {
        const text = region.textContent?.trim() ?? '';
        if (text && said[said.length - 1] !== text) said.push(text);
      }
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', note);
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

test.describe('a subscriber opening their account', () => {
  test('with JavaScript off, the subscription tab shows their plan and status, the device tab their phone: the page is the server’s', async ({ browser }) => {
    const user = await subscriber('fara-js');
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signedInWith(context, user.idToken);
    const page = await context.newPage();

    await page.goto('/account?tab=subscription');
    await expect(h1(page)).toHaveText(welcome(user.email));
    const subscription = page.getByRole('tabpanel', { name: 'Abonament' });
    await expect(subscription).toContainText('Activ');
    await expect(subscription).toContainText('Perioadă de probă gratuită');
    await expect(subscription).toContainText('mai aveți 14 zile din perioada de probă');
    await expect(page.getByRole('status')).toHaveCount(0);

    await page.goto('/account?tab=device');
    await expect(page.getByRole('tabpanel', { name: 'Dispozitiv' })).toContainText('Pixel 8 al Anei');
    await page.goto('/reset-linked-device');
    await expect(page.locator('main')).toContainText('Pixel 8 al Anei');
    await context.close();
  });

  test('a screen reader arriving hears the page’s heading, never a loading status; the page hydrates as drawn, reading nothing again', async ({ page }) => {
    const user = await signedInSubscriber(page, 'cititor');
    const said = await recordLiveRegions(page);
    const replaced = await watchReplacedNodes(page);
    const errors = loggedErrors(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().startsWith('http://localhost:8787/')) reads.push(new URL(request.url()).pathname);
    });

    // The auth SDK looks the stored user up once the page is idle: the session it then confirms reads nothing either.
    const lookedUp = page.waitForRequest(/accounts:lookup/);
    const response = await page.goto('/account?tab=subscription');
    // The first byte already holds the page: named by it, its heading first in its main part, what it read, no loading status.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Contul meu · Vedere</title>');
    expect(html).toMatch(new RegExp(`<main[^>]*>(<[^h][^>]*>)*<h1[^>]*>${welcome(user.email)}</h1>`));
    expect(html).toContain(`<script type="application/json" id="${MARKERS.handedOverStateId}">`);
    expect(html).not.toContain('Se încarcă');
    expect(html).not.toContain(user.idToken);
    await expect(page.locator('html')).toHaveAttribute(MARKERS.hydratedAttribute, 'true');
    await expect(h1(page)).toHaveText(welcome(user.email));
    await expect(page.getByRole('tabpanel', { name: 'Abonament' })).toContainText('Perioadă de probă gratuită');
    await expect(page).toHaveTitle('Contul meu · Vedere');
    await expect(page.locator('main').getByRole('heading').first()).toHaveText(welcome(user.email));
    await lookedUp;
    await page.waitForLoadState('networkidle');
    expect(await said()).toEqual([]);
    expect(await replaced()).toEqual([]);
    expect(errors).toEqual([]);
    // Nothing the server read is asked for again by the page, nor once the session is confirmed.
    expect(reads.filter((read) => read === '/get-user-info' || read === '/get-subscription-info')).toEqual([]);
  });

  test('the page the server drew works once hydrated: another tab reads with the session the auth SDK keeps, and logging out ends it', async ({ page }) => {
    await signedInSubscriber(page, 'hidratare');
    await page.goto('/account?tab=subscription');
    await expect(page.locator('html')).toHaveAttribute(MARKERS.hydratedAttribute, 'true');
    await page.getByRole('tab', { name: 'Dispozitiv' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Dispozitiv' })).toContainText('Pixel 8 al Anei');
    await page.getByRole('tab', { name: 'Cont' }).click();
    await page.getByRole('button', { name: 'Deconectare' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('whose name is markup or holds a line separator, sees it as text: the handed-over state cannot break out of its element', async ({ page }) => {
    const email = uniqueEmail('nume');
    const account = await createAccount(email);
    const name = '</script><script>window.injected=1</script>\u2028Ana';
    await fetch(`http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: account.idToken, displayName: name }),
    });
    // Signed in with that name (the token's claims carry it), the trial chosen.
    await signInThroughWidget(page, email);
    await page.getByRole('button', { name: 'Începeți perioada de probă' }).click();
    await expect(page).toHaveURL(/\/account\?tab=subscription$/);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const response = await page.goto('/account');
    const html = (await response?.text()) ?? '';
    // The element as the server wrote it (the shell removes it once it has taken the state).
    const handedOver = new RegExp(`<script[^>]*id="${MARKERS.handedOverStateId}"[^>]*>([^<]*)</script>`).exec(html);
    expect(handedOver).not.toBeNull();
    await expect(page.locator('html')).toHaveAttribute(MARKERS.hydratedAttribute, 'true');
    // Greeted by that name, as text.
    await expect(h1(page)).toHaveText(`Bine ați venit, ${name.replace('\u2028', ' ')}!`);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The name is in the state as it was, its markup written so that it cannot end the element.
    expect(handedOver![1]).not.toContain('</script>');
    expect(JSON.parse(handedOver![1]!).session.name).toBe(name);
    await expect(page.locator(`#${MARKERS.handedOverStateId}`)).toHaveCount(0);
  });
});

test.describe('the server’s answer to a signed-in page', () => {
  test('is private to the visitor: kept by no cache, varying by cookie; a trial guard’s redirect is made before any HTML', async ({ request }) => {
    const user = await subscriber('privat');
    const page = await request.get('/account?tab=device', { headers: { Cookie: `${LOGIN_COOKIE}=${user.idToken}` } });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe('private, no-store');
    expect(page.headers()['vary']).toMatch(/Cookie/);
    expect(await page.text()).toContain('Pixel 8 al Anei');

    const newcomer = await createAccount(uniqueEmail('fara-proba'));
    const redirect = await request.get('/account', { headers: { Cookie: `${LOGIN_COOKIE}=${newcomer.idToken}` }, maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()['location']).toBe('/account-pricing');
    expect(redirect.headers()['cache-control']).toBe('private, no-store');
    // The same user on the page the guard sends them to: drawn whole.
    const pricing = await request.get('/account-pricing', { headers: { Cookie: `${LOGIN_COOKIE}=${newcomer.idToken}` } });
    expect(await pricing.text()).toContain(MARKERS.handedOverStateId);
  });

  test('is each user’s own, though one copy of the page’s code draws it for everyone: two subscribers in turn, and back', async ({ request }) => {
    const ana = await subscriber('rand-ana');
    const ion = await subscriber('rand-ion');
    const draw = async (user: { idToken: string }) => (await request.get('/account?tab=subscription', { headers: { Cookie: `${LOGIN_COOKIE}=${user.idToken}` } })).text();
    for (const [user, other] of [
      [ana, ion],
      [ion, ana],
      [ana, ion],
    ] as const) {
      const html = await draw(user);
      expect(html).toContain(`id="${MARKERS.handedOverStateId}"`);
      expect(html).toContain(welcome(user.email));
      expect(html).toContain(user.uid);
      expect(html).not.toContain(other.uid);
      expect(html).not.toContain(other.email);
    }
  });

  test('shows a change made elsewhere (the phone unlinked, another linked, from the app) on the very next page the server draws, though it keeps what it read before', async ({
    request,
  }) => {
    const ana = await subscriber('schimbare');
    const draw = async () => (await request.get('/account?tab=device', { headers: { Cookie: `${LOGIN_COOKIE}=${ana.idToken}` } })).text();
    const phoneApp = (call: string, body?: unknown) =>
      fetch(`http://127.0.0.1:8787/${call}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ana.idToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    // What the service counts (its Prometheus metrics): the site's server processes following its page changes, and the page reads it answered.
    const metric = async (series: RegExp) => {
      const text = await (await fetch('http://127.0.0.1:8787/metrics')).text();
      return text.split('\n').reduce((sum, line) => (series.test(line) ? sum + Number(line.split(' ').at(-1)) : sum), 0);
    };
    const followers = () => metric(/^page_change_followers /);
    const pageReads = () => metric(/^http_requests_total\{[^}]*route="\/page-reads"/);
    expect(await draw()).toContain('Pixel 8 al Anei');
    await expect.poll(followers).toBeGreaterThan(0);
    // Drawn again and again for the same token: from what was read before, the service asked nothing (once more at most for a process that drew none yet).
    const readsBefore = await pageReads();
    for (let i = 0; i < 6; i += 1) expect(await draw()).toContain('Pixel 8 al Anei');
    expect((await pageReads()) - readsBefore).toBeLessThan(6);
    expect((await phoneApp('reset-linked-device')).ok).toBe(true);
    const unlinked = await draw();
    expect(unlinked).toContain(`id="${MARKERS.handedOverStateId}"`);
    expect(unlinked).not.toContain('Pixel 8 al Anei');
    await linkDevice(ana.idToken, { deviceId: `phone-b-${ana.uid}`, deviceName: 'Galaxy A55 al Anei' });
    const relinked = await draw();
    expect(relinked).toContain('Galaxy A55 al Anei');
    expect(relinked).not.toContain('Pixel 8 al Anei');
  });

  test('after the visitor’s own change (the phone unlinked on the site), the next page the server draws shows it, and the browser has noted its change for the server', async ({
    page,
  }) => {
    await signedInSubscriber(page, 'propria');
    const drawn = async () => (await page.goto('/account?tab=device'))!.text();
    expect(await drawn()).toContain('Pixel 8 al Anei');
    expect(await drawn()).toContain('Pixel 8 al Anei');
    const noted = async () => (await page.context().cookies()).find(({ name }) => name === ANSWERS_CHANGED_COOKIE)?.value;
    const before = await noted();
    await page.goto('/reset-linked-device');
    await page.getByRole('button', { name: 'Deconectați telefonul' }).click();
    await page.getByRole('button', { name: 'Da, deconectați' }).click();
    await expect(page.getByText('Telefonul „Pixel 8 al Anei” a fost deconectat.')).toBeFocused();
    expect(await noted()).toBeTruthy();
    expect(await noted()).not.toBe(before);
    const html = await drawn();
    expect(html).toContain(`id="${MARKERS.handedOverStateId}"`);
    expect(html).not.toContain('Pixel 8 al Anei');
    await expect(page.getByRole('tabpanel', { name: 'Dispozitiv' })).toContainText('Niciun telefon nu este conectat');
  });

  test('for a token the service refuses (another project’s), is the page’s loading status, as the browser first draws it', async ({ request }) => {
    const user = await createAccount(uniqueEmail('alt-proiect'));
    const [header, payload] = user.idToken.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const foreign = `${header}.${Buffer.from(JSON.stringify({ ...claims, aud: 'another-project', iss: 'https://securetoken.google.com/another-project' })).toString('base64url')}.`;
    const response = await request.get('/account', { headers: { Cookie: `${LOGIN_COOKIE}=${foreign}` } });
    const html = await response.text();
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(html).toMatch(/<p [^>]*role="status"[^>]*>Se încarcă…<\/p>/);
    expect(html).not.toContain(`id="${MARKERS.handedOverStateId}"`);
  });

  test('whose session turns out to have ended in this browser (no user the auth SDK knows), is drawn, then goes to /login saying why', async ({ page, context }) => {
    const user = await subscriber('sesiune');
    // A cookie whose user this browser never signed in: the service takes its token, the SDK has no user.
    await signedInWith(context, user.idToken);
    // Drawn: the server's answer holds the user's page. (Read from the answer, not from the page as
    // it is drawn: the browser may leave it for /login before a look at the page could see it.)
    const response = await page.goto('/account?tab=subscription');
    expect(await response!.text()).toContain(welcome(user.email));
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByText('Sesiunea s-a încheiat. Autentificați-vă din nou pentru a continua.')).toBeVisible();
  });
});
