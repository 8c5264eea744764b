// When tools/pnpm.mjs installs the dependencies (installState.cjs): on a fresh tree and after a
// change of what the install depends on, and not otherwise. Played on a small workspace in a
// temporary folder, with a stand-in for `pnpm install` that writes what pnpm writes.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { STAMP, installIfNeeded, installReason, workspaceFolders } = require('./installState.cjs') as {
  STAMP: string;
  installIfNeeded: (root: string, install: () => number, say?: (reason: string) => void) => number;
  installReason: (root: string) => string | null;
  workspaceFolders: (root: string, text: string) => string[];
};

let root: string;
let installs: number;

const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** What pnpm install leaves: its records of the tree and each package's node_modules/. */
const pnpmInstall = () => {
  installs += 1;
  write('node_modules/.modules.yaml', 'layoutVersion: 5\n');
  write('node_modules/.pnpm/lock.yaml', 'lockfileVersion: 9.0\n');
  for (const folder of ['app', 'packages/lib']) mkdirSync(join(root, folder, 'node_modules'), { recursive: true });
  return 0;
};

/** One `node tools/pnpm.mjs …`: whether it installed, and why. */
const command = (install: () => number = pnpmInstall) => {
  const before = installs;
  const reasons: string[] = [];
  const status = installIfNeeded(root, install, (reason) => reasons.push(reason));
  return { installed: installs > before, reason: reasons[0] ?? null, status };
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'install-state-'));
  installs = 0;
  write('package.json', '{"name":"root","packageManager":"pnpm@10.34.8"}');
  write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n");
  write('pnpm-workspace.yaml', "packages:\n  - app\n  - 'packages/*' # every library\n\ncatalog:\n  react: 19.3.1\n");
  write('app/package.json', '{"name":"app"}');
  write('packages/lib/package.json', '{"name":"lib"}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether tools/pnpm.mjs installs the dependencies', () => {
  it('installs on a fresh tree (a clean clone: no node_modules), then not again while nothing changed', () => {
    expect(command()).toEqual({ installed: true, reason: 'no node_modules', status: 0 });
    expect(existsSync(join(root, STAMP))).toBe(true);
    expect(command()).toEqual({ installed: false, reason: null, status: 0 });
    expect(command().installed).toBe(false);
  });

  it('installs when the lockfile changed', () => {
    command();
    write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n# a new dependency\n");
    expect(command()).toMatchObject({ installed: true, reason: 'pnpm-lock.yaml changed' });
    expect(command().installed).toBe(false);
  });

  it("installs when a package.json changed: the root's, a workspace package's, one found by a glob", () => {
    command();
    for (const file of ['package.json', 'app/package.json', 'packages/lib/package.json']) {
      write(file, '{"name":"changed","dependencies":{"zod":"catalog:"}}');
      expect(command()).toMatchObject({ installed: true, reason: `${file} changed` });
      expect(command().installed).toBe(false);
    }
  });

  it('installs when a package.json changed though the packages: list is written in a form it does not read (a flow sequence)', () => {
    write('pnpm-workspace.yaml', 'packages: [app]\n');
    command();
    write('app/package.json', '{"name":"app","dependencies":{"zod":"catalog:"}}');
    expect(command()).toMatchObject({ installed: true, reason: 'app/package.json changed' });
  });

  it('installs when the workspace changed: pnpm-workspace.yaml, a package added', () => {
    command();
    write('packages/new/package.json', '{"name":"new"}');
    expect(command()).toMatchObject({ installed: true, reason: 'packages/new/package.json changed' });
    write('pnpm-workspace.yaml', 'packages:\n  - app\n');
    expect(command()).toMatchObject({ installed: true, reason: 'pnpm-workspace.yaml, packages/lib/package.json, packages/new/package.json changed' });
    expect(command().installed).toBe(false);
  });

  it("installs when node_modules was removed, or a package's node_modules", () => {
    command();
    rmSync(join(root, 'node_modules'), { recursive: true });
    expect(command()).toMatchObject({ installed: true, reason: 'no node_modules' });
    rmSync(join(root, 'packages/lib/node_modules'), { recursive: true });
    expect(command()).toMatchObject({ installed: true, reason: 'packages/lib/node_modules is missing' });
    expect(command().installed).toBe(false);
  });

  it("installs when pnpm's record of the tree is missing or was rewritten since (an install or `pnpm add` run by hand)", () => {
    command();
    rmSync(join(root, 'node_modules/.pnpm/lock.yaml'));
    expect(command()).toMatchObject({ installed: true, reason: 'node_modules/.pnpm/lock.yaml is missing' });
    utimesSync(join(root, 'node_modules/.modules.yaml'), new Date(), new Date(Date.now() + 5000));
    expect(command()).toMatchObject({ installed: true, reason: 'the installed tree changed (node_modules/.modules.yaml)' });
    expect(command().installed).toBe(false);
  });

  it('leaves no stamp after a failed install, so that the next command installs again', () => {
    command();
    write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n# broken\n");
    const failing = () => {
      installs += 1;
      return 1;
    };
    expect(command(failing)).toEqual({ installed: true, reason: 'pnpm-lock.yaml changed', status: 1 });
    expect(existsSync(join(root, STAMP))).toBe(false);
    expect(installReason(root)).toBe('no record of a finished install');
    expect(command()).toMatchObject({ installed: true, status: 0 });
    expect(command().installed).toBe(false);
  });

  it('reads the packages: list of pnpm-workspace.yaml without the yaml package (not installed yet)', () => {
    mkdirSync(join(root, 'libs', 'one'), { recursive: true });
    mkdirSync(join(root, 'libs', 'two'), { recursive: true });
    const text = 'packages:\n  # the apps\n  - "shell"\n  - libs/*\n  - "!libs/two"\n  - missing/*\ncatalog:\n  - not-a-package\n';
    expect(workspaceFolders(root, text).sort()).toEqual(['libs/one', 'libs/two', 'shell']);
    expect(workspaceFolders(root, 'catalog:\n  react: 1\n')).toEqual([]);
  });
});
