import type { Database } from '../db/database';
import { createFirebaseUserDeleter, IdentityToolkitError, RecentSignInRequiredError, type FirebaseUserDeleter } from '../identity/firebaseAccounts';
import { createMetrics } from '../http/metrics';
import { createService } from '../service';
import { backends, call, sharedPostgresDatabases, startService, testConfig, tokenFactory, type TestApp, type Tokens } from '../testing/harness';
import { createDeletionResumer, reportedUid, type DeletionResumer } from './resumeDeletions';
import { DELETION_RETRY, deletionRetryDelayMs } from './deleteAccount';
import { startFakeIdentityToolkit } from '../testing/fakeIdentityToolkit';

describe.each(backends)('an account deletion is a job that always ends, on %s', (backend) => {
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

  async function user(name: string) {
    const token = await tokens.sign(`${name}-uid`, `${name}@example.com`, { email_verified: true });
    expect((await call(app, '/register-user', { token })).status).toBe(200);
    expect((await call(app, '/link-device', { token, body: { deviceId: `phone-${name}`, deviceName: name } })).status).toBe(200);
    return token;
  }
  const rows = async (uid: string) =>
    (await db.query<{ n: number }>('SELECT ((SELECT count(*) FROM users WHERE uid = $1) + (SELECT count(*) FROM devices WHERE uid = $1))::int AS n', [uid])).rows[0]!.n;
  const job = async (uid: string) =>
    (
      await db.query<{ attempts: number; failed: boolean; has_token: boolean; last_error: string | null }>(
        'SELECT attempts, failed_at IS NOT NULL AS failed, id_token IS NOT NULL AS has_token, last_error FROM account_deletions WHERE uid = $1',
        [uid],
      )
    ).rows[0];
  // The retries' times are the database's: the test makes the next one due instead of waiting for it.
  const makeDue = (uid: string) => db.query("UPDATE account_deletions SET next_attempt_at = now() - interval '1 second' WHERE uid = $1", [uid]);

  it("records the deletion with the user's token before Identity Toolkit is asked: one whose answer never came is finished without the user", async () => {
    const token = await user('petra');
    deleteFirebaseUser.mockRejectedValueOnce(new IdentityToolkitError('Identity Toolkit could not be reached'));
    const failed = await call(app, '/delete-account', { token, body: { confirm: true } });
    expect(failed.status).toBe(503);
    expect((await failed.json()).error).toEqual({ code: 'deletion_interrupted', message: expect.stringContaining('finishes on its own') });
    // The user is told where it stands, on the account page and in the export.
    expect(await (await call(app, '/account-deletion-status', { token })).json()).toEqual({ deletion: { state: 'in_progress', step: 'identity', startedAt: expect.any(String) } });
    expect((await (await call(app, '/export-account-data', { token })).json()).accountDeletion).toMatchObject({ state: 'in_progress' });
    expect(await job('petra-uid')).toMatchObject({ attempts: 1, has_token: true, failed: false });
    // A retry with an older sign-in (Firebase's user may be gone: no new one is possible) hears the truth, not 401.
    const older = await tokens.sign('petra-uid', 'petra@example.com', { email_verified: true, auth_time: Math.floor(Date.now() / 1000) - 600 });
    const retried = await call(app, '/delete-account', { token: older, body: { confirm: true } });
    expect(retried.status).toBe(409);
    expect((await retried.json()).error.code).toBe('deletion_in_progress');

    // Nobody asks again: the background work finishes it with the recorded token.
    expect(await deletions.resume()).toBe(1);
    expect(deleteFirebaseUser).toHaveBeenLastCalledWith(token);
    expect(await rows('petra-uid')).toBe(0);
    expect(await job('petra-uid')).toBeUndefined();
    expect(await (await call(app, '/account-deletion-status', { token })).json()).toEqual({ deletion: null });
  });

  it('retries with backoff, then reports a deletion it cannot finish (log line with the uid hash, metric) and keeps it, marked failed', async () => {
    const token = await user('radu');
    const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: false });
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const resumer = createDeletionResumer(
      { db, config: testConfig(), stripe: undefined as never, logger: logger as never, metrics, deleteFirebaseUser },
      async () => new Response(null),
    );
    deleteFirebaseUser.mockRejectedValue(new IdentityToolkitError('Identity Toolkit answered 500 INTERNAL'));
    expect((await call(app, '/delete-account', { token, body: { confirm: true } })).status).toBe(503);
    for (let attempt = 2; attempt <= DELETION_RETRY.attempts; attempt += 1) {
      // Not due yet (the next try is 5 s or more away): nothing is tried.
      const calls = deleteFirebaseUser.mock.calls.length;
      if (attempt > 2) {
        expect(await resumer.resume()).toBe(0);
        expect(deleteFirebaseUser.mock.calls.length).toBe(calls);
      }
      await makeDue('radu-uid');
      expect(await resumer.resume()).toBe(0);
      expect(deleteFirebaseUser.mock.calls.length).toBe(calls + 1);
    }
    // The backoff doubles from 5 s up to 5 minutes; the tries all fall within the first half hour of the token's hour.
    const pace = Array.from({ length: DELETION_RETRY.attempts - 1 }, (_, i) => deletionRetryDelayMs(i + 1) / 1000);
    expect(pace).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300]);
    expect(pace.reduce((sum, s) => sum + s, 0)).toBeLessThan(30 * 60);
    expect(await job('radu-uid')).toMatchObject({ failed: true, has_token: false, attempts: DELETION_RETRY.attempts, last_error: expect.stringContaining('INTERNAL') });
    expect(await rows('radu-uid')).toBe(2);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ uidHash: reportedUid('radu-uid'), reason: 'retries_exhausted' }),
      'an account deletion could not be finished',
    );
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain('radu-uid');
    expect(await metrics.registry.getSingleMetricAsString('account_deletions_failed_total')).toMatch(/reason="retries_exhausted"\} 1/);
    expect(await (await call(app, '/account-deletion-status', { token })).json()).toEqual({ deletion: expect.objectContaining({ state: 'failed' }) });
    // With no token left it waits for the user: their new request starts it afresh.
    await makeDue('radu-uid');
    expect(await resumer.resume()).toBe(0);
    deleteFirebaseUser.mockReset();
    deleteFirebaseUser.mockResolvedValue(undefined);
    expect((await call(app, '/delete-account', { token, body: { confirm: true } })).status).toBe(200);
    expect(await rows('radu-uid')).toBe(0);
  });

  it('reports, once, a stalled deletion recorded without a token (before version 12): never left unreported, the rows kept for its user', async () => {
    const token = await user('tudor');
    await db.query(
      "INSERT INTO account_deletions (uid, verified_email, claim_id, claimed_until) VALUES ('tudor-uid', 'tudor@example.com', gen_random_uuid(), now() - interval '1 second')",
    );
    const metrics = createMetrics({ connections: () => ({ inUse: 0, waiting: 0 }), processMetrics: false });
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const resumer = createDeletionResumer(
      { db, config: testConfig(), stripe: undefined as never, logger: logger as never, metrics, deleteFirebaseUser },
      async () => new Response(null),
    );
    expect(await resumer.resume()).toBe(0);
    expect(deleteFirebaseUser).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ uidHash: reportedUid('tudor-uid'), reason: 'identity_unconfirmed' }),
      'an account deletion could not be finished',
    );
    expect(await job('tudor-uid')).toMatchObject({ failed: true });
    await makeDue('tudor-uid');
    expect(await resumer.resume()).toBe(0);
    expect(logger.error).toHaveBeenCalledTimes(1);
    // Its user, signed in again, finishes it.
    expect((await call(app, '/delete-account', { token, body: { confirm: true } })).status).toBe(200);
    expect(await rows('tudor-uid')).toBe(0);
  });

  it('forgets, and reports, a deletion Firebase refuses for a too-old sign-in: the sign-in is there and the account stays whole', async () => {
    const token = await user('sorin');
    deleteFirebaseUser.mockRejectedValueOnce(new IdentityToolkitError('Identity Toolkit could not be reached'));
    expect((await call(app, '/delete-account', { token, body: { confirm: true } })).status).toBe(503);
    deleteFirebaseUser.mockRejectedValueOnce(new RecentSignInRequiredError('Identity Toolkit refused the deletion: CREDENTIAL_TOO_OLD_LOGIN_AGAIN'));
    expect(await deletions.resume()).toBe(0);
    expect(await job('sorin-uid')).toBeUndefined();
    expect(await rows('sorin-uid')).toBe(2);
  });
});

describe('two replicas finish a recorded deletion once, on postgres', () => {
  if (!process.env.DATABASE_URL) {
    it('needs DATABASE_URL', () => expect(backends).toEqual(['pglite']));
    return;
  }
  it('one replica takes it, the other skips it; Identity Toolkit is asked once', async () => {
    const tokens = await tokenFactory();
    const identityToolkit = await startFakeIdentityToolkit({ kind: 'answers' });
    const { databases, close } = await sharedPostgresDatabases(2);
    try {
      const config = testConfig();
      const deleteFirebaseUser = createFirebaseUserDeleter({ firebaseApiKey: 'k', authEmulatorHost: identityToolkit.host });
      const replicas = await Promise.all(databases.map((db) => createService(config, { db, deleteFirebaseUser })));
      for (let i = 0; i < 5; i += 1) {
        const token = await tokens.sign(`race-${i}`, `race-${i}@example.com`, { email_verified: true });
        await databases[0]!.query('INSERT INTO users (uid, email) VALUES ($1, $2)', [`race-${i}`, `race-${i}@example.com`]);
        await databases[0]!.query("INSERT INTO account_deletions (uid, claim_id, claimed_until, id_token) VALUES ($1, gen_random_uuid(), now() - interval '1 second', $2)", [
          `race-${i}`,
          token,
        ]);
      }
      const finished = await Promise.all(replicas.map((replica) => replica.deletions.resume()));
      expect(finished[0]! + finished[1]!).toBe(5);
      expect(identityToolkit.calls()).toBe(5);
      const { rows } = await databases[0]!.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE uid LIKE 'race-%'");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await close();
      await identityToolkit.close();
    }
  });
});
