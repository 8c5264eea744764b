import { RETENTION_KINDS } from '@site/contract/retention';
import { migrations } from '../db/migrations';
import { call, freshDatabase, startService, tokenFactory } from '../testing/harness';
import { PERSONAL_DATA } from './personalData';
import { RETENTION_RULES } from './sweep';

/** The tables the migrations create (and the migrations' own). */
function createdTables(): string[] {
  const names = migrations.flatMap(({ sql }) => [...sql.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi)].map((match) => match[1]!.toLowerCase()));
  return [...new Set([...names, 'schema_migrations'])].sort();
}

describe('what is kept, for how long, and where the export shows it', () => {
  it('has a line for every table the migrations create, and none for a table that is not there', () => {
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(createdTables());
  });

  it('fails for a table added without its line (retention and export)', () => {
    const added = [...migrations, { version: 999, name: 'a new table', sql: 'CREATE TABLE voice_notes (uid text, note text)' }];
    const tables = [...new Set(added.flatMap(({ sql }) => [...sql.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi)].map((m) => m[1]!)))];
    expect(tables.filter((table) => !(table in PERSONAL_DATA))).toEqual(['voice_notes']);
  });

  it('sweeps each table that a retention period covers, with the rule of that kind', () => {
    for (const [table, { kept }] of Object.entries(PERSONAL_DATA)) {
      if (kept === 'account' || kept === 'not personal') continue;
      expect(RETENTION_RULES[kept as keyof typeof RETENTION_RULES].tables).toContain(table);
    }
    // And every kind of the table is enforced somewhere (the outbox files by the sweep of the folder).
    for (const kind of RETENTION_KINDS) {
      if (kind === 'localOutboxFile') continue;
      expect(Object.values(PERSONAL_DATA).some(({ kept }) => kept === kind)).toBe(true);
    }
  });

  it("answers, in the user's export, each kind of data the table says is theirs", async () => {
    const tokens = await tokenFactory();
    const { app, db } = await startService('pglite', tokens);
    try {
      const token = await tokens.sign('olga-uid', 'olga@example.com', { email_verified: true });
      await call(app, '/register-user', { token });
      await db.query("INSERT INTO pending_checkouts (session_id, uid, customer_id, email) VALUES ('cs_olga', 'olga-uid', 'cus_olga', 'olga@example.com')");
      await call(app, '/contact', { body: { firstname: 'Olga', lastname: 'Pop', email: 'olga@example.com', subject: 'S', message: 'M' } });
      await call(app, '/newsletter', { body: { email: 'olga@example.com' } });
      await db.query("INSERT INTO account_deletions (uid, claim_id, claimed_until) VALUES ('olga-uid', gen_random_uuid(), now())");
      const data = await (await call(app, '/export-account-data', { token })).json();
      for (const { export: key } of Object.values(PERSONAL_DATA)) {
        if (typeof key === 'string') expect(Object.keys(data)).toContain(key);
      }
      expect(data.pendingCheckouts).toEqual([expect.objectContaining({ sessionId: 'cs_olga', customerId: 'cus_olga' })]);
      expect(data.contactMessages).toHaveLength(1);
      expect(data.newsletterSubscription).toMatchObject({ status: 'pending' });
      // The contact message forwarded about her, the newsletter's confirmation to her.
      expect(data.mails).toHaveLength(2);
      expect(data.accountDeletion).toEqual({ state: 'in_progress', step: 'identity', startedAt: expect.any(String) });
      expect(await (await call(app, '/account-deletion-status', { token })).json()).toEqual({ deletion: data.accountDeletion });
    } finally {
      await db.close();
    }
  });

  it('keeps the fresh-database helper honest (a fresh database has every table listed)', async () => {
    const db = await freshDatabase('pglite');
    try {
      const { migrate } = await import('../db/migrations');
      await migrate(db);
      const { rows } = await db.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename');
      expect(rows.map((row) => row.tablename)).toEqual(createdTables());
    } finally {
      await db.close();
    }
  });
});
