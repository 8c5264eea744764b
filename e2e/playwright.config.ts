import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The tests run the site in local mode (the emulator's tokens, local billing): the servers they
// start, in this process and through webServer, read it from here.
process.env.NODE_ENV ||= 'test';

export default defineConfig({
  testDir: './tests',
  // Changed copies of two remotes, released beside the builds in force (independence.spec.ts).
  globalSetup: './variants.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Without the networking flags Chromium floods the closed network of these machines.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'site-server/node_modules/.bin/tsx site-server/src/serve.ts',
    cwd: '..',
    // serve.ts opens the shell only once the Auth emulator answers.
    url: 'http://localhost:3000/remotes.json',
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
