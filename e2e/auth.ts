// Helpers for the sign-in journeys: the Firebase Auth emulator's REST API, sign-in through the
// real widget, and signed Stripe events that activate a user's trial on the real service.
import { expect, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '@site/contract/local-mode';
import { LOCAL_FIREBASE } from '@site/contract/local-setup';
import { TRIAL_DAYS } from '@site/contract/plans';
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import * as runtimeConfig from '@site/site-server/runtime-config';

const { ports, firebaseProjectId } = runtimeConfig;
const projectId = firebaseProjectId(process.env);
const emulator = `http://127.0.0.1:${ports.auth_emulator}`;
const service = `http://127.0.0.1:${ports.service_user}`;
/** The service's local webhook secret: never valid in production. */
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET;

let counter = 0;
// Each worker is a process of its own: its id keeps two workers' first accounts of one label, made in
// the same millisecond, apart (the emulator refuses the second: the address is taken).
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${process.pid}.${(counter += 1)}@exemplu.ro`;
export const PASSWORD = 'parola-sigura-42';

/** An account created directly in the emulator (not signed in anywhere yet), with an ID token of it. */
export async function createAccount(email: string, password = PASSWORD): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${LOCAL_FIREBASE.apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  expect(response.ok).toBe(true);
  return { uid: body.localId, idToken: body.idToken };
}

/** Deletes an account in the emulator, as an administrator would. */
export async function deleteAccount(uid: string): Promise<void> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:delete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid }),
  });
  expect(response.ok).toBe(true);
}

/** Signs in through /login (of the site at `origin`): the sign-in form's email step, then the widget's password step in its place. */
export async function signInThroughWidget(page: Page, email: string, password = PASSWORD, origin = '') {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: /Adresa de email|Email address/ }).fill(email);
  await page.getByRole('button', { name: /Continuați|Continue/ }).click();
  const passwordField = page.locator('input.firebaseui-id-password');
  await expect(passwordField).toBeFocused();
  await passwordField.fill(password);
  await page.locator('button.firebaseui-id-submit').click();
}

const stripe = new Stripe('sk_test_e2e_webhooks_only');

async function sendEvent(type: string, object: Record<string, unknown>, to = service) {
  counter += 1;
  const event = {
    id: `evt_e2e_${Date.now()}_${counter}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: '2025-01-01',
    livemode: false,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const response = await fetch(`${to}/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    body: payload,
  });
  expect(response.status, await response.text()).toBe(200);
}

const subscription = (uid: string, status: string) => ({
  id: `sub_${uid}`,
  object: 'subscription',
  customer: `cus_${uid}`,
  status,
  trial_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400,
  items: {
    object: 'list',
    data: [{ id: `si_${uid}`, current_period_end: Math.floor(Date.now() / 1000) + TRIAL_DAYS * 86_400, price: { id: 'price_full', product: 'prod_full' } }],
  },
});

/**
 * The pricing table's checkout, as Stripe reports it: the user starts a trial subscription
 * (on the site's user service, or on the one at `to`).
 */
export async function startTrialSubscription(uid: string, email: string, to = service) {
  await sendEvent(
    'checkout.session.completed',
    {
      id: `cs_${uid}`,
      object: 'checkout.session',
      client_reference_id: uid,
      customer: `cus_${uid}`,
      customer_email: null,
      customer_details: { email },
      subscription: `sub_${uid}`,
    },
    to,
  );
  await sendEvent('customer.subscription.created', subscription(uid, 'trialing'), to);
}

/** Stripe ends the subscription startTrialSubscription began (a cancellation, or a trial not paid). */
export async function endSubscription(uid: string) {
  await sendEvent('customer.subscription.deleted', subscription(uid, 'canceled'));
}

/** The mobile app links a phone to the account (POST /link-device with the user's token). */
export async function linkDevice(idToken: string, device: { deviceId: string; deviceName: string }) {
  const response = await fetch(`${service}/link-device`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(device),
  });
  expect(response.status, await response.text()).toBe(200);
}

export const loginCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === LOGIN_COOKIE);
