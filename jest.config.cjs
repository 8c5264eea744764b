// Every package of the workspace (pnpm-workspace.yaml, the one list) that has unit tests, i.e. a
// jest.config.cjs of its own, is a project: a new package's tests run without editing this file.
const { existsSync } = require('node:fs');
const { availableParallelism } = require('node:os');
const path = require('node:path');
const { assertSupportedNode } = require('./tools/node-version.cjs');
const { workspacePackages } = require('./tools/workspacePackages.cjs');

// The tests run on a Node.js that package.json's engines.node supports, or not at all.
assertSupportedNode('The unit tests');

const packages = workspacePackages();

// Every test runs in one time zone, far from the site's (Europe/Bucharest): a date written in the
// machine's zone instead of the site's then fails here whatever the machine (workers inherit it).
process.env.TZ = 'America/New_York';

module.exports = {
  // Jest's default is one worker less than the cores: one worker on a 2-core machine. The service's
  // tests wait on much (child processes, databases, timers), so two run well on two cores (5.4 → 3.2 min).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Files that mostly wait in real time start first (tools/jestSequencer.cjs).
  testSequencer: path.join(__dirname, 'tools', 'jestSequencer.cjs'),
  // After a run of the service's tests, how many ran on each database (PGlite, PostgreSQL): the tests
  // that need a server run only when DATABASE_URL names one, and a run without them says so.
  reporters: ['default', path.join(__dirname, 'service-user', 'jest.backendReporter.cjs')],
  projects: packages.filter((dir) => existsSync(path.join(__dirname, dir, 'jest.config.cjs'))).map((dir) => `<rootDir>/${dir}/jest.config.cjs`),
};
