import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInThroughWidget, uniqueEmail } from '../auth';
import { expectNoAxeViolations, h1, setStoredPreferences } from '../support';

// The local customer portal (no Stripe keys: the embedded default). Each change it makes is a
// signed Stripe event delivered to the service's own webhook; the pages show what that stored.

const words = {
  ro: {
    pricing: 'Alegeți abonamentul potrivit',
    startTrial: 'Începeți perioada de probă',
    tab: 'Abonament',
    portal: 'Administrați abonamentul',
    changePlan: /^Schimbați planul/,
    cancelLink: /^Anulați abonamentul/,
    switchToFull: 'Treceți la planul complet (60 lei / lună)',
    saving: 'Se salvează schimbarea…',
    switched: 'Planul dumneavoastră este acum: Plan complet.',
    cancel: 'Anulați abonamentul',
    question: 'Sigur doriți să anulați abonamentul?',
    confirm: 'Da, anulez abonamentul',
    cancelled: /^Abonamentul a fost anulat\. Rămâne activ până la (.+)\.$/,
    endsOn: 'Se încheie pe',
    resume: 'Reluați abonamentul',
    resumed: /^Abonamentul a fost reluat\. Se reînnoiește pe (.+)\.$/,
    back: 'Înapoi la abonament, în contul meu',
    tabEnds: (date: string) => `Anulat: abonamentul rămâne activ până la ${date}, apoi se încheie.`,
  },
  en: {
    pricing: 'Choose the right subscription',
    startTrial: 'Start the free trial',
    tab: 'Subscription',
    portal: 'Manage your subscription',
    changePlan: /^Change plan/,
    cancelLink: /^Cancel subscription/,
    switchToFull: 'Switch to the full plan (60 lei a month)',
    saving: 'Saving the change…',
    switched: 'Your plan is now: Full plan.',
    cancel: 'Cancel subscription',
    question: 'Are you sure you want to cancel your subscription?',
    confirm: 'Yes, cancel my subscription',
    cancelled: /^Your subscription is cancelled\. It stays active until (.+)\.$/,
    endsOn: 'Ends on',
    resume: 'Resume subscription',
    resumed: /^Your subscription is resumed\. It renews on (.+)\.$/,
    back: 'Back to my subscription, in my account',
    tabEnds: (date: string) => `Cancelled: your subscription stays active until ${date}, then ends.`,
  },
} as const;

/** A new user who starts the free trial through local billing, then opens the subscription tab. */
async function withLocalTrial(page: Page, w: (typeof words)['ro' | 'en'], label: string) {
  const email = uniqueEmail(label);
  await createAccount(email);
  await signInThroughWidget(page, email);
  await expect(h1(page)).toHaveText(w.pricing);
  await page.getByRole('button', { name: w.startTrial }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  return { email, tab: page.getByRole('tabpanel', { name: w.tab }) };
}

test('the local portal, from the subscription tab: switch plan, cancel (the tab says the end date), resume', async ({ page }) => {
  test.setTimeout(90_000);
  const w = words.ro;
  const { email, tab } = await withLocalTrial(page, w, 'portal');

  // The tab's portal links lead to the local portal, the email prefilled as for Stripe's.
  const changePlan = tab.getByRole('link', { name: w.changePlan });
  await expect(changePlan).toHaveAttribute('href', `/account-billing?prefilled_email=${encodeURIComponent(email)}`);
  await changePlan.click();
  await expect(h1(page)).toHaveText(w.portal);
  await expect(h1(page)).toBeFocused();
  await expect(page).toHaveTitle(`${w.portal} · Vedere`);
  await expect(page.getByRole('main')).toContainText('Perioadă de probă gratuită');
  await expectNoAxeViolations(page);

  // Switching plan: the wait is said while the busy button keeps the focus; the result is focused.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/local-billing/portal/update', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: w.switchToFull }).click();
  const busy = page.getByRole('button', { name: w.saving });
  await expect(busy).toBeFocused();
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('status').filter({ hasText: w.saving })).toHaveCount(1);
  release();
  const switched = page.getByRole('status').filter({ hasText: w.switched });
  await expect(switched).toBeFocused();
  await page.unroute('**/local-billing/portal/update');

  // Cancelling asks first, saying what happens.
  await page.getByRole('button', { name: w.cancel }).click();
  const question = page.getByRole('heading', { name: w.question });
  await expect(question).toBeFocused();
  await expect(page.getByRole('group', { name: w.question })).toContainText('rămâne activ până la');
  await expectNoAxeViolations(page, { only: ['[role="group"]'] });
  await page.getByRole('button', { name: w.confirm }).click();
  const cancelled = page.getByRole('status').filter({ hasText: w.cancelled });
  await expect(cancelled).toBeFocused();
  const endDate = w.cancelled.exec((await cancelled.textContent()) ?? '')![1]!;
  await expect(page.getByRole('main')).toContainText(`${w.endsOn}${endDate}`);
  await expectNoAxeViolations(page);

  // The tab shows what the webhook stored: still active, on the full plan, ending on that date.
  await page.getByRole('link', { name: w.back }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(tab).toContainText('Activ');
  await expect(tab).toContainText('Plan complet');
  await expect(tab).toContainText(w.tabEnds(endDate));
  await expectNoAxeViolations(page, { only: ['[role="tabpanel"]'] });

  // Resuming takes the end back.
  await tab.getByRole('link', { name: w.cancelLink }).click();
  await expect(h1(page)).toBeFocused();
  await page.getByRole('button', { name: w.resume }).click();
  const resumed = page.getByRole('status').filter({ hasText: w.resumed });
  await expect(resumed).toBeFocused();
  await page.getByRole('link', { name: w.back }).click();
  await expect(tab).toContainText('Activ');
  await expect(tab).not.toContainText('Anulat:');
});

for (const [locale, theme] of [
  ['en', 'light'],
  ['ro', 'light'],
  ['en', 'dark'],
] as const) {
  test(`the local portal and its cancel confirmation in ${locale}, ${theme} theme, have no axe violations`, async ({ page }) => {
    test.setTimeout(60_000);
    const w = words[locale];
    await setStoredPreferences(page, { theme, locale });
    const { tab } = await withLocalTrial(page, w, `portal-${locale}-${theme}`);
    await tab.getByRole('link', { name: w.changePlan }).click();
    await expect(h1(page)).toHaveText(w.portal);
    await expect(h1(page)).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('button', { name: w.switchToFull })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: w.cancel }).click();
    await expect(page.getByRole('heading', { name: w.question })).toBeFocused();
    await expectNoAxeViolations(page, { only: ['[role="group"]'] });
    await page.getByRole('button', { name: w.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: w.cancelled })).toBeFocused();
    await expect(page.getByRole('button', { name: w.resume })).toBeVisible();
    await expectNoAxeViolations(page, { only: ['main'] });
  });
}
