import { expect, test, type Page } from '@playwright/test';
import { mailTo } from '@site/service-user/testing/outbox';
import { startShellWithOwnService } from '../ownService';
import { builtRouteTable, expectNoAxeViolations, h1, h1Of, open, prerenderedPaths, routes, setStoredPreferences } from '../support';

const LANDING_SECTIONS = ['hero', 'howItWorks', 'plans', 'sponsors', 'team', 'testimonials', 'faq', 'callToAction', 'newsletter', 'developers'];

test.describe('the landing page', () => {
  test('has every section of the landing page, each a region named by its heading, in order', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    const ids = await page.locator('main [id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter((id) => LANDING_SECTIONS.includes(id))).toEqual(LANDING_SECTIONS);
    // Then the footer (#footer), the shell's on every page, outside main (layout.spec.ts).
    await expect(page.locator('main ~ footer#footer')).toHaveCount(1);
    for (const id of LANDING_SECTIONS) {
      const section = page.locator(`#${id}`);
      const heading = section.getByRole('heading', { level: id === 'hero' ? 1 : 2 }).first();
      await expect(page.getByRole('region', { name: (await heading.textContent())! })).toHaveAttribute('id', id);
    }
    // Each thing said once: what the app does in one list of seven; the team on /aboutus, linked.
    await expect(page.locator('#howItWorks h3')).toHaveCount(7);
    await expect(page.locator('#features')).toHaveCount(0);
    await expect(page.locator('#team h3')).toHaveCount(0);
    await page.locator('#team').getByRole('link', { name: 'Cunoașteți echipa' }).click();
    await expect(h1(page)).toHaveText('Despre noi');
    await expect(page.getByRole('region', { name: 'De ce construim Vedere' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fondatorii' }).getByRole('heading', { level: 3 })).not.toHaveCount(0);
  });

  test('shows two partner logos 200px tall with rounded corners and real alt text, loaded lazily', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    const logos = page.locator('#sponsors img');
    await expect(logos).toHaveCount(2);
    await expect(logos.nth(0)).toHaveAttribute('alt', 'Sigla Asociației Nevăzătorilor din România');
    await expect(logos.nth(1)).toHaveAttribute('alt', 'Sigla Fundației Cartea Călătoare');
    for (const logo of await logos.all()) {
      await expect(logo).toHaveAttribute('loading', 'lazy');
      await logo.scrollIntoViewIfNeeded();
      const box = await logo.boundingBox();
      expect(box?.height).toBe(200);
      expect(await logo.evaluate((img) => getComputedStyle(img).borderTopLeftRadius)).not.toBe('0px');
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`shows the app in use at ${viewport.width} px, as one picture with a text alternative that says what it shows, nothing focusable`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, '/', h1Of('/'));
      const picture = page.getByRole('img', { name: /Obstacol în față, la 2 metri/ });
      await expect(picture).toBeVisible();
      expect((await picture.boundingBox())!.width).toBeGreaterThan(200);
      await expect(page.getByTestId('hero-picture').locator('a, button, input, [tabindex]')).toHaveCount(0);
      // No wireframe of this website.
      await expect(page.locator('main')).not.toContainText('Profilul meu');
    });
  }

  test('draws the green annotation under the headline, or shows it at once under reduced motion', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    const mark = page.locator('h1 [data-annotation]');
    await expect(mark).toHaveText('cu încredere');
    const style = await mark.evaluate((el) => {
      const s = getComputedStyle(el);
      return { duration: s.animationDuration, padding: s.paddingLeft, image: s.backgroundImage };
    });
    expect(style).toEqual({ duration: '1s', padding: '10px', image: 'linear-gradient(rgb(126, 226, 168), rgb(126, 226, 168))' });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await mark.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test("the hero's links move focus to the prices and the trial, and to howItWorks", async ({ page }) => {
    await open(page, '/', h1Of('/'));
    await page.getByRole('link', { name: 'Vedeți funcționalitățile' }).click();
    await expect(page.locator('#howItWorks')).toBeFocused();
    await expect(page).toHaveURL(/\/#howItWorks$/);
    await page.getByRole('link', { name: 'Vedeți prețurile și perioada de probă' }).click();
    await expect(page.locator('#plans')).toBeFocused();
    await expect(page).toHaveURL(/\/#plans$/);
  });

  test('the call to action leads to /contact', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    await page.getByRole('link', { name: 'Cereți o demonstrație' }).click();
    await expect(h1(page)).toHaveText('Contact');
  });

  test('the FAQ opens one answer at a time with the keyboard', async ({ page }) => {
    await open(page, '/', h1Of('/'));
    const first = page.getByRole('button', { name: 'Ce face aplicația?' });
    const second = page.getByRole('button', { name: 'Pe ce telefoane funcționează?' });
    // Named by the question alone: the drawn +/− sign is not read as "plus".
    await expect(first).toHaveAccessibleName('Ce face aplicația?');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Ce face aplicația?' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAccessibleName('Pe ce telefoane funcționează?');
    await expect(page.locator('#faq').getByText('Versiunea pentru iPhone va fi disponibilă în curând')).toBeVisible();
    await expect(page.locator('#faq [role="region"]:visible')).toHaveCount(1);
  });

  test('the support card opens /contact in the same tab', async ({ page, context }) => {
    await open(page, '/', h1Of('/'));
    await page.locator('#faq').getByRole('link', { name: 'Contactați-ne' }).click();
    await expect(h1(page)).toHaveText('Contact');
    expect(context.pages()).toHaveLength(1);
  });
});

const checkInbox = (email: string) => `Verificați-vă emailul: am trimis un link de confirmare la ${email}. Abonarea începe după ce deschideți linkul.`;

test("once /contact is idle, the other public pages' files are prefetched for the next page, not preloaded for this one (no warning of a preload unused)", async ({ page }) => {
  // Every link the page adds, as it is added (the runtime may take one away once its file arrived).
  await page.addInitScript(() => {
    const added: { rel: string; href: string; as: string | null }[] = [];
    Object.assign(window, { addedLinks: added });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof HTMLLinkElement) added.push({ rel: node.rel, href: node.href, as: node.getAttribute('as') });
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await open(page, '/contact', h1Of('/contact'));
  const table = builtRouteTable();
  const others = table.routes
    .filter((route) => route.prerender && route.path !== '/contact' && table.pages[route.page]?.remote === 'mfe_marketing')
    .map((route) => (table.pages[route.page]?.module ?? '').replace('./', ''));
  expect(others).toEqual(expect.arrayContaining(['LandingPage', 'AboutPage', 'PrivacyPage']));
  const added = () => page.evaluate(() => (window as unknown as { addedLinks: { rel: string; href: string; as: string | null }[] }).addedLinks);
  const prefetched = async () => (await added()).filter((link) => link.rel === 'prefetch').map((link) => link.href);
  // One page per idle period, the next once the last one's files have arrived.
  const notPrefetched = async () => {
    const hrefs = await prefetched();
    return others.filter((module) => !hrefs.some((href) => href.includes(`/__federation_expose_${module}.`)));
  };
  await expect.poll(notPrefetched, { timeout: 15_000 }).toEqual([]);
  // No script is preloaded by the page's code (the server's preload hints are headers, for this page).
  expect((await added()).filter((link) => link.rel === 'preload' && link.as === 'script')).toEqual([]);
  // Chrome reports a preload this page did not use a few seconds after its load event.
  await page.waitForTimeout(4_000);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
  // The next page takes them: it draws, whole.
  await page.locator('a[href="/aboutus"]').first().click();
  await expect(h1(page)).toHaveText(h1Of('/aboutus'));
});

test.describe('forms that reach the user service', () => {
  const SHELL = 3120;

  /** Subscribes in the browser, and answers the link of the confirmation mail that arrives in the outbox. */
  async function subscribeAndReadLink(page: Page, address: string) {
    await open(page, `${site.origin}/`, h1Of('/'));
    await page.getByRole('textbox', { name: /Adresa de email/ }).fill(address);
    await page.getByRole('button', { name: 'Mă abonez' }).click();
    await expect(page.locator('#newsletter [role="status"]')).toHaveText(checkInbox(address));
    return linkIn(address, 'Confirmați abonarea la noutățile Vedere', '/newsletter-confirm');
  }
  /** The link to `path` in the mail of that subject sent to `address`, once it is in the outbox. */
  async function linkIn(address: string, subject: string, path: string) {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await mailTo(site.outboxDir, address)).find((m) => m.subject === subject);
        link = mail?.links.find((l) => l.startsWith(`${site.origin}${path}?token=`));
        return link;
      })
      .toBeDefined();
    return link!;
  }
  const subscription = async (address: string) =>
    (await site.db.query<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email = $1', [address])).rows[0]?.status ?? 'none';

  let site: Awaited<ReturnType<typeof startShellWithOwnService>>;
  test.beforeAll(async () => {
    site = await startShellWithOwnService({ shellPort: SHELL, servicePort: 3190 });
  });
  test.afterAll(async () => site.close());

  test('the newsletter asks for a subscription (stored once, even twice, pending) and says to check the inbox', async ({ page }) => {
    await page.goto(`${site.origin}/`);
    const email = page.getByRole('textbox', { name: /Adresa de email/ });
    await email.fill('nu-e-o-adresa');
    await page.getByRole('button', { name: 'Mă abonez' }).click();
    await expect(email).toHaveAccessibleDescription(/Introduceți o adresă de email validă/);

    for (let time = 0; time < 2; time += 1) {
      await email.fill('Ana.Pop@Exemplu.ro');
      await page.getByRole('button', { name: 'Mă abonez' }).click();
      await expect(page.locator('#newsletter [role="status"]')).toHaveText(checkInbox('Ana.Pop@Exemplu.ro'));
      await expect(email).toHaveValue('');
    }
    const { rows } = await site.db.query<{ email: string; status: string }>("SELECT email, status FROM newsletter_subscriptions WHERE email LIKE 'ana.pop%'");
    expect(rows).toEqual([{ email: 'ana.pop@exemplu.ro', status: 'pending' }]);
  });

  test("the confirmation mail's link confirms the subscription, and the unsubscribe link of the next mail ends it (announced, focus on the h1, axe)", async ({ page }) => {
    const address = 'maria@exemplu.ro';
    const confirm = await subscribeAndReadLink(page, address);
    expect(await subscription(address)).toBe('pending');

    await setStoredPreferences(page, { theme: 'dark' });
    await page.goto(confirm);
    await expect(h1(page)).toHaveText('Confirmarea abonării');
    await expect(h1(page)).toBeFocused();
    await expect(page).toHaveTitle('Confirmarea abonării · Vedere');
    await expect(page.getByRole('status').filter({ hasText: 'Abonarea' })).toHaveText(
      'Abonarea este confirmată. Veți primi noutățile noastre, cel mult un mesaj pe lună. Fiecare mesaj are la final un link de dezabonare.',
    );
    expect(await subscription(address)).toBe('confirmed');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page);

    const unsubscribe = await linkIn(address, 'Abonarea la noutățile Vedere este confirmată', '/newsletter-unsubscribe');
    await setStoredPreferences(page, { theme: 'light' });
    await page.goto(unsubscribe);
    await expect(h1(page)).toHaveText('Dezabonare de la noutăți');
    await expect(h1(page)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'dezabonat' })).toHaveText(
      'V-ați dezabonat. Nu veți mai primi noutățile noastre, iar adresa dumneavoastră a fost ștearsă.',
    );
    expect(await subscription(address)).toBe('none');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectNoAxeViolations(page);
  });

  for (const [locale, theme, words, form] of [
    ['ro', 'dark', 'Linkul nu este valid. Deschideți-l direct din mesaj sau copiați-l întreg în bara de adrese.', 'Abonați-vă la noutăți'],
    ['en', 'light', 'This link is not valid. Open it straight from the email, or copy all of it into the address bar.', 'Subscribe to our news'],
  ] as const) {
    test(`a link that was tampered with says so at once and leads to the form (${locale}, ${theme} theme, axe)`, async ({ page }) => {
      const confirm = await subscribeAndReadLink(page, `tampered.${locale}@exemplu.ro`);
      await setStoredPreferences(page, { locale, theme });
      await page.goto(`${confirm.slice(0, -4)}AAAA`);
      await expect(h1(page)).toBeFocused();
      await expect(page.getByRole('alert').filter({ hasText: words })).toHaveText(words);
      await expect(page.locator('main').getByRole('status')).toHaveText('');
      expect(await subscription(`tampered.${locale}@exemplu.ro`)).toBe('pending');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: form }).click();
      await expect(page).toHaveURL(`${site.origin}/#newsletter`);
      await expect(page.locator('#newsletter')).toBeFocused();
    });
  }

  test('when the service does not answer, the page says so and its retry, keeping the focus, confirms once it is back (axe)', async ({ page }) => {
    const address = 'ion@exemplu.ro';
    const confirm = await subscribeAndReadLink(page, address);
    await site.stopService();
    try {
      await page.goto(confirm);
      await expect(h1(page)).toHaveText('Confirmarea abonării');
      await expect(page.getByRole('alert').filter({ hasText: 'Serviciul' })).toHaveText('Serviciul nu răspunde acum. Încercați din nou peste câteva momente.');
      await expectNoAxeViolations(page);
    } finally {
      await site.startService();
    }
    const retry = page.getByRole('button', { name: 'Încercați din nou' });
    await retry.focus();
    await page.keyboard.press('Enter');
    const outcome = page.getByRole('status').filter({ hasText: 'Abonarea este confirmată' });
    await expect(outcome).toBeFocused();
    await expect(retry).toHaveCount(0);
    expect(await subscription(address)).toBe('confirmed');
  });

  test('the newsletter says what to correct each time Enter is pressed, with the focus kept in its field', async ({ page }) => {
    await open(page, `${site.origin}/`, h1Of('/'));
    const email = page.getByRole('textbox', { name: /Adresa de email/ });
    const said = page.locator('#newsletter [role="alert"]').filter({ hasText: 'Eroare:' });
    await email.focus();
    await page.keyboard.press('Enter');
    await expect(said).toHaveText('Eroare: Completați câmpul „Adresa de email”.');
    await expect(email).toBeFocused();
    // The same words again: the live region's text changes, so it is said again.
    const first = await said.textContent();
    await page.keyboard.press('Enter');
    await expect.poll(() => said.textContent()).not.toBe(first);
    await expect(said).toHaveText(/^Eroare: Completați câmpul „Adresa de email”\.\s?$/);
    await email.fill('ana@exemplu');
    await page.keyboard.press('Enter');
    await expect(said).toHaveText('Eroare: Introduceți o adresă de email validă, de forma nume@exemplu.ro.');
    // Typing changes the message beside the field, not what was said.
    await email.fill('ana@exemplu.r');
    await expect(said).toHaveText('Eroare: Introduceți o adresă de email validă, de forma nume@exemplu.ro.');
  });

  test('while a form is sent its button keeps the focus and the wait is announced', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**:3190/newsletter', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, `${site.origin}/`, h1Of('/'));
    await page.getByRole('textbox', { name: /Adresa de email/ }).fill('radu@exemplu.ro');
    await page.getByRole('button', { name: 'Mă abonez' }).click();
    const sending = page.getByRole('button', { name: 'Se trimite…' });
    await expect(sending).toBeFocused();
    await expect(sending).toHaveAttribute('aria-disabled', 'true');
    await expect(page.locator('#newsletter [role="status"]')).toHaveText('Se trimite…');
    // Pressed again while sending: nothing more is sent.
    await page.keyboard.press('Enter');
    release();
    await expect(page.locator('#newsletter [role="status"]')).toHaveText(checkInbox('radu@exemplu.ro'));
    await expect(page.getByRole('button', { name: 'Mă abonez' })).toBeFocused();
    const { rows } = await site.db.query<{ n: number }>("SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE email = 'radu@exemplu.ro'");
    expect(rows).toEqual([{ n: 1 }]);
  });

  test('the contact form shows its errors, then stores the message and clears itself', async ({ page }) => {
    await page.goto(`${site.origin}/contact`);
    await expect(h1(page)).toHaveText('Contact');
    await expect(page.getByRole('link', { name: '021 555 0199' })).toHaveAttribute('href', 'tel:0215550199');
    await expect(page.getByRole('link', { name: 'contact@vedere.app' })).toHaveAttribute('href', 'mailto:contact@vedere.app');

    await page.getByLabel(/^Prenume/).fill('Ana');
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    const summary = page.getByRole('group', { name: 'Verificați formularul' });
    await expect(summary).toBeFocused();
    await summary.getByRole('link', { name: 'Completați câmpul „Nume”.' }).click();
    await expect(page.getByLabel(/^Nume/)).toBeFocused();

    await page.getByLabel(/^Nume/).fill('Pop');
    await page.getByLabel(/^Adresa de email/).fill('ana@exemplu.ro');
    await page.getByLabel(/^Subiect/).fill('Demonstrație');
    await page.getByLabel(/^Mesaj/).fill('Aș dori o demonstrație a aplicației.');
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Mesajul a fost trimis' })).toBeVisible();
    await expect(page.getByLabel(/^Mesaj/)).toHaveValue('');

    const { rows } = await site.db.query('SELECT firstname, lastname, email, subject, message FROM contact_messages');
    expect(rows).toEqual([{ firstname: 'Ana', lastname: 'Pop', email: 'ana@exemplu.ro', subject: 'Demonstrație', message: 'Aș dori o demonstrație a aplicației.' }]);
  });

  test('when the service is down, the contact form says so and keeps what was typed', async ({ page }) => {
    await page.route('**:3190/contact', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.origin}/contact`);
    for (const [label, value] of [
      [/^Prenume/, 'Ana'],
      [/^Nume/, 'Pop'],
      [/^Adresa de email/, 'ana@exemplu.ro'],
      [/^Subiect/, 'Întrebare'],
      [/^Mesaj/, 'Un mesaj lung'],
    ] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'Trimiteți mesajul' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'serviciul nu răspunde' })).toBeVisible();
    await expect(page.getByLabel(/^Mesaj/)).toHaveValue('Un mesaj lung');
  });
});

test.describe('at 320 CSS px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const route of routes.filter((r) => prerenderedPaths('mfe_marketing').includes(r.path))) {
    test(`${route.path} reflows without horizontal scrolling`, async ({ page }) => {
      await open(page, route.path, route.h1);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    });
  }
});
