// The Node.js the project runs on, read from the root package.json (the one source of both facts):
//   engines.node                 the versions supported, as ">=X.Y.Z" (a line in long-term support)
//   devEngines.runtime.version   the exact build that tools/pnpm.mjs installs into .tools/node, from
//                                the npm registry, and runs everything on when the machine's
//                                Node.js is older than engines.node
// The tests' configurations (jest.config.cjs, e2e/playwright.config.ts) call assertSupportedNode, so
// that tests run by another Node.js fail at once, saying which ran and how to get the right one.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
const range = manifest.engines?.node ?? '';
const pinned = manifest.devEngines?.runtime?.version ?? '';
const minimum = /^>=\s*v?(\d+\.\d+\.\d+)$/.exec(range)?.[1];
if (!minimum) throw new Error(`package.json: engines.node must read ">=X.Y.Z" (tools/node-version.cjs reads it), not "${range}"`);
if (!/^\d+\.\d+\.\d+$/.test(pinned)) throw new Error(`package.json: devEngines.runtime.version must be an exact version X.Y.Z, not "${pinned}"`);

function parts(version) {
  return String(version).replace(/^v/, '').split('.').map(Number);
}

/** Whether `version` (by default the running Node.js's) is one of those engines.node supports. */
function supports(version = process.versions.node) {
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

if (!supports(pinned)) throw new Error(`package.json: devEngines.runtime.version ${pinned} is outside engines.node "${range}"`);

/** Throws when the running Node.js is not one that engines.node supports; `what` names who runs. */
function assertSupportedNode(what) {
  if (supports()) return;
  throw new Error(
    `${what} ran on Node.js ${process.versions.node}, which this project does not support (package.json engines.node: "${range}"). ` +
      `Run them through npm test / npm start (tools/pnpm.mjs), which fetch Node.js ${pinned} into .tools/node and run on it, ` +
      `or put .tools/node/node_modules/.bin first on PATH.`,
  );
}

module.exports = { range, minimum, pinned, supports, assertSupportedNode };
