import { expect, test, type Page } from '@playwright/test';
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { createAccount, loginCookie, PASSWORD, signInThroughWidget, uniqueEmail } from '../auth';
import { startShellThatCannotReadTheService } from '../ownService';
import { authSdkChunks, h1, h1Of, loggedErrors, open, setStoredPreferences, watchReplacedNodes } from '../support';

const PRERENDERED = ['/', '/contact', '/aboutus', '/accessibility', '/login'] as const;

/** Marks the page's document: still marked later means the page was not reloaded (what happened, happened in it). */
const markThisDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const stillThisDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe('prerendered public pages', () => {
  for (const path of PRERENDERED) {
    test(`${path} arrives as HTML with its content, named by its page, and the remote's address of this environment`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`data-prerendered="${path}"`);
      // The title a screen reader says as the page opens: the page's, not the site's name alone.
      expect(html).toContain(`<title>${h1Of(path)} · Vedere</title>`);
      // The h1's words as text (the landing page's has a highlighted span inside).
      expect(html.replace(/<[^>]+>/g, '')).toContain(h1Of(path));
      expect(html).not.toContain('__REMOTE_PUBLIC_PATH__');
      expect(html).toContain('<style data-styled');
      // No year, in HTML the server keeps (a year in it would be last year's after New Year).
      expect(html).toContain('© Vedere. Toate drepturile rezervate.');
    });

    test(`${path} is hydrated: the HTML stays (no element replaced), nothing is logged, and it works`, async ({ page }) => {
      const errors = loggedErrors(page);
      const replacedNodes = await watchReplacedNodes(page);
      await page.goto(path);
      await expect(h1(page)).toHaveText(h1Of(path));
      await page.waitForLoadState('networkidle');
      expect(await replacedNodes()).toEqual([]);
      expect(errors).toEqual([]);
      // The year the browser adds once hydrated, with no mismatch to report.
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Vedere. Toate drepturile rezervate.`);
      // React owns the page: the shell's language toggle re-renders the remote's content.
      await page.getByRole('button', { name: 'English' }).click();
      await expect(h1(page)).toHaveText(h1Of(path, 'en'));
    });
  }

  // What is only read and followed (shared-ui's StaticPart) stays the server's HTML: React neither
  // runs its components nor walks its elements as the page hydrates; what is used (a form, the
  // accordion) is React's.
  const ownedByReact = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__react')));

  test("the landing page's static parts stay the server's HTML once hydrated; a link in them is followed in the page, its h1 taking the focus", async ({ page }) => {
    const errors = loggedErrors(page);
    await open(page, '/', h1Of('/'));
    await markThisDocument(page);
    expect(await ownedByReact(page, '#howItWorks')).toBe(false);
    expect(await ownedByReact(page, '#plans')).toBe(false);
    expect(await ownedByReact(page, 'footer nav')).toBe(false);
    // The accordion and the form, far below, hydrate later, on their own (the browser idle here).
    await expect.poll(() => ownedByReact(page, '#newsletter-email')).toBe(true);
    await expect.poll(() => ownedByReact(page, '#faq button')).toBe(true);
    await page.getByRole('region', { name: 'Echipa' }).getByRole('link', { name: 'Cunoașteți echipa' }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    // What a screen reader says next: the new page's h1, focused, in the same document.
    await expect(h1(page)).toHaveText(h1Of('/aboutus'));
    await expect(h1(page)).toBeFocused();
    expect(await stillThisDocument(page)).toBe(true);
    // The page after a navigation is the browser's own, drawn by React.
    expect(await ownedByReact(page, 'main section')).toBe(true);
    expect(errors).toEqual([]);
  });

  // The accordion and the newsletter's form are far down the landing page: each hydrates on its own
  // after the page (shared-ui's LaterPart), when it nears the viewport, the browser is idle, or the
  // visitor reaches it. Here the browser is never idle and nothing is ever near, unless said.
  const laterPart = (page: Page, name: string) => page.locator(`[data-later-part="${name}"]`);
  const neverIdleNorNear = (page: Page, { near = false } = {}) =>
    page.addInitScript((near) => {
      window.requestIdleCallback = (() => 0) as unknown as typeof window.requestIdleCallback;
      if (!near)
        window.IntersectionObserver = class {
          observe() {}
          unobserve() {}
          disconnect() {}
          takeRecords() {
            return [];
          }
        } as unknown as typeof IntersectionObserver;
    }, near);

  test("the landing page's accordion and form stay the server's HTML after the page has hydrated, until the visitor reaches them", async ({ page }) => {
    const errors = loggedErrors(page);
    await neverIdleNorNear(page);
    await open(page, '/', h1Of('/'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    for (const name of ['landing-faq', 'landing-newsletter']) await expect(laterPart(page, name)).not.toHaveAttribute('data-later-part-hydrated', /.*/);
    expect(await ownedByReact(page, '#faq button')).toBe(false);
    expect(await ownedByReact(page, '#newsletter-email')).toBe(false);
    expect(await ownedByReact(page, '#howItWorks')).toBe(false);
    // A click that reaches a question without a press or a focus first (a screen reader's
    // activation can): held, the part hydrated for it, then done.
    const first = page.getByRole('button', { name: 'Ce face aplicația?' });
    await first.dispatchEvent('click');
    await expect(laterPart(page, 'landing-faq')).toHaveAttribute('data-later-part-hydrated', '');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Ce face aplicația?' })).toBeVisible();
    // The form's part is still the server's: reaching it hydrates it, and Enter on what was typed
    // is validated by the page, never sent natively.
    await expect(laterPart(page, 'landing-newsletter')).not.toHaveAttribute('data-later-part-hydrated', /.*/);
    const email = page.getByRole('textbox', { name: /Adresa de email/ });
    await email.fill('nu-e-o-adresa');
    await email.press('Enter');
    await expect(email).toHaveAccessibleDescription(/Introduceți o adresă de email validă/);
    await expect(email).toHaveValue('nu-e-o-adresa');
    await expect(email).toBeFocused();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  test("the landing page's accordion, reached by the keyboard before it has hydrated: Enter opens a question, an arrow key moves to the next", async ({ page }) => {
    await neverIdleNorNear(page);
    await open(page, '/', h1Of('/'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const { first, second } = await openFirstQuestionThenNext(page);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toBeFocused();
    await expect(laterPart(page, 'landing-faq')).toHaveAttribute('data-later-part-hydrated', '');
  });

  test("a page whose code never runs is plain HTML after its wait, its later parts too: a link in the FAQ's part is followed", async ({ page }) => {
    // The early-event script gives up waiting for the page after 20 s, on the page's clock.
    await page.clock.install();
    await page.route(/\/main\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(h1(page)).toHaveText(h1Of('/'));
    await page.clock.fastForward('00:21');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'false');
    await laterPart(page, 'landing-faq').getByRole('link', { name: 'Contactați-ne' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(h1(page)).toHaveText(h1Of('/contact'));
  });

  test("the landing page's later parts hydrate as they near the viewport, and when the browser is idle", async ({ page }) => {
    await neverIdleNorNear(page, { near: true });
    await open(page, '/', h1Of('/'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(laterPart(page, 'landing-faq')).not.toHaveAttribute('data-later-part-hydrated', /.*/);
    await page.locator('#faq').evaluate((faq) => faq.scrollIntoView());
    await expect(laterPart(page, 'landing-faq')).toHaveAttribute('data-later-part-hydrated', '');
    expect(await ownedByReact(page, '#faq button')).toBe(true);

    const idle = await page.context().newPage();
    await open(idle, '/', h1Of('/'));
    for (const name of ['landing-faq', 'landing-newsletter']) await expect(laterPart(idle, name)).toHaveAttribute('data-later-part-hydrated', '');
    expect(await idle.evaluate(() => window.scrollY)).toBe(0);
  });

  // The server's style element is the page's style sheet (@site/rendering's serverStyles): as the
  // page hydrates, no rule is inserted again and no element is added or removed (the browser does
  // not match the page again for the same rules), and its groups are read from its text, no rule's
  // selector read; a part first drawn later gets its rules in it.
  test("the page's styles stay the server's element as the page hydrates; the menu, first drawn later, is styled in it", async ({ page }) => {
    await page.addInitScript(() => {
      const inserted: string[] = [];
      (window as unknown as { insertedRules: string[] }).insertedRules = inserted;
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
        inserted.push(rule);
        return insertRule.call(this, rule, index);
      };
      // The start reads the server's groups from the element's text, not from its rules' selectors
      // (each read makes the rule's object and writes its selector out again).
      const selectorText = Object.getOwnPropertyDescriptor(CSSStyleRule.prototype, 'selectorText')!;
      const counter = { reads: 0 };
      (window as unknown as { selectorReads: typeof counter }).selectorReads = counter;
      Object.defineProperty(CSSStyleRule.prototype, 'selectorText', {
        ...selectorText,
        get(this: CSSStyleRule) {
          counter.reads += 1;
          return selectorText.get!.call(this);
        },
      });
    });
    const styleElements = () => page.evaluate(() => Array.from(document.querySelectorAll('style[data-styled]'), (style) => style.getAttribute('data-styled')));
    const insertedRules = () => page.evaluate(() => (window as unknown as { insertedRules: string[] }).insertedRules);
    const errors = loggedErrors(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/', h1Of('/'));
    await page.waitForLoadState('networkidle');
    expect(await styleElements()).toEqual(['server']);
    expect(await insertedRules()).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { selectorReads: { reads: number } }).selectorReads.reads)).toBe(0);

    await page.getByRole('button', { name: 'Meniu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meniu' });
    await expect(dialog.getByRole('button', { name: 'Închideți meniul' })).toBeFocused();
    expect((await insertedRules()).length).toBeGreaterThan(0);
    expect(await styleElements()).toEqual(['server']);
    // The panel's own rules apply: its settings are a row of controls under a rule.
    const settings = dialog.getByRole('combobox', { name: 'Temă de culori' }).locator('xpath=..');
    await expect(settings).toHaveCSS('display', 'flex');
    await expect(settings).toHaveCSS('border-top-width', '1px');
    expect(errors).toEqual([]);
  });

  for (const { path, part, link, to } of [
    { path: '/privacy', part: 'privacy-text', link: 'Termenii abonamentului', to: '/terms' },
    { path: '/accessibility', part: 'accessibility-statement', link: 'Scrieți-ne prin pagina de contact', to: '/contact' },
  ]) {
    test(`${path}'s text stays the server's HTML once hydrated, and its link is followed in the page`, async ({ page }) => {
      const errors = loggedErrors(page);
      await open(page, path, h1Of(path));
      expect(await ownedByReact(page, `[data-static-part="${part}"] h2`)).toBe(false);
      await markThisDocument(page);
      await page.locator(`[data-static-part="${part}"]`).getByRole('link', { name: link }).click();
      await expect(h1(page)).toHaveText(h1Of(to));
      await expect(h1(page)).toBeFocused();
      expect(await stillThisDocument(page)).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test('a static part is drawn again in the language chosen after hydration, and a link in it opened in a new tab is left to the browser', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    const howItWorks = page.locator('#howItWorks h2');
    await expect(howItWorks).toHaveText('Cum vă ajută aplicația');
    const team = page.getByRole('region', { name: 'Echipa' }).getByRole('link', { name: 'Cunoașteți echipa' });
    await team.click({ modifiers: ['Control'] });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(howItWorks).toHaveText('How the app helps you');
    expect(await ownedByReact(page, '#howItWorks')).toBe(true);
    // The Control-click was the browser's (a new tab): this page stayed where it was.
    await expect(h1(page)).toHaveText(h1Of('/', 'en'));
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor with another language or theme gets the page rendered afresh, never the prerendered one shown', async ({ page }) => {
    await setStoredPreferences(page, { locale: 'en', theme: 'light' });
    await page.goto('/');
    await expect(h1(page)).toHaveText(h1Of('/', 'en'));
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /.*/);
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
    await expect(page.locator('#root')).toBeVisible();
  });

  test('a page that is not prerendered arrives empty (a signed-in page, to a visitor without the login cookie)', async ({ request }) => {
    const html = await (await request.get('/account')).text();
    expect(html).toMatch(/<div id="?root"?><\/div>/);
  });

  test("the landing page's images are in its HTML: drawn without a request to the marketing remote's address", async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"[^>]*alt="[^"]+"/);
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image' && !r.url().startsWith('data:')) images.push(r.url());
    });
    await page.goto('/');
    // Each drawn (lazy images, so each brought into view first), none asked for.
    const drawn = await page.locator('main img').all();
    expect(drawn.length).toBeGreaterThan(0);
    for (const image of drawn) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect(images).toEqual([]);
  });

  test("the contact page shows this environment's contact details in its HTML", async ({ request }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toContain('href="tel:0215550199"');
    expect(html).toContain('contact@vedere.app');
  });
});

/** By the keyboard, on the landing page's FAQ: Enter on the first question, then ArrowDown (to the next). */
async function openFirstQuestionThenNext(page: Page) {
  const first = page.getByRole('button', { name: 'Ce face aplicația?' });
  const second = page.getByRole('button', { name: 'Pe ce telefoane funcționează?' });
  await first.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  return { first, second };
}

/** Holds the scripts at `url` until the returned function is called. */
async function holdScript(page: Page, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the shell's script until the returned function is called: the page as its HTML draws it. */
const holdShellScript = (page: Page) => holdScript(page, /\/main\.js$/);

/** A new user, signed in through the widget (and sent on to the plans): the browser keeps the session. */
async function signInNewUser(page: Page, label: string, origin = '') {
  const email = uniqueEmail(label);
  await createAccount(email);
  await signInThroughWidget(page, email, PASSWORD, origin);
  await expect(h1(page)).toHaveText(h1Of('/pricing'));
}

/**
 * Holds the shell's script until release() is called: the prerendered page is on screen and
 * usable, but not hydrated, as on a slow connection.
 */
async function openBeforeHydration(page: Page, path: string) {
  const release = await holdShellScript(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(h1(page)).toHaveText(h1Of(path));
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  // Named by its page before any of the page's code has run.
  await expect(page).toHaveTitle(`${h1Of(path)} · Vedere`);
  // Set in this document: still there afterwards means the page was not reloaded.
  await markThisDocument(page);
  return async () => {
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await stillThisDocument(page)).toBe(true);
  };
}

// Each kind of action is tried several times: one that is lost only sometimes (a race with
// hydration) must fail here.
const TRIES = 5;

test.describe('used before it has hydrated, a prerendered page does what it would have done after', () => {
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    const tried = ` (try ${attempt} of ${TRIES})`;
    test(`the FAQ: Enter opens a question, an arrow key moves to the next${tried}`, async ({ page }) => {
      const hydrate = await openBeforeHydration(page, '/');
      const { first, second } = await openFirstQuestionThenNext(page);
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await hydrate();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: 'Ce face aplicația?' })).toBeVisible();
      await expect(second).toBeFocused();
    });

    test(`a form: what was typed is validated by the page and never sent as a native submission${tried}`, async ({ page }) => {
      const hydrate = await openBeforeHydration(page, '/');
      const email = page.getByRole('textbox', { name: /Adresa de email/ });
      await email.fill('nu-e-o-adresa');
      await email.press('Enter');
      await hydrate();
      await expect(email).toHaveAccessibleDescription(/Introduceți o adresă de email validă/);
      await expect(email).toHaveValue('nu-e-o-adresa');
      expect(new URL(page.url()).search).toBe('');
    });

    test(`the language, then a link in the header: both done, in order, without reloading${tried}`, async ({ page }) => {
      const hydrate = await openBeforeHydration(page, '/');
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('navigation').first().getByRole('link', { name: 'Despre noi' }).click();
      await expect(page).toHaveURL(/\/$/);
      await hydrate();
      await expect(page).toHaveURL(/\/aboutus$/);
      await expect(h1(page)).toHaveText(h1Of('/aboutus', 'en'));
      await expect(h1(page)).toBeFocused();
    });

    test(`a link to another site is left to the browser; a link within the site is held${tried}`, async ({ page }) => {
      await openBeforeHydration(page, '/');
      // What a listener of the document's own (after the early-event script) sees of a click: a
      // click is dispatched at once (every listener has run when click() returns), so a click it
      // never saw was held by the early-event script.
      const click = (link: HTMLAnchorElement) => {
        let seen = 'held';
        const listener = (event: Event) => {
          seen = event.defaultPrevented ? 'prevented' : 'left to the browser';
          event.preventDefault(); // this test's own: the closed network has no other site
        };
        document.addEventListener('click', listener);
        link.click();
        document.removeEventListener('click', listener);
        return seen;
      };
      expect(await page.locator('#footer a[href^="http"]').first().evaluate(click)).toBe('left to the browser');
      expect(await page.locator('#footer a[href="/"]').first().evaluate(click)).toBe('held');
    });

    test(`the theme chosen in the header is kept, and applied once hydrated${tried}`, async ({ page }) => {
      const hydrate = await openBeforeHydration(page, '/');
      await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption({ label: 'Tema luminoasă' });
      await hydrate();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('combobox', { name: 'Temă de culori' })).toHaveValue('light');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    });

    test(`the menu, pressed on a phone's screen: it opens once the page has hydrated, drawn then (the server's HTML has none of it)${tried}`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const served = await (await page.request.get('/')).text();
      expect(served.match(/<dialog[^>]*>(.*?)<\/dialog>/s)?.[1]).toBe('');
      const hydrate = await openBeforeHydration(page, '/');
      await page.getByRole('button', { name: 'Meniu' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await hydrate();
      const dialog = page.getByRole('dialog', { name: 'Meniu' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Închideți meniul' })).toBeFocused();
      await expect(dialog.getByRole('navigation', { name: 'Navigare principală' }).getByRole('link')).toHaveCount(6);
      // A link chosen there at once: the header's own links (hidden here, hydrated when the browser
      // is idle) are drawn for the next page whether or not they had hydrated, and the move waits for nothing.
      await dialog.getByRole('link', { name: 'Despre noi' }).click();
      await expect(h1(page)).toHaveText(h1Of('/aboutus'));
      await expect(page.locator('[data-later-part="header-links"] a[aria-current="page"]')).toHaveText('Despre noi');
      expect(await stillThisDocument(page)).toBe(true);
    });

    test(`a link within the page (the skip link, a section's anchor) works at once, without waiting for the page's code${tried}`, async ({ page }) => {
      await openBeforeHydration(page, '/');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Salt la conținutul principal' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);
      await page.getByRole('link', { name: 'Vedeți funcționalitățile' }).click();
      await expect(page).toHaveURL(/#howItWorks$/);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
    });
  }

  // The orders in which a theme chosen on the server's HTML was lost: it lived only in the page
  // until the page hydrated, and anything that replaced the page before that (a reload, the page
  // drawn afresh instead of hydrated) lost it. Chosen there, it is stored at once.
  test('the theme chosen before hydration is kept when the page reloads before its code has run', async ({ page }) => {
    const release = await holdShellScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(h1(page)).toHaveText(h1Of('/'));
    await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption({ label: 'Tema luminoasă' });
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
    release();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Temă de culori' })).toHaveValue('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('the theme chosen before hydration is kept when the page is drawn afresh instead (its remote changed in between)', async ({ page }) => {
    const release = await holdShellScript(page);
    // The remotes document the shell reads names another build of the page's remote than the one
    // the HTML was drawn from: the shell draws the page afresh.
    await page.route(/\/remotes\.json$/, async (route) => {
      const document = (await (await route.fetch()).json()) as Record<string, { manifest: string }>;
      document.mfe_marketing!.manifest += '?another-build';
      await route.fulfill({ json: document });
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(h1(page)).toHaveText(h1Of('/'));
    await page.getByRole('combobox', { name: 'Temă de culori' }).selectOption({ label: 'Tema luminoasă' });
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Temă de culori' })).toHaveValue('light');
  });
});

const LOADING = 'Se încarcă…';
/** A login cookie whose session is gone (another device signed out, the emulator forgot it): the server cannot tell. */
const LEFT_COOKIE = { name: LOGIN_COOKIE, value: 'a.b.c', url: 'http://localhost:3000' };

test.describe('a signed-in page, for a visitor who looks signed in (the login cookie)', () => {
  const closeAfter: { close: () => Promise<void> }[] = [];
  test.afterEach(async () => {
    await Promise.all(closeAfter.splice(0).map((shell) => shell.close()));
  });

  test("arrives as the layout around the guard's loading status, drawn for a signed-in visitor: the account in the header, no remote's page", async ({ request }) => {
    const html = await (await request.get('/account', { headers: { Cookie: 'loginCookie=a.b.c' } })).text();
    expect(html).toMatch(/<html [^>]*data-drawn-signed-in/);
    expect(html).toContain('data-prerendered="/account"');
    expect(html).toMatch(/<a [^>]*href="\/account"[^>]*>Contul meu</);
    expect(html).not.toContain('href="/login"');
    expect(html).toMatch(new RegExp(`<p [^>]*role="status"[^>]*>${LOADING}</p>`));
    expect(html).not.toMatch(/<div id="root"[^>]*data-rendered-manifest/);
  });

  test('that the server could not draw whole is drawn before any of its code has run, the wait said by a status; then hydrated: the header stays, the page comes, nothing is logged', async ({
    page,
  }) => {
    const fallback = await startShellThatCannotReadTheService(3132);
    closeAfter.push(fallback);
    // Signed in on that shell's origin (the auth SDK keeps a session per origin).
    await signInNewUser(page, 'cadru', fallback.origin);
    const errors = loggedErrors(page);

    const release = await holdShellScript(page);
    await page.goto(`${fallback.origin}/pricing`, { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contul meu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Autentificare' })).toHaveCount(0);
    // Kept by the element itself (not in the DOM): still there afterwards means it was not replaced.
    await page.evaluate(() => {
      (document.querySelector('header') as unknown as { kept: boolean }).kept = true;
    });
    release();
    await expect(h1(page)).toHaveText(h1Of('/pricing'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await page.evaluate(() => (document.querySelector('header') as unknown as { kept?: boolean }).kept)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("is React's once hydrated: a link in its header, followed before, is followed then, without waiting for the session", async ({ page, context }) => {
    await context.addCookies([LEFT_COOKIE]);
    // The auth SDK held: the session stays unknown, the page behind its loading status.
    const auth = authSdkChunks();
    await page.route(
      (url) => auth.some((file) => url.pathname === `/${file}`),
      () => undefined,
    );
    const release = await holdShellScript(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
    await markThisDocument(page);
    await page.getByRole('banner').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    release();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(h1(page)).toHaveText(h1Of('/contact'));
    expect(await stillThisDocument(page)).toBe(true);
  });

  test('whose session has ended, is drawn, then sends the visitor to /login, saying why', async ({ page, context }) => {
    await context.addCookies([LEFT_COOKIE]);
    const release = await holdShellScript(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(h1(page)).toHaveText(h1Of('/login'));
    await expect(page.getByText('Sesiunea s-a încheiat. Autentificați-vă din nou pentru a continua.')).toBeVisible();
  });

  test('with another theme, is never shown as drawn (the default theme): hidden, then drawn afresh', async ({ page, context }) => {
    await context.addCookies([LEFT_COOKIE]);
    await setStoredPreferences(page, { theme: 'light' });
    const release = await holdShellScript(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'skip');
    await expect(page.locator('#root')).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('a public page, for a visitor who looks signed in (the login cookie)', () => {
  test('arrives drawn for a signed-in visitor: the page, and the account in the header instead of the sign-in', async ({ request }) => {
    const signedIn = await (await request.get('/contact', { headers: { Cookie: 'loginCookie=a.b.c' } })).text();
    expect(signedIn).toMatch(/<html [^>]*data-drawn-signed-in/);
    expect(signedIn).toMatch(/<div id="root"[^>]*data-rendered-manifest/);
    expect(signedIn.replace(/<[^>]+>/g, '')).toContain(h1Of('/contact'));
    expect(signedIn).toMatch(/<a [^>]*href="\/account"[^>]*>Contul meu</);
    expect(signedIn).not.toContain('href="/login"');
    // The page drawn for everyone else is still the one they get.
    const signedOut = await (await request.get('/contact')).text();
    expect(signedOut).not.toMatch(/<html [^>]*data-drawn-signed-in/);
    expect(signedOut).toContain('href="/login"');
  });

  test('is shown before any of its code has run, then hydrated: nothing replaced, nothing logged, the account still offered', async ({ page }) => {
    await signInNewUser(page, 'public');
    const errors = loggedErrors(page);
    const replacedNodes = await watchReplacedNodes(page);

    const release = await holdShellScript(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(h1(page)).toHaveText(h1Of('/contact'));
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', /.*/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contul meu' })).toBeVisible();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contul meu' })).toBeVisible();
    expect(await replacedNodes()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('/login, whose page hydrates after the session is known, is drawn as its HTML first (no mismatch), then sends the visitor on to the account', async ({ page, context }) => {
    await signInNewUser(page, 'login');
    const errors = loggedErrors(page);
    // A cookie the session replaces with the user's token once it knows the user: the sign it is known.
    await context.addCookies([LEFT_COOKIE]);
    // The sign-in remote's page held: the shell's layout hydrates, and its session is known, first.
    const release = await holdScript(page, /localhost:3002\/__federation_expose_LoginPage\.[0-9a-f]+\.js$/);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(h1(page)).toHaveText(h1Of('/login'));
    await expect.poll(async () => (await loginCookie(page))?.value, { timeout: 15_000 }).not.toBe(LEFT_COOKIE.value);
    release();
    // To the account, which sends a user without a subscription on to the plans.
    await expect(page).toHaveURL(/\/account-pricing$/);
    await expect(h1(page)).toHaveText(h1Of('/pricing'));
    expect(errors).toEqual([]);
  });
});
