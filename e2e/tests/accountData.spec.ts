import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { createAccount, linkDevice, loginCookie, PASSWORD, signInThroughWidget, uniqueEmail } from '../auth';
import { expectNoAxeViolations, h1, setStoredPreferences } from '../support';

// The user's rights under the GDPR, in the account tab: a copy of their data, and deleting the account.

const { ports } = runtimeConfig;
const emulator = `http://127.0.0.1:${ports.auth_emulator}`;
const service = `http://127.0.0.1:${ports.service_user}`;
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

// Each journey signs in, starts a trial through the local checkout and links a phone before its own
// steps: on a busy two-core machine that alone can take most of the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Firebase says the address is the user's (as the link in a verification email would). */
async function verifyEmail(uid: string) {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The Auth emulator's answer to a password sign-in: the ID token, or Firebase's error code. */
async function passwordSignIn(email: string): Promise<{ idToken?: string; error?: string }> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  return { idToken: body.idToken, error: body.error?.message };
}

const callService = (path: string, token: string) =>
  fetch(`${service}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });

/** Signs in, starts the free trial on the local plans, and links a phone: a user with everything to lose. */
async function userWithTrialAndPhone(page: Page, email: string, { verified = false } = {}) {
  const account = await createAccount(email);
  if (verified) await verifyEmail(account.uid);
  await signInThroughWidget(page, email);
  await expect(page).toHaveURL(/\/account-pricing$/);
  await page.getByRole('button', { name: /Începeți perioada de probă|Start the free trial/ }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  const deviceId = `pixel-${Date.now()}`;
  await linkDevice(account.idToken, { deviceId, deviceName: 'Pixel 8' });
  await page.goto('/account');
  await expect(h1(page)).toHaveText(/^(Bine ați venit|Welcome), /);
  return { email, deviceId, ...account };
}

test('the account tab downloads everything the service holds about the user as a JSON file', async ({ page }) => {
  const email = uniqueEmail('datele-mele');
  // A message sent from the contact form with the address (verified below as the user's).
  const sent = await fetch(`${service}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstname: 'Ana', lastname: 'Pop', email, subject: 'Întrebare', message: 'Merge aplicația pe telefonul meu?' }),
  });
  expect(sent.status).toBe(201);
  const { uid, deviceId } = await userWithTrialAndPhone(page, email, { verified: true });

  const account = panel(page, 'Cont');
  await expect(account.getByRole('heading', { level: 2, name: 'Datele dumneavoastră' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await account.getByRole('button', { name: 'Descărcați datele mele' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vedere-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(account.getByRole('status').filter({ hasText: `Datele dumneavoastră au fost descărcate, în fișierul ${download.suggestedFilename()}.` })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Descărcați datele mele' })).toBeFocused();

  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account).toMatchObject({ uid, email });
  expect(data.subscriptions).toEqual([expect.objectContaining({ status: 'trialing', productName: 'Free Trial', plan: 'trial' })]);
  expect(data.stripeCustomers).toHaveLength(1);
  expect(data.device).toMatchObject({ deviceId, deviceName: 'Pixel 8' });
  expect(data.emailVerified).toBe(true);
  expect(data.contactMessages).toEqual([expect.objectContaining({ email, message: 'Merge aplicația pe telefonul meu?' })]);
});

test("the deletion's confirmation in English and the light theme: what is lost, axe, and Cancel", async ({ page }) => {
  await setStoredPreferences(page, { theme: 'light', locale: 'en' });
  await userWithTrialAndPhone(page, uniqueEmail('confirmare'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const account = panel(page, 'Account');
  await account.getByRole('button', { name: 'Delete my account' }).click();
  const question = page.getByRole('heading', { level: 3, name: 'Are you sure you want to delete your account?' });
  await expect(question).toBeFocused();
  const confirmation = page.getByRole('group', { name: 'Are you sure you want to delete your account?' });
  await expect(confirmation.getByRole('listitem')).toHaveText([
    'your free trial ends now, and the 14 days left of it are lost',
    'the phone “Pixel 8” is unlinked, and the app on it no longer recognises you',
    /^you can no longer sign in as /,
    /^everything we keep about you is erased/,
  ]);
  await expect(confirmation.getByRole('button', { name: 'Yes, delete my account' })).toBeVisible();
  await expectNoAxeViolations(page);

  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(account.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await expect(confirmation).toHaveCount(0);
});

test('deleting an account with a subscription: confirmed, announced, signed out to /login, and gone', async ({ page }) => {
  const { email, idToken } = await userWithTrialAndPhone(page, uniqueEmail('sterge'));
  const account = panel(page, 'Cont');
  await account.getByRole('button', { name: 'Ștergeți contul meu' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Sigur doriți să vă ștergeți contul?' })).toBeFocused();
  const confirmation = page.getByRole('group', { name: 'Sigur doriți să vă ștergeți contul?' });
  await expect(confirmation.getByRole('listitem').first()).toHaveText('perioada de probă gratuită se încheie acum, iar cele 14 zile rămase se pierd');
  await expectNoAxeViolations(page, { only: ['[role="tabpanel"]'] });

  // While the service works, the pressed button keeps the focus and the wait is said.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/delete-account', async (route) => {
    await held;
    await route.continue();
  });
  await confirmation.getByRole('button', { name: 'Da, ștergeți contul meu' }).click();
  const working = confirmation.getByRole('button', { name: 'Se șterge contul…' });
  await expect(working).toBeFocused();
  await expect(working).toHaveAttribute('aria-disabled', 'true');
  await expect(confirmation.getByRole('status').filter({ hasText: 'Se șterge contul…' })).toHaveCount(1);
  release();

  await expect(page).toHaveURL(/\/login$/);
  expect(await loginCookie(page)).toBeUndefined();
  // /login says why, in a status message under its heading, which keeps the focus.
  await expect(page.locator('main h1 + [role="status"]')).toHaveText('Contul dumneavoastră a fost șters, împreună cu datele păstrate despre el.');
  await expect(h1(page)).toBeFocused();

  // The sign-in is gone; the old token can no longer bring anything back.
  expect((await passwordSignIn(email)).error).toBe('EMAIL_NOT_FOUND');
  expect((await callService('/register-user', idToken)).status).toBe(410);
  const leftover = await (await callService('/export-account-data', idToken)).json();
  expect(leftover).toMatchObject({ account: null, subscriptions: [], device: null, stripeCustomers: [] });

  // Signing up again with the same address is a new, empty account.
  const fresh = await createAccount(email);
  expect((await callService('/register-user', fresh.idToken)).status).toBe(200);
  expect(await (await callService('/get-user-info', fresh.idToken)).json()).toEqual({ trialActivated: false, subscriptionActive: false });
  expect(await (await callService('/get-device-info', fresh.idToken)).json()).toEqual({ deviceId: null, deviceName: null });
});
