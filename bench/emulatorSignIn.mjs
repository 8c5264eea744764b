// A new user of the Auth emulator, signed in through the site's own /login page (the page's email
// step, then FirebaseUI's password step in its place), as a visitor would: the signed-in pages are
// then measured with the session that sign-in left in the browser profile. Used by run.mjs (one
// user, signed in on both of its sites) and layout-shifts.mjs.
import * as runtimeConfig from '@site/site-server/runtime-config';

const PASSWORD = 'parola-sigura-42';

/** A new user of the Auth emulator (email and password): its email. */
export async function createUser(emailPrefix) {
  const email = `${emailPrefix}.${Date.now()}@exemplu.ro`;
  const emulator = `http://127.0.0.1:${runtimeConfig.ports.auth_emulator}`;
  const created = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${runtimeConfig.browserConfig(process.env).firebase.apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: false }),
  });
  if (!created.ok) throw new Error(`the Auth emulator (${runtimeConfig.firebaseProjectId(process.env)}) did not create the user: ${created.status}`);
  return email;
}

/** Signs the user of `email` (made by createUser) in on `origin`/login in `page`; resolves once the page is on /pricing. */
export async function signIn(page, origin, email) {
  await page.goto(`${origin}/login`);
  // The page's own email step, then FirebaseUI's password step in its place.
  await page.getByRole('textbox', { name: /Adresa de email|Email address/ }).fill(email);
  await page.getByRole('button', { name: /Continuați|Continue/ }).click();
  await page.locator('input.firebaseui-id-password').fill(PASSWORD);
  await page.locator('button.firebaseui-id-submit').click();
  // Signed in, the user is sent to the account, and from there (no trial yet) to pricing.
  await page.waitForURL(/\/(account-)?pricing$/, { timeout: 60_000 });
}

/** Signs a new user in on `origin`/login in `page`; resolves once the page is on /pricing. */
export async function signInNewUser(page, origin, emailPrefix) {
  await signIn(page, origin, await createUser(emailPrefix));
}
