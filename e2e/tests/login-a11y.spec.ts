// /login as a screen-reader and keyboard user meets it: the page's heading keeps focus while the
// English widget draws itself, a visitor sent here hears why, and the widget's errors are said
// aloud and tied to their fields. (After a sign-out and an ended session: auth.spec.ts.)
import { expect, test, type Page } from '@playwright/test';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { PASSWORD, uniqueEmail } from '../auth';
import { expectNoAxeViolations, h1, open } from '../support';

const widgetEmail = (page: Page) => page.locator('input.firebaseui-id-email');
/** The widget's announcer (the widget is English only). */
const widgetAlert = (page: Page) => page.locator('section [role="alert"][lang="en"]');
const reasonStatus = (page: Page) => page.locator('main h1 + [role="status"]');
const focusIsInWidget = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.firebaseui-container')));

/**
 * Every element the focus goes to in the page, from its first script on (each document's own): a
 * focus that came and went between two checks is seen all the same. `since` drops the earlier ones.
 */
async function recordFocus(page: Page) {
  await page.addInitScript(() => {
    const trail: string[] = [];
    (window as unknown as { focusTrail: string[] }).focusTrail = trail;
    document.addEventListener(
      'focusin',
      (event) => {
        const el = event.target as Element;
        trail.push(el.closest('.firebaseui-container') ? `widget ${el.id || el.tagName}` : el.id || el.tagName);
      },
      true,
    );
  });
  return {
    trail: () => page.evaluate(() => [...(window as unknown as { focusTrail: string[] }).focusTrail]),
    clear: () => page.evaluate(() => void (window as unknown as { focusTrail: string[] }).focusTrail.splice(0)),
  };
}

/** Resolves once the page has been idle twice: every task queued before (a widget's focus call among them) has run. */
const afterPendingWork = (page: Page) => page.evaluate(() => new Promise((idle) => requestIdleCallback(() => requestIdleCallback(idle))));

test('the widget does not take focus when it draws itself: direct load at 400% zoom, then a header link', async ({ page }) => {
  const focus = await recordFocus(page);
  // 1280×1024 at 400%: 320×256 CSS pixels.
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto('/login');
  await expect(widgetEmail(page)).toBeVisible();
  // Until the page is React's and has been idle since: the widget never had the focus, at any moment.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await afterPendingWork(page);
  expect((await focus.trail()).filter((stop) => stop.startsWith('widget'))).toEqual([]);
  expect(await focusIsInWidget(page)).toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/aboutus', 'Despre noi');
  await focus.clear();
  await page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link', { name: 'Autentificare' }).click();
  await expect(widgetEmail(page)).toBeVisible();
  await expect(h1(page)).toBeFocused();
  await afterPendingWork(page);
  // The heading took the focus, and nothing took it from there.
  expect((await focus.trail()).slice(-1)).toEqual([await h1(page).evaluate((el) => el.id || el.tagName)]);
  expect((await focus.trail()).filter((stop) => stop.startsWith('widget'))).toEqual([]);
  await expect(h1(page)).toBeFocused();
  await expect(reasonStatus(page)).toBeEmpty();
  // The widget is reached by the keyboard in reading order, after the page's own form.
  await page.keyboard.press('Tab');
  await expect(page.locator('#login-email')).toBeFocused();
  await focus.clear();
  // A visitor in the page's own form has FirebaseUI loaded: drawn, it leaves the focus where it is.
  await expect(page.locator('#ui-sign-in-email-input')).toBeVisible();
  await afterPendingWork(page);
  expect(await focus.trail()).toEqual([]);
  await expect(page.locator('#login-email')).toBeFocused();
});

test("FirebaseUI's script is loaded once the visitor acts on the widget's first step, which hands over what was typed and the focus once they move on", async ({ page }) => {
  // FirebaseUI's code, in whichever script the build put it: MDL's text field, which only it registers.
  const widgetScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text().catch(() => '')).includes('MaterialTextfield')) widgetScripts.push(response.url());
  });
  await page.goto('/login');
  // The first step, drawn by the page, as a screen reader meets it: a heading, a named field, a button.
  const step = page.getByRole('region', { name: 'Formularul de autentificare (în limba engleză)' });
  await expect(step.getByRole('heading', { level: 2, name: 'Sign in with email' })).toBeVisible();
  const field = step.getByRole('textbox', { name: 'Email', exact: true });
  await expect(field).toBeVisible();
  await expect(step.getByRole('button', { name: 'Next' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(widgetScripts).toEqual([]);
  expect(await focusIsInWidget(page)).toBe(false);

  // Acting on it: the widget's script loads, while the visitor types on in the first step's field
  // (never swapped under their fingers, or a screen reader's place).
  await field.click();
  await page.keyboard.type('ana.pop@ex');
  await expect.poll(() => widgetScripts.length).toBeGreaterThan(0);
  await page.keyboard.type('emplu.ro');
  await expect(field).toHaveValue('ana.pop@exemplu.ro');
  await expect(page.locator('#sign-in-first-step-email')).toBeFocused();
  // Moving on to the step's button: the widget's own step takes over, with the address and the focus.
  await page.keyboard.press('Tab');
  await expect(page.locator('#ui-sign-in-email-input')).toHaveValue('ana.pop@exemplu.ro');
  await expect(step.getByRole('button', { name: 'Next' })).toBeFocused();
  await expect(step.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(1);
});

test('a first step submitted before the widget has loaded is submitted to it: its error is said aloud', async ({ page }) => {
  await page.goto('/login');
  const field = widgetEmail(page);
  await expect(field).toBeVisible();
  // From now on, the sign-in remote's scripts (FirebaseUI's) arrive late: a slow phone's network.
  await page.route(`http://localhost:${runtimeConfig.ports.mfe_auth}/**/*.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await field.fill('nu-este-o-adresa');
  await field.press('Enter');
  // Meanwhile, said in a status message; then the widget's own answer, in an alert.
  await expect(page.locator('section [role="status"]')).toHaveText('Se încarcă formularul de autentificare…');
  await expect(widgetAlert(page)).toHaveText("That email address isn't correct");
  await expect(page.locator('#ui-sign-in-email-input')).toBeFocused();
  await expect(page.locator('#ui-sign-in-email-input')).toHaveValue('nu-este-o-adresa');
});

test('a signed-out visit to a guarded page says why the visitor is on /login, with focus on its heading', async ({ page }) => {
  const focus = await recordFocus(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(reasonStatus(page)).toHaveText('Pagina cerută este disponibilă doar după autentificare.');
  await expect(widgetEmail(page)).toBeVisible();
  await expect(h1(page)).toBeFocused();
  await afterPendingWork(page);
  expect((await focus.trail()).filter((stop) => stop.startsWith('widget'))).toEqual([]);
  await expect(h1(page)).toBeFocused();
  await expectNoAxeViolations(page, { only: ['main'] });
});

test("the widget's errors are said aloud and tied to their fields; its toggle is a named button; focus is visible", async ({ page }) => {
  await page.goto('/login');
  await expect(widgetEmail(page)).toBeVisible();
  const field = widgetEmail(page);

  // An empty address, by the widget's button.
  await page.locator('button.firebaseui-id-submit').click();
  await expect(widgetAlert(page)).toHaveText('Enter your email address to continue');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Enter your email address to continue');

  // A wrong address, by Enter in the field; then the same again: said again.
  await field.fill('nu-este-o-adresa');
  await field.press('Enter');
  await expect(widgetAlert(page)).toHaveText("That email address isn't correct");
  await expect(field).toBeFocused();
  await field.press('Enter');
  await expect.poll(() => widgetAlert(page).evaluate((el) => el.textContent)).toBe("That email address isn't correct\u00a0");
  await expectNoAxeViolations(page, { only: ['main section'] });

  // The field's focus is drawn (3px outline) and its label keeps 14px, 7:1 text.
  const look = await field.evaluate((input) => {
    const label = input.closest('.mdl-textfield')!.querySelector('label')!;
    const s = getComputedStyle(input);
    const l = getComputedStyle(label);
    return { outline: `${s.outlineStyle} ${s.outlineWidth}`, labelSize: l.fontSize, labelColor: l.color };
  });
  expect(look.outline).toBe('solid 3px');
  expect(parseFloat(look.labelSize)).toBeGreaterThanOrEqual(14);
  expect(look.labelColor).not.toBe('rgb(117, 117, 117)');

  // A new address goes to the sign-up step: its password toggle.
  await field.fill(uniqueEmail('nou'));
  await field.press('Enter');
  const password = page.locator('input.firebaseui-id-new-password');
  await expect(password).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await password.fill(PASSWORD);
  await password.focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toBeFocused();

  // No name given: said.
  await page.locator('input.firebaseui-id-name').fill('');
  await page.locator('button.firebaseui-id-submit').click();
  await expect(widgetAlert(page)).toHaveText('Enter your account name');
  await expect(page.locator('input.firebaseui-id-name')).toHaveAttribute('aria-invalid', 'true');
});

test("under forced colours the widget's buttons keep a visible edge", async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/login');
  await expect(widgetEmail(page)).toBeVisible();
  const edge = await page.locator('button.firebaseui-id-submit').evaluate((b) => getComputedStyle(b).borderTopStyle);
  expect(edge).toBe('solid');
});
