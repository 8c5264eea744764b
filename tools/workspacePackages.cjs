// The workspace's packages, read from pnpm-workspace.yaml (the one list): their folders, in the
// file's order. The root jest.config.cjs and the typecheck (tools/typecheck.mjs) take them from here,
// so a new package's tests run and its code is checked without editing either.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const root = path.join(__dirname, '..');

/** The folders the `packages:` list of pnpm-workspace.yaml names (plain folder names, as it has). */
function workspacePackages(text = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')) {
  const { packages } = YAML.parse(text) ?? {};
  if (!Array.isArray(packages) || packages.length === 0) throw new Error('pnpm-workspace.yaml has no packages: list');
  return packages;
}

module.exports = { root, workspacePackages };
