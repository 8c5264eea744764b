// Once per run, before any test file: the dump of a fresh PGlite data folder (initdb: 3–5 s here,
// more with the cores busy), where every test file's in-memory databases start
// (src/testing/jestSetup.ts) instead of each file running initdb for its first one.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function makeFreshDump() {
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  await db.close();
  const file = join(mkdtempSync(join(tmpdir(), 'service-user-pglite-')), 'fresh.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // Read by the test files' setup; the workers start after this, with this process's environment.
  process.env.PGLITE_FRESH_DUMP = file;
}
