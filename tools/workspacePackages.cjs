// The workspace's packages, read from pnpm-workspace.yaml (the one list): their folders, in the
// file's order. The root jest.config.cjs and the typecheck (tools/typecheck.mjs) take them from here,
// so a new package's tests run and its code is checked without editing either.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');

/** The folders the `packages:` list of pnpm-workspace.yaml names (plain folder names, as it has). */
function workspacePackages(text = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')) {
  const start = text.indexOf('packages:');
  if (start < 0) throw new Error('pnpm-workspace.yaml has no packages: list');
  return text
    .slice(start)
    .split(/\n(?=\S)/)[0]
    .split('\n')
    .map((line) => /^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/.exec(line)?.[1])
    .filter(Boolean);
}

module.exports = { root, workspacePackages };
