import { devices, expect, test } from '@playwright/test';
import { createAccount, deleteAccount, loginCookie, PASSWORD, signInThroughWidget, startTrialSubscription, uniqueEmail } from '../auth';
import { expectNoAxeViolations, h1, open, setStoredPreferences } from '../support';

const PRICING_H1 = 'Alegeți abonamentul potrivit';
/** The account page greets the user by name, or by the part of the email before the @. */
const ACCOUNT_H1 = /^Bine ați venit, .+!$/;
const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Navigare principală' });

test('a new user creates an account in the widget, reaches pricing, then the account once the trial is on', async ({ page }) => {
  const email = uniqueEmail('nou');
  await page.goto('/login');
  // One form: its email step in the page's language, then the widget's next step in its place.
  await page.getByRole('textbox', { name: /Adresa de email/ }).fill(email);
  await page.getByRole('button', { name: 'Continuați' }).click();
  await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
  await expect(page.locator('input.firebaseui-id-email')).toHaveValue(email);
  await expect(page.locator('input[type="email"]:visible')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Continuați' })).toBeHidden();
  // The widget's new-account step, in the page's language.
  await expect(page.getByRole('heading', { level: 2, name: 'Creați un cont' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Prenumele și numele' }).fill('Ana Pop');
  await page.getByLabel('Alegeți o parolă', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Creați contul' }).click();

  // Registered, sent to /account, and on by the trial guard to pricing (the trial is not activated).
  await expect(page).toHaveURL(/\/account-pricing$/);
  await expect(h1(page)).toHaveText(PRICING_H1);
  await expect(nav(page).getByRole('link', { name: 'Contul meu' })).toBeVisible();

  const cookie = await loginCookie(page);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: false, httpOnly: false });
  expect(cookie!.value.split('.')).toHaveLength(3);

  const uid = await page.evaluate(() => JSON.parse(atob(document.cookie.split('loginCookie=')[1]!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).user_id as string);
  await startTrialSubscription(uid, email);
  await page.goto('/account');
  await expect(h1(page)).toHaveText(ACCOUNT_H1);
  // Greeted by the name typed at sign-up.
  await expect(h1(page)).toHaveText('Bine ați venit, Ana Pop!');
  await expect(page).toHaveTitle('Contul meu · Vedere');
  await expect(page.getByText(email).first()).toBeVisible();

  // Pricing now sends the user (whose trial is activated) to the account.
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(h1(page)).toHaveText(ACCOUNT_H1);

  // A reload keeps the session.
  await page.reload();
  await expect(h1(page)).toHaveText(ACCOUNT_H1);
});

test('sign out, then sign back in', async ({ page }) => {
  const email = uniqueEmail('revine');
  const { uid } = await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(PRICING_H1);
  await startTrialSubscription(uid, email);
  await page.goto('/account');
  await expect(h1(page)).toHaveText(ACCOUNT_H1);

  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText('Autentificare');
  // Told why, with focus on the heading (the widget, drawn again, does not take it).
  await expect(page.locator('main h1 + [role="status"]')).toHaveText('V-ați deconectat. Vă puteți autentifica din nou oricând.');
  await expect(page.locator('#login-email')).toBeVisible();
  await expect(h1(page)).toBeFocused();
  expect(await loginCookie(page)).toBeUndefined();
  await expect(nav(page).getByRole('link', { name: 'Autentificare' })).toBeVisible();

  await signInThroughWidget(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(h1(page)).toHaveText(ACCOUNT_H1);
  expect(await loginCookie(page)).toBeDefined();
});

test("a wrong password shows the widget's message, in the page's language", async ({ page }) => {
  const email = uniqueEmail('gresit');
  await createAccount(email);
  await signInThroughWidget(page, email, 'nu-este-parola');
  await expect(page.locator('.firebaseui-id-password-error')).toHaveText('Adresa de email și parola nu se potrivesc.');
  await expect(page.locator('.firebaseui-id-password-error')).toHaveAttribute('lang', 'ro');
  // Said aloud, once, and tied to the field the widget leaves focus in.
  await expect(page.locator('section [role="alert"]').filter({ hasText: 'nu se potrivesc' })).toHaveText('Adresa de email și parola nu se potrivesc.');
  await expect(page.locator('section [role="alert"]').filter({ hasText: 'nu se potrivesc' })).not.toHaveAttribute('lang', 'en');
  await expect(page.locator('input.firebaseui-id-password')).toHaveAccessibleDescription('Adresa de email și parola nu se potrivesc.');
  await expect(page.locator('input.firebaseui-id-password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  expect(await loginCookie(page)).toBeUndefined();
});

test.describe('on a phone', () => {
  // Playwright's phone: a mobile user agent, where the compat SDK's popup and redirect handler would
  // load Google's script loader and the auth domain's frame before the stored user is read.
  const { defaultBrowserType: _, ...phone } = devices['Pixel 5'];
  test.use(phone);

  test("signing in, and a signed-in page restoring the session, load neither Google's script loader nor a frame", async ({ page }) => {
    const extra: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.startsWith('https://apis.google.com/') || url.includes('/__/auth/') || url.includes('/emulator/auth/iframe')) extra.push(url);
    });
    const email = uniqueEmail('telefon');
    await createAccount(email);
    await signInThroughWidget(page, email);
    await expect(h1(page)).toHaveText(PRICING_H1);
    expect(extra).toEqual([]);

    await page.reload();
    await expect(h1(page)).toHaveText(PRICING_H1);
    expect(extra).toEqual([]);
    expect(page.frames().map((frame) => frame.url())).toEqual([page.url()]);
  });
});

test('the auth SDK reads no cookie as it starts, on /login and on a signed-in page: the site gives it its settings (each read of document.cookie is a synchronous call to the browser)', async ({
  page,
}) => {
  // Every read of document.cookie, by the script that made it (the caller's frame).
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { cookieReads: string[] }).cookieReads = reads;
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      set: cookie.set,
      get() {
        reads.push(new Error().stack!.split('\n')[2]?.trim() ?? 'document.cookie');
        return cookie.get!.call(this);
      },
    });
  });
  const cookieReads = () => page.evaluate(() => (window as unknown as { cookieReads: string[] }).cookieReads);
  const bySdk = (reads: string[]) => reads.filter((caller) => /\/firebase\.[0-9a-f]+\.js/.test(caller));
  // The auth has started once it has opened the database it keeps the user in.
  const sdkStarted = () => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'firebaseLocalStorageDb'));

  await open(page, '/login', 'Autentificare');
  await expect.poll(sdkStarted).toBe(true);
  const onLogin = await cookieReads();
  // The page's own reads are counted (the pre-paint script's, the language's): none is the SDK's.
  expect(onLogin.length).toBeGreaterThan(0);
  expect(bySdk(onLogin)).toEqual([]);

  const email = uniqueEmail('biscuit');
  await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(PRICING_H1);
  // On the signed-in page the auth has started once it asks the auth server for the user it kept.
  const lookup = page.waitForRequest((request) => request.url().includes('accounts:lookup'));
  await page.reload();
  await lookup;
  await expect(h1(page)).toHaveText(PRICING_H1);
  const onPricing = await cookieReads();
  expect(onPricing.length).toBeGreaterThan(0);
  expect(bySdk(onPricing)).toEqual([]);
});

// A signed-out visit to each guarded route lands on /login: routes.spec.ts.
test('a signed-in visit to /login lands on /account', async ({ page }) => {
  const email = uniqueEmail('deja');
  const { uid } = await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(PRICING_H1);
  await startTrialSubscription(uid, email);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account$/);
  await expect(h1(page)).toHaveText(ACCOUNT_H1);
});

test('an ended session (the user deleted) ends at /login with the cookie removed', async ({ page }) => {
  const email = uniqueEmail('sters');
  const { uid } = await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(PRICING_H1);
  expect(await loginCookie(page)).toBeDefined();

  await deleteAccount(uid);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page)).toHaveText('Autentificare');
  await expect(page.locator('main h1 + [role="status"]')).toHaveText('Sesiunea s-a încheiat. Autentificați-vă din nou pentru a continua.');
  expect(await loginCookie(page)).toBeUndefined();
});

for (const locale of ['ro', 'en'] as const) {
  test(`/login has no axe violations, on its email step and on the widget's next step (${locale})`, async ({ page }) => {
    await setStoredPreferences(page, { locale });
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: /Adresa de email|Email address/ });
    await expect(email).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectNoAxeViolations(page);
    await email.fill(uniqueEmail('axe'));
    await email.press('Enter');
    await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
    await expectNoAxeViolations(page);
  });
}

test("the sign-in page's own email field says what to correct when Enter is pressed, with the focus kept in it", async ({ page }) => {
  await open(page, '/login', 'Autentificare');
  const email = page.locator('#login-email');
  await email.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main [role="alert"]').filter({ hasText: 'Eroare:' })).toHaveText('Eroare: Completați câmpul „Adresa de email”.');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
});
