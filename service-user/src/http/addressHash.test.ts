import { createHash } from 'node:crypto';
import { DAY_MS } from '@site/contract/retention';
import { backends, startService, tokenFactory, type TestApp } from '../testing/harness';
import type { Database } from '../db/database';
import { addressHasher } from './addressHash';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/telemetry';
import { signViewToken } from '@site/contract/view-token';

const SECRET = 'the-address-hash-secret-of-this-test-0123';

describe('keyed hashes of client addresses', () => {
  it('depend on the secret and the day: the same address is not linked across days, nor read without the secret', () => {
    let now = Date.parse('2031-06-15T10:00:00Z');
    const hash = addressHasher(SECRET, () => now);
    const morning = hash('203.0.113.9');
    now += 13 * 60 * 60_000 - 1;
    expect(hash('203.0.113.9')).toBe(morning);
    now = Date.parse('2031-06-16T00:00:00Z');
    expect(hash('203.0.113.9')).not.toBe(morning);
    expect(addressHasher(`${SECRET}-other`, () => now)('203.0.113.9')).not.toBe(hash('203.0.113.9'));
    expect(morning).not.toContain(createHash('sha256').update('203.0.113.9').digest('hex'));
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe.each(backends)('a copy of the tables names no client address, on %s', (backend) => {
  let app: TestApp;
  let db: Database;
  beforeAll(async () => {
    ({ app, db } = await startService(backend, await tokenFactory(), { TRUST_PROXY: '1' }));
  });
  afterAll(() => db.close());

  it('holds no key that the hashes of a whole /16 (unkeyed, as before) find', async () => {
    // Counted under the address: the public limits (in the database on PostgreSQL) and the telemetry cap (on both).
    const client = '198.51.7.42';
    const token = await signViewToken(LOCAL_VIEW_TOKEN_SECRET, { mfe_account: { version: '1.0.0-abc123def456', cohort: 'stable' } });
    const beacon = { token, events: [{ remote: 'mfe_account', kind: 'view' }] };
    await app.request('/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    await app.request('/telemetry', { method: 'POST', headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': client }, body: JSON.stringify(beacon) });
    const keys = (await db.query<{ key: string }>('SELECT key FROM rate_limit_hits')).rows.map((row) => row.key.split(':').at(-1)!);
    // The telemetry cap's row on both backends, the public limits' too on PostgreSQL.
    expect(keys.length).toBe(backend === 'postgres' ? 3 : 1);
    const found: string[] = [];
    const wanted = new Set(keys);
    for (let third = 0; third < 256; third += 1) {
      for (let fourth = 0; fourth < 256; fourth += 1) {
        const address = `198.51.${third}.${fourth}`;
        const digest = createHash('sha256').update(address).digest('hex');
        if (wanted.has(digest) || wanted.has(address)) found.push(address);
      }
    }
    expect(found).toEqual([]);
  });
});
