// A schema of its own on a PostgreSQL server, for a test or a bench run that must not touch
// anything else there: the URL of a connection whose search_path is that schema, and its removal.
import pg from 'pg';

let counter = 0;

export async function temporarySchema(url: string, prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now()}_${(counter += 1)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
