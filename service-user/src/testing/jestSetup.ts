// Each test file's setup (jest.config.cjs): the timeout, and the in-memory databases started from
// the fresh data folder jest.globalSetup.mjs dumped once for the run.
import { readFileSync } from 'node:fs';
import { startMemoryDatabasesFrom } from '../db/database';

// Embedded PGlite compiles its WebAssembly once per test file.
jest.setTimeout(60_000);

if (process.env.PGLITE_FRESH_DUMP) startMemoryDatabasesFrom(new Blob([readFileSync(process.env.PGLITE_FRESH_DUMP)]));
