#!/usr/bin/env node
// The workspace's typecheck (`pnpm typecheck`): one TypeScript program for each set of packages
// whose tsconfig.json compiles alike, instead of one per package.
//
// A package's program also checks every file it imports from the other packages (they export
// their sources), and reads the same ~1,000 declaration files of React, Node.js and the rest:
// eleven programs checked shared-ui, rendering and those declarations again and again, and read
// 1,100–1,300 files each for 115–175 of their own. Packages whose compiler options are equal (the
// browser's packages; the Node.js ones) are checked as one program of all their files, so each
// file is checked once per set of options; a package with options of its own (its `lib`, its
// `types`) keeps a program of its own. The sets are worked out from the packages' own tsconfig.json
// at each run: a new package is checked without editing this file, and each package's own
// `pnpm --filter <package> typecheck` checks exactly what it did.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const { root, workspacePackages } = require('./workspacePackages.cjs');

/** A package's parsed tsconfig.json (null when it has none: plain JavaScript). */
function parsedConfig(folder) {
  const configPath = join(root, folder, 'tsconfig.json');
  if (!ts.sys.fileExists(configPath)) return null;
  const problems = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d) });
  if (!parsed || problems.length > 0 || parsed.errors.length > 0) {
    const messages = [...problems, ...(parsed?.errors ?? [])].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    throw new Error(`${folder}/tsconfig.json: ${messages.join('; ')}`);
  }
  return { folder, configPath, options: parsed.options, files: parsed.fileNames };
}

/** The compiler options as a key: equal keys compile alike (where each config lives aside). */
function optionsKey(options) {
  const { configFilePath: _path, ...rest } = options;
  return JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((name) => [name, rest[name]]),
  );
}

/** The packages in sets of equal options, each set with the union of its packages' files. */
function programsOf(configs) {
  const sets = new Map();
  for (const config of configs) {
    const key = optionsKey(config.options);
    if (!sets.has(key)) sets.set(key, { packages: [], configPath: config.configPath, files: new Set() });
    const set = sets.get(key);
    set.packages.push(config.folder);
    for (const file of config.files) set.files.add(file);
  }
  // The largest first: with two at a time, the longest starts at once.
  return [...sets.values()].sort((a, b) => b.files.size - a.files.size);
}

const configs = workspacePackages().map(parsedConfig).filter(Boolean);
const programs = programsOf(configs);
const generated = join(root, 'node_modules', '.cache', 'typecheck');
mkdirSync(generated, { recursive: true });
const tsc = require.resolve('typescript/bin/tsc');

/** Runs one program's tsc: its output and exit code, printed together once it is done. */
function check({ packages, configPath, files }, index) {
  // The set's options, from its first package's own tsconfig.json; its files, every package's.
  const program = join(generated, `program-${index}.json`);
  writeFileSync(program, JSON.stringify({ extends: configPath, include: [], files: [...files] }, null, 2));
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', program, '--pretty', process.stdout.isTTY ? 'true' : 'false'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`typecheck: ${packages.join(', ')} (${files.size} files of their own, one program): ${code === 0 ? 'no errors' : 'errors'} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = programs.map((program, index) => () => check(program, index));
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await next());
  }),
);
if (results.some((ok) => !ok)) process.exit(1);
