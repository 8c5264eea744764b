// `pnpm boundaries`: dependency-cruiser over every package of the workspace (pnpm-workspace.yaml,
// the one list, through workspacePackages.cjs) against the rules of .dependency-cruiser.cjs. A new
// package is checked without editing this file or package.json.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { root, workspacePackages } = require('./workspacePackages.cjs');

const depcruise = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');
const result = spawnSync(depcruise, [...workspacePackages(), '--config', '.dependency-cruiser.cjs', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
