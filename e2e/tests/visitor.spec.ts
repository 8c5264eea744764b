// A new visitor deciding whether to pay: the price, the trial and the app before any sign-in, and
// the pages a paying customer looks for (the privacy notice, the subscription's terms), as a
// screen-reader user hears them and as they are drawn.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { RETENTION_KINDS } from '@site/contract/retention';
import { chromiumPath } from '@site/tools/chromium';
import { brokenRules, recordScreenReader, SCREEN_READER_BROWSER_ARGS } from '../screenReader';
import { expectNoAxeViolations, h1, h1Of, open } from '../support';

test.use({ launchOptions: { executablePath: chromiumPath('headless-shell'), args: SCREEN_READER_BROWSER_ARGS } });

const WORDS = {
  ro: {
    nav: 'Navigare principală',
    prices: 'Prețuri',
    plans: 'Prețuri și perioada de probă',
    terms: 'Condițiile abonamentului',
    termsTitle: 'Termenii abonamentului',
    privacyTitle: 'Politica de confidențialitate',
    full: '60 lei / lună',
    trial: 'Gratuit 14 zile',
    noCard: 'Pentru perioada de probă nu vă cerem cardul.',
  },
  en: {
    nav: 'Main navigation',
    prices: 'Pricing',
    plans: 'Prices and the free trial',
    terms: "The subscription's terms",
    termsTitle: 'Subscription terms',
    privacyTitle: 'Privacy notice',
    full: '60 lei a month',
    trial: 'Free for 14 days',
    noCard: 'We do not ask for a card for the free trial.',
  },
} as const;

for (const lang of ['ro', 'en'] as const) {
  const words = WORDS[lang];
  const address = (path: string) => (lang === 'en' ? `${path}?lang=en` : path);

  test(`the prices before sign-in, then the terms, as a screen reader says them (${lang})`, async ({ page }) => {
    const sr = await recordScreenReader(page);
    sr.note(`opens ${address('/')}`);
    await open(page, address('/'), lang === 'en' ? h1Of('/', 'en') : h1Of('/'));
    const prices = page.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.prices });
    await expect(prices).toHaveAttribute('href', '/#plans');
    sr.note(`jumps to the ${words.prices} link, presses Enter`);
    await prices.focus();
    await page.keyboard.press('Enter');
    // The reading position moves to the plans, which say each price, the trial, the card and the end.
    const plans = page.getByRole('region', { name: words.plans });
    await expect(plans).toBeFocused();
    await expect(plans).toContainText(words.full);
    await expect(plans).toContainText(words.trial);
    await expect(plans).toContainText(words.noCard);
    await sr.outline();
    const terms = plans.getByRole('link', { name: words.terms });
    sr.note(`jumps to the link “${words.terms}”, presses Enter`);
    await terms.focus();
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText(words.termsTitle);
    await expect(h1(page)).toBeFocused();
    await sr.outline();
    const transcript = await sr.take();
    expect.soft(brokenRules(transcript)).toEqual([]);
    expect(transcript).toMatchSnapshot(`prices-${lang}.txt`);
  });

  test(`the privacy notice names the operator and the periods the service keeps data for (${lang})`, async ({ page, request }) => {
    // Its own page, drawn by the server: title, description, canonical and the other language.
    const html = await (await request.get(address('/privacy'))).text();
    expect(html).toContain(`<title>${words.privacyTitle} · Vedere</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/privacy(\?lang=en)?">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]*\/privacy\?lang=en">/);
    await open(page, address('/privacy'), words.privacyTitle);
    // Local mode's operator is a stand-in, said so, never a company's details.
    await expect(page.getByRole('note')).toBeVisible();
    await expect(page.locator('main')).toContainText('[LOCAL] Operator not configured (OPERATOR_NAME)');
    // One row per kind of data the service's sweep deletes, each with its period.
    const rows = page.locator('main table tbody tr');
    await expect(rows).toHaveCount(RETENTION_KINDS.length);
    for (const row of await rows.all()) await expect(row.getByRole('cell')).toHaveText(/^\d+ (zi|zile|de zile|day|days)$/);
    await expect(page.locator('main')).toContainText('ANSPDCP');
    await expectNoAxeViolations(page);
  });
}

test('a visitor sent to sign in from /pricing sees the plans there, in the language of the address', async ({ page }) => {
  await page.goto('/pricing?lang=en');
  await expect(h1(page)).toHaveText(h1Of('/login', 'en'));
  await expect(page).toHaveURL(/\/login\?lang=en$/);
  const plans = page.getByRole('region', { name: WORDS.en.plans });
  await expect(plans).toContainText(WORDS.en.full);
  await expect(plans).toContainText(WORDS.en.noCard);
  // The reason is said; the plans wait below it, not in the way of the sign-in.
  await expect(page.locator('main').getByRole('status').filter({ hasText: 'The page you asked for is available only after you sign in.' })).toBeVisible();
});

test('every page links the prices, the privacy notice and the terms in its footer; the app from the hero and the footer', async ({ page }) => {
  await open(page, '/contact', 'Contact');
  const footer = page.locator('#footer');
  for (const [name, href] of [
    ['Prețuri și perioada de probă', '/#plans'],
    ['Politica de confidențialitate', '/privacy'],
    ['Termenii abonamentului', '/terms'],
  ] as const)
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  const android = 'Descărcați aplicația pentru Android din Magazin Google Play (alt site)';
  await expect(footer.getByRole('link', { name: android })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
  await open(page, '/', h1Of('/'));
  await expect(page.locator('#hero').getByRole('link', { name: android })).toBeVisible();
  await expect(page.locator('#hero')).toContainText('Versiunea pentru iPhone va fi disponibilă în curând în App Store.');
});

/** The cards of a list, as rows of boxes: [top, left, width] of each, grouped by top. */
async function rowsOf(page: Page, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })));
  const rows = new Map<number, number[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.width]);
  return [...rows.values()];
}

for (const width of [375, 768, 1280]) {
  test(`at ${width} px, no card list leaves a card alone beside an empty space; the prices' zero is a plain figure`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/', h1Of('/'));
    for (const list of ['#howItWorks li', '#plans li[class]', '#testimonials li']) {
      const rows = await rowsOf(page, list);
      const full = Math.max(...rows.map((row) => row.reduce((a, b) => a + b, 0)));
      // A row of one card is a row of one column, or that card takes the whole row.
      for (const row of rows) if (row.length === 1 && rows.some((other) => other.length > 1)) expect(row[0]).toBeGreaterThan(full * 0.9);
    }
    // The price's figures from a typeface whose zero is plain (the site's draws it slashed), the facts' too.
    for (const price of [page.locator('#plans p', { hasText: '60 lei / lună' }), page.locator('#plans li', { hasText: '60 lei pe lună' })])
      expect(await price.first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Site Plain Figures", "Atkinson Hyperlegible Next"/);
    // Its faces are the page's own, added once, digits only, in the two weights, ready (made from their bytes).
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Site Plain Figures').map((face) => `${face.weight} ${face.unicodeRange} ${face.status}`),
    );
    expect(faces.sort()).toEqual(['400 U+30-39 loaded', '700 U+30-39 loaded']);
    // And they draw the digits: Roboto's plain zero, whatever fonts the system has.
    // (Roboto is in no system font of these machines: only the page's own faces draw with it.)
    expect(await platformFontsOf(page.locator('#plans p', { hasText: WORDS.ro.full }).first())).toContain('Roboto');
  });
}

test("with the page's scripts off, the prices' digits still come from a plain-zero typeface: the system's, named in <noscript>", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#plans p', { hasText: WORDS.ro.full }).first()).toBeVisible();
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Site Plain Figures').map((face) => `${face.weight} ${face.unicodeRange}`),
    );
    expect(faces.sort()).toEqual(['400 U+30-39', '700 U+30-39']);
    // Drawn with one of the system's fonts the faces name (on these machines Liberation Sans or DejaVu Sans).
    const fonts = await platformFontsOf(page.locator('#plans p', { hasText: WORDS.ro.full }).first());
    expect(fonts.filter((font) => font !== 'Atkinson Hyperlegible Next')).not.toEqual([]);
  } finally {
    await context.close();
  }
});

/** The typefaces Chromium drew an element's text with (DevTools' "Rendered fonts"). */
async function platformFontsOf(element: Locator) {
  const page = element.page();
  await element.evaluate((el) => el.setAttribute('data-fonts-of', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-fonts-of]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
    await element.evaluate((el) => el.removeAttribute('data-fonts-of'));
  }
}

test("the hero drawing's words stay inside their card, in the site's typeface, at 320 px and in English", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/', '/?lang=en']) {
    await page.goto(path);
    const words = page.getByTestId('hero-picture').locator('foreignObject > div');
    const fits = await words.evaluate((el) => ({ w: el.scrollWidth <= el.clientWidth + 1, h: el.scrollHeight <= el.clientHeight + 1, font: getComputedStyle(el).fontFamily }));
    expect(fits).toEqual({ w: true, h: true, font: expect.stringContaining('Atkinson Hyperlegible Next') });
  }
});
