// What a screen reader says along each journey of the site, in both languages, compared with the
// reviewed transcripts in e2e/transcripts/: a change in what is said fails here until the file is
// regenerated (--update-snapshots), read again, and committed with the change. The journeys are
// driven with the keyboard, as a screen-reader user moves: Tab, Enter, the arrow keys, and a
// jump straight to a control (a screen reader's list of links, buttons or fields) where tabbing
// there would say only what the transcript already holds.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, linkDevice, PASSWORD, uniqueEmail } from '../auth';
import { brokenRules, recordScreenReader, SCREEN_READER_BROWSER_ARGS, type Transcript } from '../screenReader';
import { h1 } from '../support';
import { chromiumPath } from '@site/tools/chromium';

test.use({ launchOptions: { executablePath: chromiumPath('headless-shell'), args: SCREEN_READER_BROWSER_ARGS } });
// The signed-in journey signs in, starts a trial, links and unlinks a phone and deletes the account.
test.describe.configure({ timeout: 90_000 });

const WORDS = {
  ro: {
    landing: 'Ajutăm persoanele nevăzătoare să exploreze lumea cu încredere',
    nav: 'Navigare principală',
    contact: 'Contact',
    fields: ['Prenume', 'Nume', 'Adresa de email', 'Subiect', 'Mesaj'],
    send: 'Trimiteți mesajul',
    summary: 'Verificați formularul',
    sent: 'Mesajul a fost trimis',
    login: 'Autentificare',
    loginEmail: 'Adresa de email',
    pricing: 'Alegeți abonamentul potrivit',
    trial: 'Începeți perioada de probă',
    welcome: 'Bine ați venit',
    tabs: ['Cont', 'Abonament', 'Dispozitiv'],
    trialShown: 'Perioadă de probă gratuită',
    change: 'Schimbați telefonul',
    unlinkTitle: 'Deconectați telefonul',
    unlink: 'Deconectați telefonul',
    unlinkQuestion: 'Sigur doriți să deconectați „Pixel 8”?',
    unlinkConfirm: 'Da, deconectați',
    unlinked: 'Telefonul „Pixel 8” a fost deconectat. Puteți conecta acum alt telefon din aplicație.',
    back: 'Înapoi la telefonul conectat, în contul meu',
    noPhone: 'Niciun telefon nu este conectat',
    deleteStart: 'Ștergeți contul meu',
    deleteQuestion: 'Sigur doriți să vă ștergeți contul?',
    deleteConfirm: 'Da, ștergeți contul meu',
    deleted: 'Contul dumneavoastră a fost șters, împreună cu datele păstrate despre el.',
  },
  en: {
    landing: 'We help blind people explore the world with confidence',
    nav: 'Main navigation',
    contact: 'Contact',
    fields: ['First name', 'Last name', 'Email address', 'Subject', 'Message'],
    send: 'Send message',
    summary: 'Please check the form',
    sent: 'Your message has been sent',
    login: 'Log in',
    loginEmail: 'Email address',
    pricing: 'Choose the right subscription',
    trial: 'Start the free trial',
    welcome: 'Welcome',
    tabs: ['Account', 'Subscription', 'Device'],
    trialShown: 'Free trial',
    change: 'Change phone',
    unlinkTitle: 'Unlink your phone',
    unlink: 'Unlink this phone',
    unlinkQuestion: 'Are you sure you want to unlink “Pixel 8”?',
    unlinkConfirm: 'Yes, unlink it',
    unlinked: 'The phone “Pixel 8” has been unlinked. You can now link another phone from the app.',
    back: 'Back to the linked phone, in my account',
    noPhone: 'No phone is linked',
    deleteStart: 'Delete my account',
    deleteQuestion: 'Are you sure you want to delete your account?',
    deleteConfirm: 'Yes, delete my account',
    deleted: 'Your account has been deleted, along with the data kept about it.',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** Presses Tab until `target` has the focus (each stop on the way is in the transcript), at most `stops` times. */
async function tabTo(page: Page, target: Locator, stops = 12) {
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${stops} presses of Tab did not reach ${target}; the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`);
}

/** A jump to a control (a screen reader's list of them), then the key pressed on it. */
async function jumpTo(sr: Transcript, target: Locator, what: string) {
  sr.note(`jumps to ${what}`);
  await target.focus();
}

/**
 * Signs in on /login, as the page is now: its email field, then the widget's password step.
 * (The sign-in page is being redesigned into one form: this and the "sign in" transcripts change with it.)
 */
async function signIn(page: Page, sr: Transcript, words: Words, email: string) {
  const field = page.locator('main').getByRole('textbox', { name: words.loginEmail }).first();
  await jumpTo(sr, field, 'the email field');
  await page.keyboard.type(email);
  sr.note('presses Enter');
  await page.keyboard.press('Enter');
  const password = page.locator('input.firebaseui-id-password');
  await expect(password).toBeFocused();
  sr.note('types the password, presses Enter');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(h1(page)).toHaveText(words.pricing);
  await expect(h1(page)).toBeFocused();
}

for (const lang of ['ro', 'en'] as const) {
  const words = WORDS[lang];

  test(`landing to a sent contact message (${lang})`, async ({ page }) => {
    const sr = await recordScreenReader(page);
    sr.note(`opens /${lang === 'en' ? '?lang=en' : ''}`);
    await page.goto(lang === 'en' ? '/?lang=en' : '/');
    await expect(h1(page)).toHaveText(words.landing);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await sr.outline();

    await jumpTo(sr, page.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.contact }), 'the Contact link');
    sr.note('presses Enter');
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText(words.contact);
    await expect(h1(page)).toBeFocused();
    await sr.outline();

    // Each field's name is its label and the required mark after it.
    const field = (index: number) => page.getByRole('textbox', { name: new RegExp(`^${words.fields[index]} `) });
    const send = page.getByRole('button', { name: words.send });
    sr.note('presses Tab up to the send button, then Enter, with the form empty');
    await tabTo(page, field(0));
    await tabTo(page, send, 6);
    await page.keyboard.press('Enter');
    const summary = page.getByRole('group', { name: words.summary });
    await expect(summary).toBeFocused();

    sr.note('presses Tab to the first error, then Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(field(0)).toBeFocused();
    const values = ['Ana', 'Pop', 'ana.pop@exemplu.ro', 'Demonstrație', 'Aș dori o demonstrație a aplicației.'];
    sr.note('fills each field, pressing Tab after each');
    for (const [index, value] of values.entries()) {
      await expect(field(index)).toBeFocused();
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await expect(send).toBeFocused();
    sr.note('presses Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: words.sent })).toBeVisible();
    const transcript = await sr.take();
    expect.soft(brokenRules(transcript)).toEqual([]);
    expect(transcript).toMatchSnapshot(`contact-${lang}.txt`);
  });

  test(`sign up (${lang})`, async ({ page }) => {
    const email = uniqueEmail(`transcript-sign-up-${lang}`);
    const sr = await recordScreenReader(page, () => [[email, '<email>']]);
    const start = lang === 'en' ? '/login?lang=en' : '/login';
    sr.note(`opens ${start}`);
    await page.goto(start);
    await expect(h1(page)).toHaveText(words.login);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('#login-email')).toBeVisible();
    const field = page.locator('main').getByRole('textbox', { name: words.loginEmail }).first();
    await jumpTo(sr, field, 'the email field');
    sr.note('types a new address, presses Enter');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const name = page.locator('input.firebaseui-id-name');
    await expect(name).toBeFocused();
    await sr.outline();
    sr.note('types the name, presses Tab');
    await page.keyboard.type('Ana Pop');
    await page.keyboard.press('Tab');
    const password = page.locator('input.firebaseui-id-new-password');
    await expect(password).toBeFocused();
    sr.note('types a password, presses Tab up to the last button, then Enter');
    await page.keyboard.type(PASSWORD);
    await tabTo(page, page.locator('button.firebaseui-id-submit'), 4);
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText(words.pricing);
    await expect(h1(page)).toBeFocused();
    const transcript = await sr.take();
    expect.soft(brokenRules(transcript)).toEqual([]);
    expect(transcript).toMatchSnapshot(`sign-up-${lang}.txt`);
  });

  test(`sign in, start the trial, the subscription tab, unlink the phone, delete the account (${lang})`, async ({ page }) => {
    const email = uniqueEmail(`transcript-${lang}`);
    const { idToken } = await createAccount(email);
    const sr = await recordScreenReader(page, () => [
      [email, '<email>'],
      [email.split('@')[0]!, '<name>'],
    ]);
    const journey = async (name: string) => {
      const transcript = await sr.take();
      expect.soft(brokenRules(transcript), name).toEqual([]);
      expect.soft(transcript).toMatchSnapshot(`${name}-${lang}.txt`);
    };

    // Sign in: Romanian by default; English by the header's language toggle.
    sr.note('opens /login');
    await page.goto('/login');
    await expect(h1(page)).toHaveText(WORDS.ro.login);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // The sign-in form drawn.
    await expect(page.locator('#login-email')).toBeVisible();
    if (lang === 'en') {
      await jumpTo(sr, page.getByRole('banner').getByRole('button', { name: 'English' }), 'the language toggle');
      sr.note('presses Enter');
      await page.keyboard.press('Enter');
      await expect(h1(page)).toHaveText(words.login);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await sr.outline();
    await signIn(page, sr, words, email);
    await sr.outline();
    await journey('sign-in');

    // Start the trial, on the plans the sign-in led to.
    await jumpTo(sr, page.getByRole('button', { name: words.trial }), `“${words.trial}”`);
    sr.note('presses Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\?tab=subscription$/);
    await expect(h1(page)).toHaveText(new RegExp(`^${words.welcome}, `));
    await expect(h1(page)).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: words.tabs[1] })).toContainText(words.trialShown);
    await journey('start-trial');

    // The subscription tab, on the account page as the server draws it.
    sr.note('opens /account');
    await page.goto('/account');
    await expect(page.getByRole('tabpanel', { name: words.tabs[0] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await sr.outline();
    await jumpTo(sr, page.getByRole('tab', { name: words.tabs[0] }), 'the tab list');
    sr.note('presses the right arrow, then Tab');
    await page.keyboard.press('ArrowRight');
    const subscription = page.getByRole('tabpanel', { name: words.tabs[1] });
    await expect(subscription).toContainText(words.trialShown);
    await page.keyboard.press('Tab');
    await expect(subscription).toBeFocused();
    await sr.outline();
    await journey('subscription-tab');

    // Unlink the phone the app linked.
    await linkDevice(idToken, { deviceId: `transcript-${lang}-${Date.now()}`, deviceName: 'Pixel 8' });
    sr.note('opens /account?tab=device');
    await page.goto('/account?tab=device');
    const device = page.getByRole('tabpanel', { name: words.tabs[2] });
    await expect(device).toContainText('Pixel 8');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await jumpTo(sr, device.getByRole('link', { name: words.change }), `“${words.change}”`);
    sr.note('presses Enter');
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText(words.unlinkTitle);
    await expect(h1(page)).toBeFocused();
    // The page's read of the phone answered: its outline is the whole page.
    await expect(page.getByRole('button', { name: words.unlink })).toBeVisible();
    await sr.outline();
    sr.note(`presses Tab up to “${words.unlink}”, then Enter`);
    await tabTo(page, page.getByRole('button', { name: words.unlink }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: words.unlinkQuestion })).toBeFocused();
    sr.note(`presses Tab up to “${words.unlinkConfirm}”, then Enter`);
    await tabTo(page, page.getByRole('button', { name: words.unlinkConfirm }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(words.unlinked)).toBeFocused();
    sr.note(`presses Tab up to “${words.back}”, then Enter`);
    await tabTo(page, page.getByRole('link', { name: words.back }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tabpanel', { name: words.tabs[2] })).toContainText(words.noPhone);
    await expect(h1(page)).toBeFocused();
    await journey('unlink-phone');

    // Delete the account, from the account tab.
    await jumpTo(sr, page.getByRole('tab', { name: words.tabs[2] }), 'the tab list');
    sr.note('presses Home');
    await page.keyboard.press('Home');
    const account = page.getByRole('tabpanel', { name: words.tabs[0] });
    await expect(account.getByRole('button', { name: words.deleteStart })).toBeVisible();
    await jumpTo(sr, account.getByRole('button', { name: words.deleteStart }), `“${words.deleteStart}”`);
    sr.note('presses Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: words.deleteQuestion })).toBeFocused();
    // What the deletion would take, read from the service, is listed before the visitor moves on.
    await expect(page.getByRole('group', { name: words.deleteQuestion }).getByRole('listitem').first()).toBeVisible();
    sr.note(`presses Tab up to “${words.deleteConfirm}”, then Enter`);
    await tabTo(page, page.getByRole('button', { name: words.deleteConfirm }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('main h1 + [role="status"]')).toHaveText(words.deleted);
    await expect(h1(page)).toBeFocused();
    await journey('delete-account');
  });
}
