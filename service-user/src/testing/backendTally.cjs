// How many of the service's tests ran on each database backend, and whether that is enough. The
// tests that need a PostgreSQL server run only when DATABASE_URL names one: a run without them
// says so (jest.backendReporter.cjs prints this tally after every run of them), and .ci/run fails
// when a server answers but none ran on it:
//   node service-user/src/testing/backendTally.cjs TALLY.json pglite postgres
'use strict';
const { readFileSync } = require('node:fs');

const NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };

// A test runs on a backend when a describe block around it is named for it, as
// describe.each(backends)('… on %s') names them (testing/harness.ts): '… on pglite', '… on postgres'.
const NAMED_FOR_BACKEND = / on (pglite|postgres)$/;

/** The backend a test ran on, from the titles of the describe blocks around it (outermost first); null when none names one. */
function backendOf(ancestorTitles) {
  for (let i = ancestorTitles.length - 1; i >= 0; i -= 1) {
    const named = NAMED_FOR_BACKEND.exec(ancestorTitles[i]);
    if (named) return named[1];
  }
  return null;
}

/** How many tests ran (passed or failed, not skipped) on each backend, from jest's results of each test ({ ancestorTitles, status }). */
function tallyTests(testResults) {
  const tally = { pglite: 0, postgres: 0, other: 0 };
  for (const { ancestorTitles, status } of testResults) {
    if (status === 'passed' || status === 'failed') tally[backendOf(ancestorTitles) ?? 'other'] += 1;
  }
  return tally;
}

/** The tally in one line; `databaseUrl` says whether the run had a PostgreSQL server to test on. */
function describeTally(tally, { databaseUrl }) {
  const postgres = `${tally.postgres} on PostgreSQL${databaseUrl ? '' : ' (DATABASE_URL is not set: no server to run them on)'}`;
  return `service-user tests by database: ${tally.pglite} on PGlite, ${postgres}, ${tally.other} that do not run per database`;
}

/** What the tally lacks: one line per required backend on which no test ran (none: the tally is enough). */
function missingBackends(tally, required) {
  return required
    .map((backend) => {
      if (!(backend in NAMES)) throw new Error(`not a database backend: ${backend} (pglite or postgres)`);
      const ran = tally?.[backend];
      return Number.isInteger(ran) && ran > 0 ? null : `no service-user test ran on ${NAMES[backend]}, which this run requires`;
    })
    .filter(Boolean);
}

/** The check .ci/run makes: the exit code, and what it prints. */
function checkTallyFile(file, required, { out = console.log, err = console.error } = {}) {
  let tally;
  try {
    tally = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    err(`[ci] the tally of the service's tests (${file}) cannot be read, so they cannot be shown to have run: ${error.message}`);
    return 1;
  }
  const missing = missingBackends(tally, required);
  (missing.length > 0 ? err : out)(`[ci] ${describeTally(tally, { databaseUrl: true })}`);
  for (const line of missing) err(`[ci] ${line}`);
  return missing.length > 0 ? 1 : 0;
}

module.exports = { backendOf, tallyTests, describeTally, missingBackends, checkTallyFile };

if (require.main === module) {
  const [file, ...required] = process.argv.slice(2);
  process.exitCode = checkTallyFile(file, required);
}
