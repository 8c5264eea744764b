import { defineConfig, devices } from '@playwright/test';
import { LOCAL_SITE_URL } from '@site/contract/local-setup';
import { CHROMIUM_ARGS, chromiumPath } from '@site/tools/chromium';
import { assertSupportedNode } from '@site/tools/node-version';

// The tests, and the servers they start, run on a Node.js that package.json's engines.node supports.
assertSupportedNode('The end-to-end tests');

// The tests run the site in local mode (the emulator's tokens, local billing): the servers they
// start, in this process and through webServer, read it from here.
process.env.NODE_ENV ||= 'test';
// A deployment's contact phone, for the servers the tests start (none is shown unless one is configured).
process.env.CONTACT_PHONE_RO ||= '021 555 0199';
process.env.CONTACT_PHONE_EN ||= '+40 21 555 0199';

export default defineConfig({
  testDir: './tests',
  // Changed copies of two remotes, released beside the builds in force (independence.spec.ts).
  globalSetup: './variants.ts',
  outputDir: './test-results',
  // The reviewed files a test compares with (the screen-reader transcripts of transcripts.spec.ts),
  // named by the test, in one folder beside the tests.
  snapshotPathTemplate: '{testDir}/../transcripts/{arg}{ext}',
  // On CI a file that is missing fails the test and is not written: a transcript lands only once read
  // and committed (locally it is written for reading, and the test still fails).
  updateSnapshots: process.env.CI ? 'none' : 'default',
  fullyParallel: false,
  workers: 2,
  // No retry: a test that fails once has failed. The retry once kept on CI for a first navigation
  // that got no answer (net::ERR_ABORTED after the whole timeout, two of six fresh-machine runs)
  // is gone: every request the site's server takes is answered within REQUEST_DEADLINE_MS, or
  // answered 503 with a log line naming what it waited on (site-server/src/staticServer.ts), so
  // a repeat would fail here with its cause in the log instead of passing on a second try.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: LOCAL_SITE_URL,
    // A failed test keeps its trace: each step's DOM snapshot, its network, its console. Not the
    // screencast's frames: encoding them cost a fifth of the whole run (all tests, two workers:
    // 5.8 min with them, 4.6 min without, the same as with no trace at all; the CPU is the limit,
    // four workers took 6.0 min).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    // Chromium's headless shell (tools/chromium.mjs).
    launchOptions: { executablePath: chromiumPath('headless-shell'), args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'site-server/node_modules/.bin/tsx site-server/src/serve.ts',
    cwd: '..',
    // serve.ts opens the shell only once the Auth emulator answers.
    url: `${LOCAL_SITE_URL}/remotes.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
