// /login as a screen-reader and keyboard user meets it: one sign-in form (its email step, then the
// widget's next step in its place, each in the page's language and marked with it), the page's
// heading keeping focus while the widget loads out of sight, a visitor sent here hearing why, and
// the widget's errors said aloud in the page's language and tied to their fields. (After a
// sign-out and an ended session: auth.spec.ts.)
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { createAccount, PASSWORD, uniqueEmail } from '../auth';
import { expectNoAxeViolations, h1, open, setStoredPreferences } from '../support';

const ownEmail = (page: Page) => page.locator('#login-email');
/** The widget's container: in the form's region, out of sight until its next step. */
const widgetEmail = (page: Page) => page.locator('#ui-sign-in-email-input');
const reasonStatus = (page: Page) => page.locator('main h1 + [role="status"]');
const focusIsInWidget = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('.firebaseui-container')));
/** Every email field a visitor can see (or a screen reader reach). */
const visibleEmailFields = (page: Page) => page.locator('main input[type="email"]:visible');

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

test('one email field at a time: the widget loads out of sight and never takes the focus (400% zoom, then a header link)', async ({ page }) => {
  const focus = await recordFocus(page);
  // 1280×1024 at 400%: 320×256 CSS pixels.
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto('/login');
  await expect(ownEmail(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await afterPendingWork(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '/aboutus', 'Despre noi');
  await focus.clear();
  await page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link', { name: 'Autentificare' }).click();
  await expect(ownEmail(page)).toBeVisible();
  await expect(h1(page)).toBeFocused();
  await expect(reasonStatus(page)).toBeEmpty();
  // The form is reached by the keyboard in reading order, after the introduction.
  await page.keyboard.press('Tab');
  await expect(ownEmail(page)).toBeFocused();
  await focus.clear();
  // A visitor in the form has FirebaseUI loaded: drawn out of sight, it leaves the focus where it
  // is, and the page still shows one email field.
  await expect(widgetEmail(page)).toBeAttached();
  await expect(widgetEmail(page)).toBeHidden();
  await afterPendingWork(page);
  expect(await focus.trail()).toEqual([]);
  await expect(ownEmail(page)).toBeFocused();
  await expect(visibleEmailFields(page)).toHaveCount(1);
  expect(await focusIsInWidget(page)).toBe(false);
});

test("FirebaseUI's script is loaded only once the visitor acts on the form, and the address goes on to its next step", async ({ page }) => {
  // FirebaseUI's code, in whichever script the build put it: MDL's text field, which only it registers.
  const widgetScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text().catch(() => '')).includes('MaterialTextfield')) widgetScripts.push(response.url());
  });
  await page.goto('/login');
  // The form as a screen reader meets it: a named region, a named field, a button, in Romanian.
  const form = page.getByRole('region', { name: 'Formularul de autentificare' });
  const field = form.getByRole('textbox', { name: 'Adresa de email (obligatoriu)' });
  await expect(field).toBeVisible();
  await expect(form.getByRole('button', { name: 'Continuați' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(widgetScripts).toEqual([]);

  await field.click();
  await expect.poll(() => widgetScripts.length).toBeGreaterThan(0);
  const address = uniqueEmail('pas');
  await page.keyboard.type(address);
  await page.keyboard.press('Enter');
  // A new address: the widget's new-account step, in the form's place, its first field focused.
  await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
  await expect(form.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(visibleEmailFields(page)).toHaveCount(1);
  await expect(field).toBeHidden();
  // Its Cancel: the form's own email step again, with the address and the focus.
  await form.getByRole('button', { name: 'Anulați' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(address);
  await expect(visibleEmailFields(page)).toHaveCount(1);
});

test('a form submitted before the widget has loaded says it is loading, then goes on to its next step', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // From now on, the sign-in remote's scripts (FirebaseUI's) are held, as on a slow phone's network,
  // until the test has seen the loading status: no delay of its own decides whether it is seen.
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(`http://localhost:${runtimeConfig.ports.mfe_auth}/**/*.js`, async (route) => {
    await held;
    await route.continue();
  });
  await ownEmail(page).fill(uniqueEmail('incet'));
  await ownEmail(page).press('Enter');
  await expect(page.locator('section [role="status"]')).toHaveText('Se încarcă formularul de autentificare…');
  arrive();
  await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
  await expect(page.locator('section [role="status"]')).toBeEmpty();
});

test('a signed-out visit to a guarded page says why the visitor is on /login, with focus on its heading', async ({ page }) => {
  const focus = await recordFocus(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(reasonStatus(page)).toHaveText('Pagina cerută este disponibilă doar după autentificare.');
  await expect(ownEmail(page)).toBeVisible();
  await expect(h1(page)).toBeFocused();
  await afterPendingWork(page);
  expect((await focus.trail()).filter((stop) => stop.startsWith('widget'))).toEqual([]);
  await expect(h1(page)).toBeFocused();
  await expectNoAxeViolations(page, { only: ['main'] });
});

test("the widget's errors are said aloud in the page's language and tied to their fields; its toggle is a named button; focus is visible and clear of the labels", async ({
  page,
}) => {
  await page.goto('/login');
  // A wrong address, refused by the page's own step: said, and the focus kept.
  await ownEmail(page).fill('nu-este-o-adresa');
  await ownEmail(page).press('Enter');
  await expect(page.locator('main [role="alert"]').filter({ hasText: 'Eroare:' })).toContainText('adresă de email');
  await expect(ownEmail(page)).toBeFocused();
  await expect(ownEmail(page)).toHaveAttribute('aria-invalid', 'true');

  // A new address goes to the widget's sign-up step: its password toggle.
  await ownEmail(page).fill(uniqueEmail('nou'));
  await ownEmail(page).press('Enter');
  const name = page.locator('input.firebaseui-id-name');
  await expect(name).toBeFocused();
  const password = page.locator('input.firebaseui-id-new-password');
  const toggle = page.getByRole('button', { name: 'Afișați parola' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await password.fill(PASSWORD);
  await password.focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toBeFocused();

  // No name given: said in Romanian, shown so, tied to the field.
  await name.fill('');
  await page.locator('button.firebaseui-id-submit').click();
  const alert = page.locator('section [role="alert"]').filter({ hasText: 'Introduceți numele și prenumele.' });
  await expect(alert).toHaveText('Introduceți numele și prenumele.');
  await expect(page.locator('.firebaseui-id-name-error')).toHaveText('Introduceți numele și prenumele.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Introduceți numele și prenumele.');
  await expectNoAxeViolations(page, { only: ['main section'] });

  // The field's focus is the site's ring (3 px), clear of its label; the label keeps 16 px, 7:1 text.
  await name.focus();
  const look = await name.evaluate((input) => {
    const label = input.closest('.mdl-textfield')!.querySelector('label')!;
    const s = getComputedStyle(input);
    const l = getComputedStyle(label);
    const ring = parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
    return {
      outline: `${s.outlineStyle} ${s.outlineWidth}`,
      labelSize: l.fontSize,
      gap: input.getBoundingClientRect().top - ring - label.getBoundingClientRect().bottom,
    };
  });
  expect(look.outline).toBe('solid 3px');
  expect(parseFloat(look.labelSize)).toBeGreaterThanOrEqual(16);
  expect(look.gap).toBeGreaterThanOrEqual(0);
});

/** The widget's own English words on the steps of the email sign-in (FirebaseUI 6's, case as it writes them). */
const WIDGET_ENGLISH =
  /Sign in|Sign In|Create account|First & last name|Choose password|Password|Email|Next|Save|Cancel|Trouble signing in|Recover password|Get instructions|Send|Check your email|Follow the instructions|recover your password|Done|Dismiss/;

/** The widget's step in sight: in the page's language, marked so, none of its English left or marked. */
async function expectInPageLanguage(form: Locator, lang: 'ro' | 'en') {
  const step = form.locator('.firebaseui-container');
  await expect(step).toBeVisible();
  expect(await step.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe(lang);
  await expect(step.locator('[lang]:not([lang="ro"]):not([lang="en"])')).toHaveCount(0);
  await expect(step.locator(lang === 'ro' ? '[lang="en"]' : '[lang="ro"]')).toHaveCount(0);
  if (lang === 'ro') await expect(step).not.toHaveText(WIDGET_ENGLISH);
}

test("every text of the widget's steps is in the page's language, marked with it (ro, then en)", async ({ page }) => {
  const words = {
    ro: {
      login: '/login',
      field: 'Adresa de email (obligatoriu)',
      go: 'Continuați',
      signUp: 'Creați un cont',
      name: 'Prenumele și numele',
      newPassword: 'Alegeți o parolă',
      create: 'Creați contul',
      cancel: 'Anulați',
      signIn: 'Intrați în cont',
      password: 'Parola',
      trouble: 'Ați uitat parola?',
      recover: 'Schimbați parola',
      send: 'Trimiteți',
      sent: 'Verificați emailul',
      done: 'Am înțeles',
    },
    en: {
      login: '/login?lang=en',
      field: 'Email address (required)',
      go: 'Continue',
      signUp: 'Create an account',
      name: 'First and last name',
      newPassword: 'Choose a password',
      create: 'Create the account',
      cancel: 'Cancel',
      signIn: 'Sign in',
      password: 'Password',
      trouble: 'Forgot your password?',
      recover: 'Change your password',
      send: 'Send',
      sent: 'Check your email',
      done: 'Got it',
    },
  } as const;
  for (const lang of ['ro', 'en'] as const) {
    const w = words[lang];
    const form = page.getByRole('region', { name: lang === 'ro' ? 'Formularul de autentificare' : 'Sign-in form' });
    await page.goto(w.login);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const field = form.getByRole('textbox', { name: w.field });

    // A new address: the new-account step.
    await field.fill(uniqueEmail(`limba-${lang}`));
    await form.getByRole('button', { name: w.go }).click();
    await expect(form.getByRole('textbox', { name: w.name })).toBeFocused();
    await expect(form.getByRole('heading', { level: 2, name: w.signUp })).toBeVisible();
    await expect(form.getByLabel(w.newPassword, { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: w.create })).toBeVisible();
    await expectInPageLanguage(form, lang);
    await form.getByRole('button', { name: w.cancel }).click();
    await expect(field).toBeFocused();

    // An account's address: the password step, then the recovery of its password.
    const email = uniqueEmail(`cont-${lang}`);
    await createAccount(email);
    await field.fill(email);
    await field.press('Enter');
    await expect(form.getByLabel(w.password, { exact: true })).toBeFocused();
    await expect(form.getByRole('heading', { level: 2, name: w.signIn })).toBeVisible();
    await expect(form.getByRole('button', { name: w.signIn })).toBeVisible();
    await expectInPageLanguage(form, lang);
    await form.getByRole('link', { name: w.trouble }).click();
    await expect(form.getByRole('heading', { level: 2, name: w.recover })).toBeVisible();
    await expectInPageLanguage(form, lang);
    await form.getByRole('button', { name: w.send }).click();
    await expect(form.getByRole('heading', { level: 2, name: w.sent })).toBeVisible();
    // The hint names the address where the page's language puts it.
    await expect(form.locator('.firebaseui-text')).toHaveText(
      lang === 'ro' ? `Urmați instrucțiunile trimise la ${email} pentru a vă schimba parola.` : `Follow the instructions sent to ${email} to change your password.`,
    );
    await expect(form.getByRole('button', { name: w.done })).toBeVisible();
    await expectInPageLanguage(form, lang);
  }
});

/** The contrast ratio (WCAG) of a CSS colour, its alpha laid over `under`, against `under` (both as getComputedStyle gives them). */
function contrastOver(colour: string, under: string): number {
  const parse = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const [r, g, b, a = 1] = parse(colour) as [number, number, number, number?];
  const base = parse(under) as [number, number, number];
  const laid = [r, g, b].map((c, i) => c * a + base[i]! * (1 - a));
  const luminance = (rgb: number[]) => {
    const [lr, lg, lb] = rgb.map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [hi, lo] = [luminance(laid), luminance(base)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test("the widget wears the site's theme: dark, and light", async ({ page }) => {
  for (const theme of ['dark', 'light'] as const) {
    await setStoredPreferences(page, { theme });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await ownEmail(page).fill(uniqueEmail(`tema-${theme}`));
    await ownEmail(page).press('Enter');
    await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
    const colours = await page.evaluate(() => ({
      page: getComputedStyle(document.body).color,
      card: getComputedStyle(document.querySelector('.firebaseui-container')!).color,
      cardFill: getComputedStyle(document.querySelector('.firebaseui-container')!).backgroundColor,
      title: getComputedStyle(document.querySelector('.firebaseui-title')!).color,
      button: getComputedStyle(document.querySelector('button.firebaseui-id-submit')!).textTransform,
      fields: [...document.querySelectorAll<HTMLInputElement>('.firebaseui-container input.firebaseui-input')].map((input) => {
        const s = getComputedStyle(input);
        return { name: input.name, borders: [s.borderTopColor, s.borderRightColor, s.borderBottomColor, s.borderLeftColor], width: s.borderTopWidth, fill: s.backgroundColor };
      }),
    }));
    // The card's text is the page's (light on dark, dark on light), and its buttons are in sentence case.
    expect(colours.card).toBe(colours.page);
    expect(colours.title).toBe(colours.page);
    expect(colours.button).toBe('none');
    // Each field's edge: all round, 3:1 or better against the field's fill and the card around it.
    expect(colours.fields.map((field) => field.name)).toEqual(['email', 'name', 'newPassword']);
    for (const field of colours.fields) {
      expect(field.width).toBe('2px');
      for (const border of field.borders) {
        expect.soft(contrastOver(border, field.fill), `${theme}: ${field.name}'s border ${border} on ${field.fill}`).toBeGreaterThanOrEqual(3);
        expect.soft(contrastOver(border, colours.cardFill), `${theme}: ${field.name}'s border ${border} on ${colours.cardFill}`).toBeGreaterThanOrEqual(3);
      }
    }
    await expectNoAxeViolations(page, { only: ['main section'] });
  }
});

test("under forced colours the widget's buttons keep a visible edge", async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/login');
  await ownEmail(page).fill(uniqueEmail('contrast'));
  await ownEmail(page).press('Enter');
  await expect(page.locator('input.firebaseui-id-name')).toBeFocused();
  const edge = await page.locator('button.firebaseui-id-submit').evaluate((b) => getComputedStyle(b).borderTopStyle);
  expect(edge).toBe('solid');
});
