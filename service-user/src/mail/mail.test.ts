import { SignJWT } from 'jose';
import type { Database } from '../db/database';
import { backends, call, DEPLOYED_ENV, request, startService, testOutboxDir, tokenFactory, type TestApp, type Tokens } from '../testing/harness';
import { mailTo, readOutbox } from '../testing/outbox';
import type { MailDelivery } from './delivery';
import type { MailTransport, OutgoingMail } from './transport';

const SECRET = 'a-test-secret-for-newsletter-links-0123456789';
const contact = {
  firstname: 'Ana',
  lastname: 'Pop-Ionescu',
  email: 'ana.visitor@example.com',
  subject: 'Întrebare despre aplicație',
  message: 'Bună ziua,\nFuncționează cu TalkBack?',
};

/** The token of a link, as the page reads it from its address. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.each(backends)('mail through the outbox on %s', (backend) => {
  let tokens: Tokens;
  let app: TestApp;
  let db: Database;
  let mail: MailDelivery;
  let outbox: string;

  beforeAll(async () => {
    tokens = await tokenFactory();
    outbox = testOutboxDir();
    ({ app, db, mail } = await startService(backend, tokens, {
      MAIL_OUTBOX_DIR: outbox,
      CONTACT_INBOX: 'team@vedere.example',
      MAIL_FROM: 'Vedere <no-reply@vedere.example>',
      PUBLIC_SITE_URL: 'https://vedere.example/',
      MAIL_TOKEN_SECRET: SECRET,
    }));
  });
  afterAll(async () => {
    await mail.stop();
    await db.close();
  });

  /** Subscribes, sends what was queued, and answers the one confirmation mail of that address. */
  async function subscribe(address: string, locale?: 'ro' | 'en') {
    const response = await call(app, '/newsletter', { body: { email: address, ...(locale ? { locale } : {}) } });
    expect(response.status).toBe(202);
    await mail.drain();
    return response;
  }
  const follow = (path: '/newsletter/confirm' | '/newsletter/unsubscribe', link: string) => call(app, path, { body: { token: tokenOf(link) } });
  const status = async (address: string) =>
    (await db.query<{ status: string }>('SELECT status FROM newsletter_subscriptions WHERE email = $1', [address])).rows[0]?.status ?? 'none';

  describe('contact', () => {
    it('forwards a contact message to CONTACT_INBOX, a reply going to the visitor, and stores it', async () => {
      const response = await call(app, '/contact', { body: contact });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      await mail.drain();

      const [forwarded, ...more] = await mailTo(outbox, 'team@vedere.example');
      expect(more).toEqual([]);
      expect(forwarded!.from).toEqual(['no-reply@vedere.example']);
      expect(forwarded!.replyTo).toEqual([{ name: 'Ana Pop-Ionescu', address: 'ana.visitor@example.com' }]);
      expect(forwarded!.subject).toBe(`[Contact #${id}] Întrebare despre aplicație`);
      expect(forwarded!.text).toContain('Bună ziua,\nFuncționează cu TalkBack?');
      expect(forwarded!.text).toContain('Ana Pop-Ionescu <ana.visitor@example.com>');
      const { rows } = await db.query('SELECT subject FROM contact_messages WHERE id = $1', [id]);
      expect(rows).toEqual([{ subject: contact.subject }]);
    });

    it("keeps the visitor's control and direction characters and encoded-words out of the forwarded mail's Subject and names, and stores the message as sent", async () => {
      const spoofing = {
        firstname: 'Ana\u202e\u2066',
        lastname: '=?utf-8?q?=E2=80=AEBoss?= Pop\u200f',
        email: 'spoof.visitor@example.com',
        subject: 'Invoice\u202efdp.exe\u0007 =?utf-8?q?=E2=80=AEgnp.exe?=\u2069 \u200e=?UTF-8?B?4oCu?=',
        message: 'Hello',
      };
      const response = await call(app, '/contact', { body: spoofing });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      await mail.drain();

      // Read as a mail program reads it: headers decoded (mailparser), encoded-words included.
      const forwarded = (await mailTo(outbox, 'team@vedere.example')).find((m) => m.subject.startsWith(`[Contact #${id}]`));
      const invisible = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
      expect(forwarded!.subject).not.toMatch(invisible);
      expect(forwarded!.replyTo[0]!.name).not.toMatch(invisible);
      expect(forwarded!.subject).toBe(`[Contact #${id}] Invoicefdp.exe = ?utf-8?q?=E2=80=AEgnp.exe?= = ?UTF-8?B?4oCu?=`);
      expect(forwarded!.replyTo).toEqual([{ name: 'Ana = ?utf-8?q?=E2=80=AEBoss?= Pop', address: 'spoof.visitor@example.com' }]);
      const { rows } = await db.query('SELECT firstname, lastname, subject FROM contact_messages WHERE id = $1', [id]);
      expect(rows).toEqual([{ firstname: spoofing.firstname, lastname: spoofing.lastname, subject: spoofing.subject }]);
    });

    it('forwards a message sent twice with one idempotency key once', async () => {
      const headers = { 'Idempotency-Key': `mail-${backend}-once` };
      const body = { ...contact, subject: `Once ${backend}` };
      await call(app, '/contact', { body, headers });
      await call(app, '/contact', { body, headers });
      await mail.drain();
      expect((await mailTo(outbox, 'team@vedere.example')).filter((m) => m.subject.endsWith(`Once ${backend}`))).toHaveLength(1);
    });
  });

  describe('newsletter: double opt-in', () => {
    it('sends a confirmation link and keeps the subscription pending until it is followed', async () => {
      await subscribe('Nora@Example.com');
      expect(await status('nora@example.com')).toBe('pending');
      const [confirmation, ...more] = await mailTo(outbox, 'nora@example.com');
      expect(more).toEqual([]);
      expect(confirmation!.subject).toBe('Confirmați abonarea la noutățile Vedere');
      const link = confirmation!.links.find((l) => l.startsWith('https://vedere.example/newsletter-confirm?token='));
      expect(link).toBeDefined();

      const confirmed = await follow('/newsletter/confirm', link!);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toEqual({ subscribed: true });
      expect(await status('nora@example.com')).toBe('confirmed');

      // Following it again answers the same, and sends no second welcome.
      expect((await follow('/newsletter/confirm', link!)).status).toBe(200);
      await mail.drain();
      const mails = await mailTo(outbox, 'nora@example.com');
      expect(mails.map((m) => m.subject)).toEqual(['Confirmați abonarea la noutățile Vedere', 'Abonarea la noutățile Vedere este confirmată']);
    });

    it('writes the mails and their links in the language of the page the form was sent from', async () => {
      await subscribe('reader.en@example.com', 'en');
      const [confirmation] = await mailTo(outbox, 'reader.en@example.com');
      expect(confirmation!.subject).toBe('Confirm your subscription to Vedere news');
      expect(confirmation!.text).toContain('To confirm the subscription, open the link below');
      await follow('/newsletter/confirm', confirmation!.links[0]!);
      await mail.drain();
      const welcome = (await mailTo(outbox, 'reader.en@example.com'))[1]!;
      expect(welcome.subject).toBe('Your subscription to Vedere news is confirmed');
      expect(welcome.text).toContain('Unsubscribe here:');
    });

    it('puts a working unsubscribe link in every newsletter mail, and sends an issue to confirmed subscribers only', async () => {
      await subscribe('sub.one@example.com');
      await follow('/newsletter/confirm', (await mailTo(outbox, 'sub.one@example.com'))[0]!.links[0]!);
      await subscribe('sub.pending@example.com');
      await mail.drain();

      const issue = { subject: { ro: 'Noutăți de toamnă', en: 'Autumn news' }, text: { ro: 'Versiunea pentru iPhone.', en: 'The iPhone version.' } };
      const sent = await call(app, '/newsletter/issues', { body: issue });
      expect(sent.status).toBe(202);
      await mail.drain();
      expect(await mailTo(outbox, 'sub.pending@example.com')).toHaveLength(1);

      const received = await mailTo(outbox, 'sub.one@example.com');
      const newsletterMails = received.slice(1);
      expect(newsletterMails.map((m) => m.subject)).toEqual(['Abonarea la noutățile Vedere este confirmată', 'Noutăți de toamnă']);
      for (const m of newsletterMails) {
        const link = m.links.find((l) => l.startsWith('https://vedere.example/newsletter-unsubscribe?token='));
        expect(link).toBeDefined();
        expect(m.headers.get('list')).toEqual({ unsubscribe: expect.objectContaining({ url: link }) });
      }

      const unsubscribed = await follow('/newsletter/unsubscribe', newsletterMails[1]!.links.at(-1)!);
      expect(unsubscribed.status).toBe(200);
      expect(await unsubscribed.json()).toEqual({ unsubscribed: true });
      expect(await status('sub.one@example.com')).toBe('none');
      // The older mail's link, or the same one again, answers the same.
      expect((await follow('/newsletter/unsubscribe', newsletterMails[0]!.links.at(-1)!)).status).toBe(200);

      await call(app, '/newsletter/issues', { body: issue });
      await mail.drain();
      expect(await mailTo(outbox, 'sub.one@example.com')).toHaveLength(received.length);
    });

    it('answers a pending or confirmed address exactly as a new one, and mails its owner at most once per cooldown', async () => {
      const fresh = await subscribe('fresh@example.com');
      await subscribe('waiting@example.com');
      await subscribe('member@example.com');
      await follow('/newsletter/confirm', (await mailTo(outbox, 'member@example.com'))[0]!.links[0]!);
      await mail.drain();

      const again = [await subscribe('waiting@example.com'), await subscribe('member@example.com')];
      for (const response of again) {
        expect(response.status).toBe(fresh.status);
        expect(await response.json()).toEqual({ confirmationRequested: true });
      }
      expect(await mailTo(outbox, 'waiting@example.com')).toHaveLength(1);
      expect(await mailTo(outbox, 'member@example.com')).toHaveLength(2);

      // Once the cooldown is over: a new link to the pending address, a notice (not a link) to the member.
      await db.query("UPDATE newsletter_subscriptions SET last_mail_at = now() - interval '1 hour' WHERE email IN ('waiting@example.com', 'member@example.com')");
      await subscribe('waiting@example.com');
      await subscribe('member@example.com');
      const waiting = await mailTo(outbox, 'waiting@example.com');
      expect(waiting.map((m) => m.subject)).toEqual(['Confirmați abonarea la noutățile Vedere', 'Confirmați abonarea la noutățile Vedere']);
      expect((await follow('/newsletter/confirm', waiting[1]!.links[0]!)).status).toBe(200);
      const member = (await mailTo(outbox, 'member@example.com')).at(-1)!;
      expect(member.subject).toBe('Sunteți deja abonat la noutățile Vedere');
      expect(member.links.some((l) => l.includes('/newsletter-confirm'))).toBe(false);
      expect(member.links.some((l) => l.includes('/newsletter-unsubscribe'))).toBe(true);
    });
  });

  describe('links that do not work', () => {
    let confirmLink: string;
    let subscriptionId: string;
    const key = new TextEncoder().encode(SECRET);

    beforeAll(async () => {
      await subscribe('links@example.com');
      confirmLink = (await mailTo(outbox, 'links@example.com'))[0]!.links[0]!;
      subscriptionId = String((await db.query<{ id: string }>("SELECT id FROM newsletter_subscriptions WHERE email = 'links@example.com'")).rows[0]!.id);
    });

    it('refuses a tampered token (400), and leaves the subscription pending', async () => {
      const token = tokenOf(confirmLink);
      const [header, , signature] = token.split('.');
      const otherPayload = Buffer.from(JSON.stringify({ purpose: 'newsletter-confirm', sub: '1', iat: 1 })).toString('base64url');
      for (const forged of [`${header}.${otherPayload}.${signature}`, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`]) {
        const response = await call(app, '/newsletter/confirm', { body: { token: forged } });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe('link_invalid');
      }
      expect(await status('links@example.com')).toBe('pending');
    });

    it('refuses a token signed with another secret, one for the other purpose, and anything that is not a token (400)', async () => {
      const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-0123456789');
      const bodies = [
        { token: await new SignJWT({ purpose: 'newsletter-confirm' }).setProtectedHeader({ alg: 'HS256' }).setSubject(subscriptionId).sign(otherKey) },
        { token: await new SignJWT({ purpose: 'newsletter-unsubscribe' }).setProtectedHeader({ alg: 'HS256' }).setSubject(subscriptionId).sign(key) },
        { token: 'not-a-token' },
        { token: '' },
        {},
        { token: 'a.b.c' },
      ];
      for (const body of bodies) {
        const response = await call(app, '/newsletter/confirm', { body });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe('link_invalid');
      }
      const unsubscribe = await call(app, '/newsletter/unsubscribe', { body: { token: tokenOf(confirmLink) } });
      expect(unsubscribe.status).toBe(400);
      expect(await status('links@example.com')).toBe('pending');
    });

    it('answers an expired confirmation link 410, and an unknown subscription 404', async () => {
      const past = Math.floor(Date.now() / 1000) - 8 * 86_400;
      const expired = await new SignJWT({ purpose: 'newsletter-confirm' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subscriptionId)
        .setIssuedAt(past)
        .setExpirationTime(past + 7 * 86_400)
        .sign(key);
      const response = await call(app, '/newsletter/confirm', { body: { token: expired } });
      expect(response.status).toBe(410);
      expect((await response.json()).error.code).toBe('link_expired');
      expect(await status('links@example.com')).toBe('pending');

      const unknown = await new SignJWT({ purpose: 'newsletter-confirm' }).setProtectedHeader({ alg: 'HS256' }).setSubject('999999999').setExpirationTime('1h').sign(key);
      const missing = await call(app, '/newsletter/confirm', { body: { token: unknown } });
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('link_unknown');
    });

    it('refuses a body that is not JSON (415), never a 500', async () => {
      const response = await request(app, '/newsletter/confirm', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'token' });
      expect(response.status).toBe(415);
      const broken = await request(app, '/newsletter/unsubscribe', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"token":' });
      expect(broken.status).toBe(400);
    });
  });
});

/** A transport that refuses until told otherwise, and records what it sent. */
function flakyTransport() {
  const sent: OutgoingMail[] = [];
  let refusing = true;
  const transport: MailTransport = {
    description: 'test',
    async send(outgoing) {
      if (refusing) throw new Error('421 service not available');
      sent.push(outgoing);
    },
  };
  return { transport, sent, recover: () => void (refusing = false) };
}

describe('when the mail server fails', () => {
  it('keeps the contact message and its mail, answers the visitor 201, and sends the mail once the server is back', async () => {
    const tokens = await tokenFactory();
    const flaky = flakyTransport();
    const { app, db, mail } = await startService('pglite', tokens, {}, { mailTransport: flaky.transport });
    try {
      const response = await call(app, '/contact', { body: contact });
      expect(response.status).toBe(201);
      const { id } = await response.json();
      await mail.drain();
      expect((await db.query('SELECT message FROM contact_messages WHERE id = $1', [id])).rows).toEqual([{ message: contact.message }]);
      const queued = await db.query<{ attempts: number; sent_at: Date | null; last_error: string }>('SELECT attempts, sent_at, last_error FROM mail_outbox');
      expect(queued.rows).toEqual([{ attempts: 1, sent_at: null, last_error: '421 service not available' }]);

      // Not due yet: a round now sends nothing; once due (after its backoff), it goes.
      flaky.recover();
      await mail.drain();
      expect(flaky.sent).toHaveLength(0);
      await db.query('UPDATE mail_outbox SET next_attempt_at = now()');
      await mail.drain();
      expect(flaky.sent.map((m) => m.replyTo)).toEqual([{ name: 'Ana Pop-Ionescu', address: contact.email }]);
      expect((await db.query('SELECT attempts FROM mail_outbox WHERE sent_at IS NOT NULL')).rows).toEqual([{ attempts: 2 }]);
    } finally {
      await mail.stop();
      await db.close();
    }
  });

  it('through a real SMTP_URL that refuses connections: 201, the message stored, the mail kept for later', async () => {
    const tokens = await tokenFactory();
    const { app, db, mail } = await startService('pglite', tokens, { NODE_ENV: 'production', ...DEPLOYED_ENV, SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const response = await call(app, '/contact', { body: contact });
      expect(response.status).toBe(201);
      await mail.drain();
      expect((await db.query('SELECT count(*)::int AS n FROM contact_messages')).rows).toEqual([{ n: 1 }]);
      const { rows } = await db.query<{ sent_at: Date | null; last_error: string }>('SELECT sent_at, last_error FROM mail_outbox');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sent_at).toBeNull();
      expect(rows[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await mail.stop();
      await db.close();
    }
  });
});

describe('two replicas on one database', () => {
  it('send each queued mail once, however many rounds run at once', async () => {
    const tokens = await tokenFactory();
    const outbox = testOutboxDir();
    const first = await startService('pglite', tokens, { MAIL_OUTBOX_DIR: outbox });
    const { createService } = await import('../service');
    const { testConfig } = await import('../testing/harness');
    const second = await createService(testConfig({ MAIL_OUTBOX_DIR: outbox }), { db: first.db });
    try {
      for (let i = 0; i < 6; i += 1) {
        await first.db.query('INSERT INTO mail_outbox (mail) VALUES ($1)', [JSON.stringify({ to: `r${i}@example.com`, subject: `Mail ${i}`, text: 'x' })]);
      }
      await Promise.all([first.mail.drain(), second.mail.drain(), first.mail.drain(), second.mail.drain()]);
      const written = await readOutbox(outbox);
      expect(written.map((m) => m.subject).sort()).toEqual(['Mail 0', 'Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
    } finally {
      await first.mail.stop();
      await second.mail.stop();
      await first.db.close();
    }
  });
});

describe("sending an issue is an operator's call", () => {
  it('outside local mode: 404 without OPS_TOKEN configured, 401 without the token, 202 with it', async () => {
    const tokens = await tokenFactory();
    const issue = { subject: { ro: 'S', en: 'S' }, text: { ro: 'T', en: 'T' } };
    const closed = await startService('pglite', tokens, { NODE_ENV: 'production' });
    const guarded = await startService('pglite', tokens, { NODE_ENV: 'production', OPS_TOKEN: 'an-operations-token-0123' });
    try {
      expect((await call(closed.app, '/newsletter/issues', { body: issue })).status).toBe(404);
      expect((await call(guarded.app, '/newsletter/issues', { body: issue })).status).toBe(401);
      const allowed = await call(guarded.app, '/newsletter/issues', { body: issue, headers: { Authorization: 'Bearer an-operations-token-0123' } });
      expect(allowed.status).toBe(202);
      expect(await allowed.json()).toEqual({ recipients: 0 });
      const invalid = await call(guarded.app, '/newsletter/issues', { body: { subject: issue.subject }, headers: { Authorization: 'Bearer an-operations-token-0123' } });
      expect(invalid.status).toBe(400);
      // Every language's text is required: a subscriber is written to in the one they chose.
      const oneLanguage = await call(guarded.app, '/newsletter/issues', {
        body: { subject: { ro: 'S' }, text: issue.text },
        headers: { Authorization: 'Bearer an-operations-token-0123' },
      });
      expect(oneLanguage.status).toBe(400);
    } finally {
      await closed.db.close();
      await guarded.db.close();
    }
  });
});
