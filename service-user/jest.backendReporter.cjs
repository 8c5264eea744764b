// A jest reporter (the root jest.config.cjs): after a run of the service's tests, prints how many
// ran on each database backend (src/testing/backendTally.cjs), and writes the tally to the file
// $SERVICE_TEST_TALLY names when it is set (.ci/run checks it), whatever ran.
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { describeTally, tallyTests } = require('./src/testing/backendTally.cjs');

module.exports = class BackendTallyReporter {
  onRunComplete(_testContexts, results) {
    const files = results.testResults.filter((file) => !path.relative(__dirname, file.testFilePath).startsWith('..'));
    const tally = tallyTests(files.flatMap((file) => file.testResults));
    if (process.env.SERVICE_TEST_TALLY) writeFileSync(process.env.SERVICE_TEST_TALLY, `${JSON.stringify(tally)}\n`);
    if (files.length > 0) process.stderr.write(`${describeTally(tally, { databaseUrl: Boolean(process.env.DATABASE_URL) })}\n`);
  }
};
