// Whether the workspace's dependencies need `pnpm install` (tools/pnpm.mjs asks before each command).
// After a successful install, a stamp is written under node_modules/ (so that removing node_modules
// removes it too) holding:
//   - a sha256 of each file the install depends on: package.json, pnpm-lock.yaml,
//     pnpm-workspace.yaml, .npmrc and .pnpmfile.cjs (when present) and every workspace package's
//     package.json (the folders pnpm-workspace.yaml's `packages:` lists);
//   - the modification time of pnpm's own records of the installed tree (node_modules/.modules.yaml
//     and node_modules/.pnpm/lock.yaml): an install or `pnpm add` run by hand rewrites them;
//   - which workspace packages had a node_modules/ folder.
// Install when there is no stamp (a fresh clone, node_modules removed, an install that failed: the
// stamp is removed before each install and written only after one succeeded), when any of those
// files changed, when pnpm's records are missing or were rewritten since, or when a package's
// node_modules/ is gone. Otherwise nothing: a few small files read and hashed, a few milliseconds.
// Plain CommonJS, no dependency: it runs before the dependencies are installed.
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const STAMP = path.join('node_modules', '.install-state.json');
const TREE_RECORDS = [path.join('node_modules', '.modules.yaml'), path.join('node_modules', '.pnpm', 'lock.yaml')];
const ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', '.pnpmfile.cjs'];

/**
 * The `packages:` list of pnpm-workspace.yaml (the yaml package is not installed yet: its block
 * list, item by item, quotes removed). A pattern ending in `/*` or `/**` is every folder in it.
 */
function workspaceFolders(root, text) {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages:\s*(#.*)?$/.test(line));
  if (start < 0) return [];
  const folders = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const item = /^\s+-\s+(.+?)\s*(#.*)?$/.exec(line);
    if (!item) break;
    const pattern = item[1].replace(/^(['"])(.*)\1$/, '$2');
    if (pattern.startsWith('!')) continue;
    const glob = /^(.*?)\/\*{1,2}$/.exec(pattern);
    if (!glob) {
      folders.push(pattern);
      continue;
    }
    try {
      for (const entry of readdirSync(path.join(root, glob[1]), { withFileTypes: true }))
        if (entry.isDirectory() && entry.name !== 'node_modules') folders.push(`${glob[1]}/${entry.name}`);
    } catch {
      /* no such folder: nothing of it */
    }
  }
  return folders;
}

/** The files an install depends on, relative to `root`. */
function inputFiles(root) {
  let workspace = '';
  try {
    workspace = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  } catch {
    /* a single package */
  }
  // And every package.json one folder down, whatever the list says: a list written in a form this
  // reading does not know (a flow sequence, an unindented one) then still has its packages hashed.
  const topLevel = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules' && existsSync(path.join(root, entry.name, 'package.json')))
    .map((entry) => entry.name);
  const folders = [...new Set([...workspaceFolders(root, workspace), ...topLevel])];
  return [...ROOT_FILES, ...folders.map((folder) => `${folder}/package.json`)];
}

/** Each input file's sha256 (null: absent). */
function inputHashes(root) {
  const hashes = {};
  for (const file of inputFiles(root)) {
    try {
      hashes[file] = createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest('hex');
    } catch {
      hashes[file] = null;
    }
  }
  return hashes;
}

/** The modification times of pnpm's records of the installed tree (null: absent). */
function treeRecords(root) {
  return Object.fromEntries(
    TREE_RECORDS.map((file) => {
      try {
        return [file, statSync(path.join(root, file)).mtimeMs];
      } catch {
        return [file, null];
      }
    }),
  );
}

/** The workspace packages (and the root, '.') that have a node_modules/ folder. */
function packageTrees(root, hashes) {
  const folders = [
    '.',
    ...Object.keys(hashes)
      .filter((file) => file.endsWith('/package.json') && hashes[file] !== null)
      .map((file) => path.dirname(file)),
  ];
  return folders.filter((folder) => existsSync(path.join(root, folder, 'node_modules')));
}

const machine = () => `${process.platform}-${process.arch}`;

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Why the dependencies must be installed, in a few words; null when nothing changed since the last
 * successful install.
 */
function installReason(root) {
  if (!existsSync(path.join(root, 'node_modules'))) return 'no node_modules';
  const stamp = readStamp(root);
  if (!stamp || typeof stamp.inputs !== 'object' || typeof stamp.tree !== 'object' || !Array.isArray(stamp.packageTrees)) return 'no record of a finished install';
  if (stamp.machine !== machine()) return `installed for ${stamp.machine}`;
  const hashes = inputHashes(root);
  const changed = [...new Set([...Object.keys(hashes), ...Object.keys(stamp.inputs)])].filter((file) => hashes[file] !== stamp.inputs[file]);
  if (changed.length) return `${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''} changed`;
  const records = treeRecords(root);
  const missing = TREE_RECORDS.find((file) => records[file] === null);
  if (missing) return `${missing} is missing`;
  const rewritten = TREE_RECORDS.find((file) => records[file] !== stamp.tree[file]);
  if (rewritten) return `the installed tree changed (${rewritten})`;
  const gone = stamp.packageTrees.find((folder) => !existsSync(path.join(root, folder, 'node_modules')));
  if (gone) return `${path.join(gone, 'node_modules')} is missing`;
  return null;
}

/** Before an install: no stamp (an install that fails or is cut short leaves none). */
function forgetInstall(root) {
  rmSync(path.join(root, STAMP), { force: true });
}

/**
 * After a successful install: the stamp. `inputs`: the input files' hashes as read before the
 * install (a file changed meanwhile is seen at the next run).
 */
function recordInstall(root, inputs = inputHashes(root)) {
  mkdirSync(path.join(root, 'node_modules'), { recursive: true });
  const stamp = { machine: machine(), inputs, tree: treeRecords(root), packageTrees: packageTrees(root, inputs) };
  writeFileSync(path.join(root, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * Runs `install` (a function returning its exit code) when installReason says so, keeping the
 * stamp right around it; `say` is told why. Returns the install's exit code, or 0 when none ran.
 */
function installIfNeeded(root, install, say = () => {}) {
  const reason = installReason(root);
  if (reason === null) return 0;
  say(reason);
  const inputs = inputHashes(root);
  forgetInstall(root);
  const status = install();
  if (status === 0) recordInstall(root, inputs);
  return status;
}

module.exports = { STAMP, workspaceFolders, inputFiles, installReason, forgetInstall, recordInstall, installIfNeeded };
