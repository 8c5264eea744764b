import Stripe from 'stripe';
import type { Database } from './db/database';
import type { DeletionResumer } from './deletion/resumeDeletions';
import { ACCOUNT_DELETION_RATE_LIMIT } from './routes/accountData';
import { createFirebaseUserDeleter, IdentityToolkitError, RecentSignInRequiredError, type FirebaseUserDeleter } from './identity/firebaseAccounts';
import { createTokenVerifier } from './identity/verifyIdToken';
import { createService } from './service';
import { startFakeIdentityToolkit, type FakeIdentityToolkit } from './testing/fakeIdentityToolkit';
import {
  backends,
  call,
  checkoutObject,
  freshDatabase,
  hasSettled,
  PROJECT_ID,
  request,
  signedWebhook,
  startService,
  stripeEvent,
  subscriptionObject,
  testConfig,
  tokenFactory,
  type TestApp,
  type Tokens,
} from './testing/harness';

const now = () => Math.floor(Date.now() / 1000);

// Every table that holds something of a user, and how to find that user's rows in it.
const USER_ROWS: Record<string, [where: string, by: 'uid' | 'email']> = {
  users: ['uid = $1', 'uid'],
  stripe_customers: ['uid = $1', 'uid'],
  subscriptions: ['uid = $1', 'uid'],
  pending_checkouts: ['uid = $1', 'uid'],
  devices: ['uid = $1', 'uid'],
  contact_messages: ['lower(email) = lower($1)', 'email'],
  newsletter_subscriptions: ['email = lower($1)', 'email'],
  // Mail waiting in the outbox to the user (a confirmation) or about them (a forwarded message).
  mail_outbox: ["lower(mail->>'to') = lower($1) OR lower(mail->'replyTo'->>'address') = lower($1)", 'email'],
};

async function rowsOf(db: Database, uid: string, email: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, [where, by]] of Object.entries(USER_ROWS)) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [by === 'uid' ? uid : email]);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

describe.each(backends)("the account's data (export, deletion) on %s", (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  let deletions: DeletionResumer;
  const deleteFirebaseUser = jest.fn<ReturnType<FirebaseUserDeleter>, Parameters<FirebaseUserDeleter>>();

  beforeAll(async () => {
    tokens = await tokenFactory();
    ({ app, db, deletions } = await startService(backend, tokens, {}, { deleteFirebaseUser }));
  });
  afterAll(() => db.close());
  beforeEach(() => {
    deleteFirebaseUser.mockReset();
    deleteFirebaseUser.mockResolvedValue(undefined);
  });

  /** A user with everything the service can hold: trial subscription, phone, contact message, newsletter. */
  async function fullUser(name: string, { verified = true } = {}) {
    const uid = `${name}-uid`;
    const email = `${name}@example.com`;
    const token = await tokens.sign(uid, email, { email_verified: verified });
    expect((await call(app, '/register-user', { token })).status).toBe(200);
    expect((await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } })).status).toBe(200);
    expect((await call(app, '/link-device', { token, body: { deviceId: `phone-${name}`, deviceName: `Telefonul lui ${name}` } })).status).toBe(200);
    const contact = { firstname: name, lastname: 'Pop', email: email.toUpperCase(), subject: 'Întrebare', message: `Mesajul lui ${name}` };
    expect((await call(app, '/contact', { body: contact })).status).toBe(201);
    expect((await call(app, '/newsletter', { body: { email } })).status).toBe(202);
    return { uid, email, token };
  }

  describe('POST /export-account-data', () => {
    it('answers everything the service holds about the signed-in user, as a JSON file to save', async () => {
      const ana = await fullUser('ana');
      await fullUser('bogdan');
      const response = await call(app, '/export-account-data', { token: ana.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="vedere-account-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Content-Disposition');
      const data = await response.json();
      expect(data.account).toMatchObject({ uid: 'ana-uid', email: 'ana@example.com' });
      expect(data.stripeCustomers).toHaveLength(1);
      expect(data.subscriptions).toEqual([expect.objectContaining({ status: 'trialing', productName: 'Free Trial', customerId: data.stripeCustomers[0].customerId })]);
      expect(data.device).toMatchObject({ deviceId: 'phone-ana', deviceName: 'Telefonul lui ana' });
      expect(data.emailVerified).toBe(true);
      expect(data.contactMessages).toEqual([expect.objectContaining({ firstname: 'ana', message: 'Mesajul lui ana', subject: 'Întrebare' })]);
      expect(data.newsletterSubscription).toMatchObject({ email: 'ana@example.com' });
      // Nothing of the other user.
      expect(JSON.stringify(data)).not.toMatch(/bogdan/);
    });

    it('does not show rows kept under an email address the user has not verified as theirs', async () => {
      await fullUser('carmen');
      // Someone else signs up with Carmen's address, unverified.
      const impostor = await tokens.sign('impostor-uid', 'carmen@example.com', { email_verified: false });
      const data = await (await call(app, '/export-account-data', { token: impostor })).json();
      expect(data).toMatchObject({ account: null, emailVerified: false, contactMessages: [], newsletterSubscription: null, device: null, subscriptions: [] });
    });

    it('answers 401 without a valid token', async () => {
      expect((await call(app, '/export-account-data')).status).toBe(401);
      const forged = await tokens.sign('ana-uid', 'ana@example.com', {}, await tokens.otherKey());
      expect((await call(app, '/export-account-data', { token: forged })).status).toBe(401);
    });
  });

  describe('POST /delete-account', () => {
    it('cancels the subscription through the signed webhook, then removes every row of the user and only theirs, and deletes the Firebase user', async () => {
      const dan = await fullUser('dan');
      const elena = await fullUser('elena');
      const before = await rowsOf(db, elena.uid, elena.email);

      const response = await call(app, '/delete-account', { token: dan.token, body: { confirm: true } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deleted: true, subscriptionsCancelled: 1 });
      expect(deleteFirebaseUser).toHaveBeenCalledWith(dan.token);

      // The cancellation went through the webhook, as Stripe's would.
      const { rows: events } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM stripe_events WHERE type = 'customer.subscription.deleted'");
      expect(events[0]!.n).toBeGreaterThanOrEqual(1);
      expect(await rowsOf(db, dan.uid, dan.email)).toEqual({
        users: 0,
        stripe_customers: 0,
        subscriptions: 0,
        pending_checkouts: 0,
        devices: 0,
        contact_messages: 0,
        newsletter_subscriptions: 0,
        mail_outbox: 0,
      });
      expect(await rowsOf(db, elena.uid, elena.email)).toEqual(before);
      expect(await (await call(app, '/get-subscription-info', { token: elena.token })).json()).toMatchObject({ isActive: true });
    });

    it("does not let the deleted account's tokens, nor a late Stripe event, bring its data back", async () => {
      const flavia = await fullUser('flavia');
      const { rows: customer } = await db.query<{ customer_id: string }>('SELECT customer_id FROM stripe_customers WHERE uid = $1', [flavia.uid]);
      expect((await call(app, '/delete-account', { token: flavia.token, body: { confirm: true } })).status).toBe(200);

      const again = await call(app, '/register-user', { token: flavia.token });
      expect(again.status).toBe(410);
      expect((await again.json()).error.code).toBe('account_deleted');
      expect((await call(app, '/link-device', { token: flavia.token, body: { deviceId: 'phone-flavia', deviceName: 'x' } })).status).toBe(410);
      expect((await call(app, '/local-billing/checkout', { token: flavia.token, body: { plan: 'full' } })).status).toBe(410);
      // Stripe's events for the deleted customer arrive late: recorded as seen, nothing stored.
      const late = await signedWebhook(app, stripeEvent('customer.subscription.updated', subscriptionObject('sub_late', customer[0]!.customer_id, 'active')));
      expect(await late.json()).toEqual({ received: true, outcome: 'ignored_erased' });
      const checkout = await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject(flavia.uid, 'cus_other', flavia.email)));
      expect(await checkout.json()).toEqual({ received: true, outcome: 'ignored_erased' });
      expect(await rowsOf(db, flavia.uid, flavia.email)).toMatchObject({ users: 0, subscriptions: 0, pending_checkouts: 0, devices: 0 });
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions WHERE customer_id = $1 OR subscription_id = $2', [
        customer[0]!.customer_id,
        'sub_late',
      ]);
      expect(rows[0]!.n).toBe(0);
      // The same person signing up again is a new Firebase user (a new uid): a fresh, empty account.
      const fresh = await tokens.sign('flavia-new-uid', flavia.email, { email_verified: true });
      expect((await call(app, '/register-user', { token: fresh })).status).toBe(200);
      expect(await (await call(app, '/get-user-info', { token: fresh })).json()).toEqual({ trialActivated: false, subscriptionActive: false });
    });

    it('leaves everything in place when Firebase refuses, and a retry finishes the job', async () => {
      const gabi = await fullUser('gabi');
      deleteFirebaseUser.mockRejectedValueOnce(new IdentityToolkitError('Identity Toolkit answered 500'));
      const failed = await call(app, '/delete-account', { token: gabi.token, body: { confirm: true } });
      expect(failed.status).toBe(503);
      // The subscription is cancelled (the first step), and the user is told so; no row went.
      expect((await failed.json()).error.code).toBe('deletion_interrupted');
      expect(await rowsOf(db, gabi.uid, gabi.email)).toEqual({
        users: 1,
        stripe_customers: 1,
        subscriptions: 1,
        pending_checkouts: 0,
        devices: 1,
        contact_messages: 1,
        newsletter_subscriptions: 1,
        mail_outbox: 2,
      });
      expect(await (await call(app, '/get-subscription-info', { token: gabi.token })).json()).toMatchObject({ isActive: false });
      expect((await call(app, '/get-device-info', { token: gabi.token })).status).toBe(200);

      const retried = await call(app, '/delete-account', { token: gabi.token, body: { confirm: true } });
      expect(retried.status).toBe(200);
      expect(await retried.json()).toEqual({ deleted: true, subscriptionsCancelled: 0 });
      expect(Object.values(await rowsOf(db, gabi.uid, gabi.email)).every((n) => n === 0)).toBe(true);
    });

    it('erases all the rows or none: a database failure after the sign-in went keeps them all, and a retry finishes without asking Firebase again', async () => {
      const horia = await fullUser('horia');
      // The statement that removes the user's row fails after the others ran, in the same transaction.
      await db.exec(`CREATE FUNCTION refuse_user_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_user_delete();`);
      try {
        const failed = await call(app, '/delete-account', { token: horia.token, body: { confirm: true } });
        expect(failed.status).toBe(503);
        expect((await failed.json()).error.code).toBe('deletion_interrupted');
      } finally {
        await db.exec('DROP TRIGGER refuse_user_delete ON users; DROP FUNCTION refuse_user_delete();');
      }
      expect(deleteFirebaseUser).toHaveBeenCalledTimes(1);
      expect(await rowsOf(db, horia.uid, horia.email)).toMatchObject({ users: 1, stripe_customers: 1, subscriptions: 1, devices: 1, contact_messages: 1 });
      const { rows } = await db.query('SELECT count(*)::int AS n FROM erased_accounts');
      const erasedBefore = rows[0];

      expect((await call(app, '/delete-account', { token: horia.token, body: { confirm: true } })).status).toBe(200);
      expect(deleteFirebaseUser).toHaveBeenCalledTimes(1);
      expect(Object.values(await rowsOf(db, horia.uid, horia.email)).every((n) => n === 0)).toBe(true);
      const { rows: after } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM erased_accounts');
      expect(after[0]!.n).toBe((erasedBefore as { n: number }).n + 1);
    });

    it('finishes on its own a deletion that stopped after the sign-in went, even once the token is too old to sign in again', async () => {
      const ilie = await fullUser('ilie');
      await db.exec(`CREATE FUNCTION refuse_device_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_device_delete BEFORE DELETE ON devices FOR EACH ROW EXECUTE FUNCTION refuse_device_delete();`);
      try {
        expect((await call(app, '/delete-account', { token: ilie.token, body: { confirm: true } })).status).toBe(503);
      } finally {
        await db.exec('DROP TRIGGER refuse_device_delete ON devices; DROP FUNCTION refuse_device_delete();');
      }
      expect(await rowsOf(db, ilie.uid, ilie.email)).toMatchObject({ users: 1, devices: 1, contact_messages: 1 });

      // A replica's round finishes it: nobody's token is needed once Firebase has deleted the user.
      expect(await deletions.resume()).toBe(1);
      expect(Object.values(await rowsOf(db, ilie.uid, ilie.email)).every((n) => n === 0)).toBe(true);
      expect(await deletions.resume()).toBe(0);
      // The user's old token, past the recent sign-in Firebase wants, hears that it is done.
      const old = await tokens.sign(ilie.uid, ilie.email, { email_verified: true, auth_time: now() - 600 });
      expect(await (await call(app, '/delete-account', { token: old, body: { confirm: true } })).json()).toEqual({ deleted: true, subscriptionsCancelled: 0 });
      expect(deleteFirebaseUser).toHaveBeenCalledTimes(1);
    });

    it('asks for nothing again once the account is deleted, and limits how often a user may ask', async () => {
      const julia = await fullUser('julia');
      const statuses: number[] = [];
      for (let i = 0; i < ACCOUNT_DELETION_RATE_LIMIT.limit + 1; i += 1) {
        statuses.push((await call(app, '/delete-account', { token: julia.token, body: { confirm: true } })).status);
      }
      expect(statuses).toEqual([...Array<number>(ACCOUNT_DELETION_RATE_LIMIT.limit).fill(200), 429]);
      expect(deleteFirebaseUser).toHaveBeenCalledTimes(1);
      // The limit is the user's own: another user deletes their account.
      const kamil = await fullUser('kamil');
      expect((await call(app, '/delete-account', { token: kamil.token, body: { confirm: true } })).status).toBe(200);
    });

    it('asks for a recent sign-in first (as Firebase does) and deletes nothing until then', async () => {
      const ioana = await fullUser('ioana');
      const old = await tokens.sign(ioana.uid, ioana.email, { email_verified: true, auth_time: now() - 600 });
      const refused = await call(app, '/delete-account', { token: old, body: { confirm: true } });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error.code).toBe('reauthentication_required');
      expect(deleteFirebaseUser).not.toHaveBeenCalled();
      expect(await (await call(app, '/get-subscription-info', { token: old })).json()).toMatchObject({ isActive: true });

      // Firebase may still find the sign-in too old: the rows stay, and the user is asked again.
      deleteFirebaseUser.mockRejectedValueOnce(new RecentSignInRequiredError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN'));
      const tooOld = await call(app, '/delete-account', { token: ioana.token, body: { confirm: true } });
      expect(tooOld.status).toBe(401);
      expect((await tooOld.json()).error.code).toBe('reauthentication_required');
      expect(await rowsOf(db, ioana.uid, ioana.email)).toMatchObject({ users: 1, devices: 1 });
    });

    it('refuses a request without the confirmation, or not JSON, with 4xx and deletes nothing', async () => {
      const jan = await fullUser('jan');
      for (const body of [{}, { confirm: 'yes' }, { confirm: false }]) {
        const response = await call(app, '/delete-account', { token: jan.token, body });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe('invalid_body');
      }
      expect((await call(app, '/delete-account', { token: jan.token, body: 'confirm=true', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
      expect((await call(app, '/delete-account', { token: jan.token, body: '{"confirm": tru' })).status).toBe(400);
      expect((await call(app, '/delete-account', { body: { confirm: true } })).status).toBe(401);
      expect(deleteFirebaseUser).not.toHaveBeenCalled();
      expect(await rowsOf(db, jan.uid, jan.email)).toMatchObject({ users: 1, subscriptions: 1, devices: 1 });
    });
  });
});

// On a pool of one connection (PGlite has one): a deletion holding it while Identity Toolkit answers would stop every other call.
describe.each(backends)('a deletion waits for Identity Toolkit holding nothing, on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  let identityToolkit: FakeIdentityToolkit;

  beforeAll(async () => {
    tokens = await tokenFactory();
    identityToolkit = await startFakeIdentityToolkit({ kind: 'hangs' });
    db = await freshDatabase(backend, { maxConnections: 1 });
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
    const deleteFirebaseUser = createFirebaseUserDeleter({ firebaseApiKey: 'test-key', authEmulatorHost: identityToolkit.host });
    ({ app } = await createService(testConfig(), { db, verifyToken, deleteFirebaseUser }));
  });
  afterAll(async () => {
    await identityToolkit.close();
    await db.close();
  });

  async function subscriber(name: string) {
    const token = await tokens.sign(`${name}-uid`, `${name}@example.com`, { email_verified: true });
    expect((await call(app, '/register-user', { token })).status).toBe(200);
    expect((await call(app, '/local-billing/checkout', { token, body: { plan: 'trial' } })).status).toBe(200);
    return token;
  }

  it("serves other users, readiness, and the same user's repeat (with the deletion's step) while Identity Toolkit hangs", async () => {
    const leon = await subscriber('leon');
    const mira = await subscriber('mira');
    const called = identityToolkit.nextCall();
    const deletion = call(app, '/delete-account', { token: leon, body: { confirm: true } });
    await called;

    // Answered while the deletion still waits (not once it has given up on Identity Toolkit).
    const other = await call(app, '/get-user-info', { token: mira });
    expect(await hasSettled(deletion)).toBe(false);
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ trialActivated: true, subscriptionActive: true });
    expect((await request(app, '/readyz')).status).toBe(200);
    const repeat = await call(app, '/delete-account', { token: leon, body: { confirm: true } });
    expect(repeat.status).toBe(409);
    expect((await repeat.json()).error).toEqual({ code: 'deletion_in_progress', message: expect.stringContaining('subscriptions are being cancelled and its sign-in deleted') });
    expect(identityToolkit.calls()).toBe(1);
    expect(await hasSettled(deletion)).toBe(false);

    identityToolkit.release();
    const done = await deletion;
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ deleted: true, subscriptionsCancelled: 1 });
    expect((await call(app, '/get-user-info', { token: leon })).status).toBe(200);
    expect((await call(app, '/register-user', { token: leon })).status).toBe(410);
  });

  it('lets a retry take over a deletion whose request stopped (its claim ran out), resuming where it stopped', async () => {
    const nora = await subscriber('nora');
    const callsBefore = identityToolkit.calls();
    const called = identityToolkit.nextCall();
    const stopped = call(app, '/delete-account', { token: nora, body: { confirm: true } });
    await called;
    // As if the replica running it had died: its claim runs out.
    await db.query("UPDATE account_deletions SET claimed_until = now() - interval '1 second' WHERE uid = 'nora-uid'");

    identityToolkit.setMode({ kind: 'answers' });
    const retried = await call(app, '/delete-account', { token: nora, body: { confirm: true } });
    expect(retried.status).toBe(200);
    // The subscription was cancelled by the first attempt: the retry went on from there.
    expect(await retried.json()).toEqual({ deleted: true, subscriptionsCancelled: 0 });
    expect(identityToolkit.calls()).toBe(callsBefore + 2);

    // The first request, answered at last, finds its claim gone and changes nothing.
    identityToolkit.release();
    expect((await (await stopped).json()).error.code).toBe('deletion_in_progress');
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE uid = 'nora-uid'");
    expect(rows[0]!.n).toBe(0);
    identityToolkit.setMode({ kind: 'hangs' });
  });
});

describe('with STRIPE_SECRET_KEY, deleting an account cancels the subscription at Stripe', () => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  // A real client for the signatures; its subscriptions API is a stub: this test never uses the network.
  const stripe = new Stripe('sk_test_stub_never_sent');
  const cancel = jest.spyOn(stripe.subscriptions, 'cancel');
  const retrieve = jest.spyOn(stripe.subscriptions, 'retrieve');
  const deleteFirebaseUser = jest.fn<ReturnType<FirebaseUserDeleter>, Parameters<FirebaseUserDeleter>>().mockResolvedValue(undefined);

  beforeAll(async () => {
    tokens = await tokenFactory();
    db = await freshDatabase('pglite');
    const verifyToken = createTokenVerifier({ projectId: PROJECT_ID, emulator: false, keys: tokens.keys });
    ({ app } = await createService(testConfig({ STRIPE_SECRET_KEY: 'sk_test_stub_never_sent' }), { db, verifyToken, stripe, deleteFirebaseUser }));
  });
  afterAll(() => db.close());
  beforeEach(() => {
    cancel.mockReset();
    retrieve.mockReset();
  });

  async function subscriber(uid: string) {
    const token = await tokens.sign(uid, `${uid}@example.com`);
    await call(app, '/register-user', { token });
    await signedWebhook(app, stripeEvent('checkout.session.completed', checkoutObject(uid, `cus_${uid}`, `${uid}@example.com`)));
    retrieve.mockResolvedValueOnce(subscriptionObject(`sub_${uid}`, `cus_${uid}`, 'active') as unknown as Stripe.Response<Stripe.Subscription>);
    await signedWebhook(app, stripeEvent('customer.subscription.created', subscriptionObject(`sub_${uid}`, `cus_${uid}`, 'active')));
    return token;
  }

  it('calls subscriptions.cancel, then deletes', async () => {
    const token = await subscriber('kira');
    cancel.mockResolvedValueOnce(subscriptionObject('sub_kira', 'cus_kira', 'canceled') as unknown as Stripe.Response<Stripe.Subscription>);
    const response = await call(app, '/delete-account', { token, body: { confirm: true } });
    expect(response.status).toBe(200);
    expect(cancel).toHaveBeenCalledWith('sub_kira', {}, expect.objectContaining({ timeout: expect.any(Number) }));
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM subscriptions WHERE subscription_id = 'sub_kira'");
    expect(rows[0]!.n).toBe(0);
  });

  it('deletes nothing when Stripe cannot cancel, and a retry over an already cancelled subscription completes', async () => {
    const token = await subscriber('liviu');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cancel.mockRejectedValueOnce(new Stripe.errors.StripeConnectionError({ message: 'connection refused' }));
    const failed = await call(app, '/delete-account', { token, body: { confirm: true } });
    logged.mockRestore();
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('billing_unavailable');
    expect(deleteFirebaseUser).not.toHaveBeenCalledWith(token);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE uid = 'liviu'");
    expect(rows[0]!.n).toBe(1);

    // Cancelled at Stripe meanwhile (say, the first attempt did reach it): Stripe refuses a second cancel.
    cancel.mockRejectedValueOnce(new Stripe.errors.StripeInvalidRequestError({ message: 'already canceled', type: 'invalid_request_error' }));
    retrieve.mockResolvedValueOnce(subscriptionObject('sub_liviu', 'cus_liviu', 'canceled') as unknown as Stripe.Response<Stripe.Subscription>);
    expect((await call(app, '/delete-account', { token, body: { confirm: true } })).status).toBe(200);
    expect(deleteFirebaseUser).toHaveBeenCalledWith(token);
  });
});

describe('deleting the Firebase user through Identity Toolkit', () => {
  const answer = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it("sends the user's own token to accounts:delete, at the emulator when it issues the tokens", async () => {
    const fetchImpl = answer(200, { kind: 'identitytoolkit#DeleteAccountResponse' });
    const remove = createFirebaseUserDeleter({ firebaseApiKey: 'key-1', authEmulatorHost: '127.0.0.1:9099' }, fetchImpl as unknown as typeof fetch)!;
    await remove('the-token');
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:delete?key=key-1',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ idToken: 'the-token' }) }),
    );
    const production = answer(200, {});
    await createFirebaseUserDeleter({ firebaseApiKey: 'key-2' }, production as unknown as typeof fetch)!('t');
    expect(production).toHaveBeenCalledWith('https://identitytoolkit.googleapis.com/v1/accounts:delete?key=key-2', expect.anything());
  });

  it('counts a user already gone as deleted, tells a stale sign-in from an outage, and needs a key', async () => {
    const config = { firebaseApiKey: 'k' };
    await expect(createFirebaseUserDeleter(config, answer(400, { error: { message: 'USER_NOT_FOUND' } }) as unknown as typeof fetch)!('t')).resolves.toBeUndefined();
    await expect(createFirebaseUserDeleter(config, answer(400, { error: { message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } }) as unknown as typeof fetch)!('t')).rejects.toBeInstanceOf(
      RecentSignInRequiredError,
    );
    await expect(createFirebaseUserDeleter(config, answer(500, { error: { message: 'INTERNAL' } }) as unknown as typeof fetch)!('t')).rejects.toBeInstanceOf(IdentityToolkitError);
    const offline = jest.fn(async () => Promise.reject(new TypeError('fetch failed')));
    await expect(createFirebaseUserDeleter(config, offline as unknown as typeof fetch)!('t')).rejects.toBeInstanceOf(IdentityToolkitError);
    expect(createFirebaseUserDeleter({})).toBeNull();
  });

  it('is off outside local mode until FIREBASE_API_KEY is set: nothing is deleted', async () => {
    const production = { NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_real', CORS_ORIGINS: 'https://site.example' };
    expect(testConfig(production).firebaseApiKey).toBeUndefined();
    expect(testConfig({ ...production, FIREBASE_API_KEY: 'AIza-real' }).firebaseApiKey).toBe('AIza-real');
    expect(testConfig().firebaseApiKey).toBe('demo-api-key');
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens, production, { deleteFirebaseUser: undefined });
    try {
      const token = await tokens.sign('mara-uid');
      await call(app, '/register-user', { token });
      const response = await call(app, '/delete-account', { token, body: { confirm: true } });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe('account_deletion_unavailable');
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE uid = 'mara-uid'");
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
