// Removes what jest.globalSetup.mjs made.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

export default function removeFreshDump() {
  if (process.env.PGLITE_FRESH_DUMP) rmSync(dirname(process.env.PGLITE_FRESH_DUMP), { recursive: true, force: true });
}
