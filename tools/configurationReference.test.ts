// docs/configuration.md, the configuration reference, against the code: every environment variable
// the tracked source reads is in the reference's tables, every variable the tables list is read
// somewhere, and each package's product code reads process.env in one module only. The scanner
// knows the forms the code uses; a form it cannot read (a computed name, the whole environment
// handed to a parser…) fails, unless that line is on UNREADABLE_FORMS below, which says why and
// which names it reads.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const REFERENCE = 'docs/configuration.md';
const SELF = relative(root, __filename);

/** The source files the scan reads: tracked code (and new files git does not ignore), without dependencies, builds and lockfiles. */
const CODE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0');
  return [...new Set(listed)]
    .filter((path) => CODE.test(path) && !path.endsWith('.d.ts') && !path.endsWith('.d.mts') && !path.endsWith('.d.cts'))
    .filter((path) => !/(^|\/)(node_modules|dist|\.deploy|\.data)\//.test(path) && !/lock\.(json|yaml)$/.test(path))
    .filter((path) => path !== SELF && existsSync(join(root, path)))
    .sort();
}

/** The names a line reads: listed, collected by a pattern (from the line, its file or every file), or computed. */
type Names = { literal: string[] } | { collect: RegExp; in: 'line' | 'file' | 'all' } | { computed: () => string[] };

interface Unreadable {
  file: string;
  /** A fragment of the line (lines containing it are this entry's). */
  line: string;
  names: Names;
  reason: string;
}

const NAME = '[A-Z_][A-Z0-9_]*';

/** The site's apps' names (the shell's in shared-ui/src/remotes/siteApps.ts, the remotes' in contract/src/remotes.ts), each of which has its <NAME>_PORT. */
function sitePortVariables(): string[] {
  const names = [join('shared-ui', 'src', 'remotes', 'siteApps.ts'), join('contract', 'src', 'remotes.ts')].flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    // `name: 'shell'`, `{ name: 'mfe_auth', port: 3002 }`.
    const apps = [...text.matchAll(/\bname: '([a-z_]+)'/g)].map((m) => `${m[1]!.toUpperCase()}_PORT`);
    if (apps.length === 0) throw new Error(`${file}: no app names found (the scan of <NAME>_PORT needs them)`);
    return apps;
  });
  return names;
}

/** Each language's contact variables (CONTACT_PHONE_RO, CONTACT_EMAIL_EN…), from the site's locales (contract/src/locales.ts). */
function contactVariables(): string[] {
  const text = readFileSync(join(root, 'contract', 'src', 'locales.ts'), 'utf8');
  const list = /LOCALES = \[([^\]]*)\]/.exec(text)?.[1];
  const locales = [...(list ?? '').matchAll(/'([a-z]+)'/g)].map((m) => m[1]!.toUpperCase());
  if (locales.length === 0) throw new Error('contract/src/locales.ts: no LOCALES list found (the scan of CONTACT_*_<LOCALE> needs it)');
  return locales.flatMap((locale) => [`CONTACT_PHONE_${locale}`, `CONTACT_EMAIL_${locale}`]);
}

/** The lines whose reads the scanner cannot see by itself, each with what it reads and why it is written so. */
const UNREADABLE_FORMS: Unreadable[] = [
  {
    file: 'site-server/src/runtimeConfig.ts',
    line: 'env[`CONTACT_PHONE_${locale.toUpperCase()}`]',
    names: { computed: contactVariables },
    reason: "each language's contact details, named after the language: one rule for every locale of the contract's list",
  },
  {
    file: 'site-server/src/runtimeConfig.ts',
    line: 'env[`${app.name.toUpperCase()}_PORT`]',
    names: { computed: sitePortVariables },
    reason: "each app's port, named after the app (SHELL_PORT, MFE_ACCOUNT_PORT…): one rule for every app of shared-ui's list",
  },
  {
    file: 'site-server/src/runtimeConfig.ts',
    line: 'const secret = env[name] || undefined;',
    names: { collect: new RegExp(`configuredSecret\\(\\s*\\w+,\\s*'(${NAME})'`, 'g'), in: 'all' },
    reason: "configuredSecret(env, 'NAME', …): every secret fails closed the same way; its callers name the variable",
  },
  {
    file: 'site-server/src/operator.ts',
    line: 'env[name]',
    names: { collect: /^\s+\w+: '(OPERATOR_[A-Z0-9_]+)'/gm, in: 'file' },
    reason: 'the operator variables, read from their list (OPERATOR_VARIABLES): each required alike outside local mode',
  },
  {
    file: 'site-server/src/releaseState.ts',
    line: '.find((name) => env[name])',
    names: { collect: /'(RELEASE_(?:DATABASE|S3)_[A-Z0-9_]+)'/g, in: 'file' },
    reason: 'STATE_VARIABLES and S3_VARIABLES: any of them set without RELEASE_STORE=postgres+s3 refuses the start, named',
  },
  {
    file: 'service-user/src/environment.ts',
    line: 'schema.safeParse(env)',
    names: { computed: userServiceSchemaKeys },
    reason: "the user service's variables are its zod schema's keys, parsed and refused together (loadConfig)",
  },
  {
    file: 'bench/run.mjs',
    line: 'const only = (name, all) => (process.env[name]',
    names: { collect: new RegExp(`only\\('(${NAME})'`, 'g'), in: 'file' },
    reason: 'the comma-separated selections (BENCH_SITES, BENCH_ROUTES, BENCH_PRESETS), read by one helper',
  },
  {
    file: 'bench/run.mjs',
    line: '.some((name) => process.env[name])',
    names: { collect: new RegExp(`'(${NAME})'`, 'g'), in: 'line' },
    reason: 'whether any selection is set (a partial run is not recorded as a calibration)',
  },
  {
    file: 'release/src/localMode.ts',
    line: 'Object.keys(env).find((name) => /^RELEASE_(DATABASE|S3)_/.test(name) && env[name])',
    names: { literal: [] },
    reason: "any RELEASE_DATABASE_* or RELEASE_S3_* setting makes the store a deployment (by prefix: a misspelt one too); the named ones are releaseState.ts's",
  },
  {
    file: 'release/src/localMode.ts',
    line: 'ADDRESSES.find((name) => env[name]',
    names: { collect: /(?<=const ADDRESSES = \[[^\]]*)'([A-Z_][A-Z0-9_]*)'/g, in: 'file' },
    reason: 'the addresses the release command uses (ADDRESSES), each checked alike: on this machine or not',
  },
  {
    file: 'release/src/localMode.test.ts',
    line: 'Object.entries(process.env).filter',
    names: { literal: [] },
    reason: "a test running the command with the machine's environment, without what the tests set",
  },
  {
    file: 'bench/src/layoutShiftFigures.ts',
    line: 'env[name]',
    names: { collect: /number\('([A-Z_][A-Z0-9_]*)'/g, in: 'file' },
    reason: "the layout-shift run's numeric options, read and refused by one helper (number('SHIFT_…', default, bounds))",
  },
  {
    file: 'site-server/src/bench/pipelineAttack.ts',
    line: 'Number(process.env[name] || fallback)',
    names: { collect: new RegExp(`number\\('(${NAME})'`, 'g'), in: 'file' },
    reason: "the attack's numeric knobs, read by one helper with their defaults",
  },
  {
    file: 'site-server/src/viewTokens.test.ts',
    line: 'delete process.env[name]',
    names: { literal: [] },
    reason: 'a test restoring the environment it changed (the operator variables, read by operator.ts)',
  },
  {
    file: 'site-server/src/viewTokens.test.ts',
    line: 'Object.assign(process.env',
    names: { literal: [] },
    reason: 'a test setting NODE_ENV=production and the operator variables, read by the code under test',
  },
  {
    file: 'release/src/storeFailures.test.ts',
    line: 'Object.assign(process.env',
    names: { literal: [] },
    reason: 'a test giving the S3 client its credentials, as release/src/testing/stores.ts does',
  },
  {
    file: 'release/src/testing/stores.ts',
    line: 'Object.assign(process.env',
    names: { literal: [] },
    reason: 'a test helper giving the S3 client its credentials, which the AWS SDK reads itself (the reference says so, outside its tables)',
  },
];

/** The keys of the user service's schema (service-user/src/environment.ts): one per line, `  NAME: z…`. */
function userServiceSchemaKeys(): string[] {
  const text = readFileSync(join(root, 'service-user', 'src', 'environment.ts'), 'utf8');
  const block = /const schema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(text);
  if (!block) throw new Error('service-user/src/environment.ts: the schema (const schema = z.object({…});) was not found');
  const keys = [...block[1].matchAll(new RegExp(`^  (${NAME}):`, 'gm'))].map((m) => m[1]);
  if (keys.length === 0) throw new Error('service-user/src/environment.ts: the schema has no keys the scan can read');
  return keys;
}

/** What reads an environment: process.env, or a record of it named `env` (the code's one name for it). */
const ENV = String.raw`(?:\bprocess\.env|(?<![.\w])env)`;
const FORMS = {
  /** process.env.NAME, env.NAME, env?.NAME */
  dotted: new RegExp(`${ENV}\\??\\.(${NAME})\\b`, 'g'),
  /** process.env['NAME'], env["NAME"], env[`NAME`] */
  indexed: new RegExp(`${ENV}\\??\\[\\s*(['"\`])(${NAME})\\1\\s*\\]`, 'g'),
  /** const { A, B: b, C = 'x' } = process.env (or env) */
  destructured: new RegExp(`\\{([^{}]*)\\}\\s*=\\s*${ENV}(?![\\w.?\\[])`, 'g'),
};
/** Forms the scanner cannot read: each line with one must be on UNREADABLE_FORMS. */
const UNREADABLE = [
  { form: 'a computed name (env[expression])', pattern: new RegExp(`${ENV}\\??\\[(?!\\s*(['"\`])${NAME}\\1\\s*\\])`) },
  {
    form: 'the whole environment parsed or enumerated',
    pattern: new RegExp(`(?:\\.(?:safeParse|parse)|Object\\.(?:keys|values|entries|assign|fromEntries))\\(\\s*${ENV}(?![\\w.?\\[])`),
  },
  { form: 'for … in the environment', pattern: new RegExp(`\\bfor\\s*\\([^)]*\\bin\\s+${ENV}\\b`) },
  { form: 'process.env under another name', pattern: /\b(?:const|let|var)\s+(?!env\b)\w+\s*=\s*process\.env(?![\w.?[])/ },
  { form: 'an environment parameter not named env', pattern: /\b(?!env\b)\w+\??\s*:\s*(?:NodeJS\.ProcessEnv|Record<string, string \| undefined>)\s*=/ },
  { form: 'another runtime’s environment', pattern: /\b(?:Bun|Deno)\.env\b|\bimport\.meta\.env\b/ },
];

const isComment = (line: string) => /^\s*(?:\/\/|\/?\*)/.test(line);

interface Scan {
  /** Variable → the files reading it. */
  reads: Map<string, Set<string>>;
  /** Lines with a form the scanner cannot read and no entry of UNREADABLE_FORMS. */
  unreadable: string[];
  /** Entries of UNREADABLE_FORMS that match no line (stale), or whose names were not found. */
  stale: string[];
}

function scan(files: string[], texts: (file: string) => string): Scan {
  const reads = new Map<string, Set<string>>();
  const read = (name: string, file: string) => reads.set(name, (reads.get(name) ?? new Set()).add(file));
  const unreadable: string[] = [];
  const used = new Set<Unreadable>();
  const all = () => files.map(texts).join('\n');
  for (const file of files) {
    const lines = texts(file).split('\n');
    lines.forEach((line, index) => {
      if (isComment(line)) return;
      for (const m of line.matchAll(FORMS.dotted)) read(m[1], file);
      for (const m of line.matchAll(FORMS.indexed)) read(m[2], file);
      for (const m of line.matchAll(FORMS.destructured))
        for (const part of m[1].split(',')) {
          const key = part.trim().split(/[:=\s]/)[0];
          if (key.startsWith('...')) unreadable.push(`${file}:${index + 1}: the rest of the environment (...${key.slice(3)}) is read under another name`);
          else if (key) read(key, file);
        }
      const forms = UNREADABLE.filter(({ pattern }) => pattern.test(line));
      if (forms.length === 0) return;
      const entry = UNREADABLE_FORMS.find((e) => e.file === file && line.includes(e.line));
      if (!entry) {
        unreadable.push(`${file}:${index + 1}: ${forms.map((f) => f.form).join(', ')}: ${line.trim()}`);
        return;
      }
      used.add(entry);
      const names =
        'literal' in entry.names
          ? entry.names.literal
          : 'computed' in entry.names
            ? entry.names.computed()
            : [...(entry.names.in === 'all' ? all() : entry.names.in === 'line' ? line : texts(file)).matchAll(entry.names.collect)].map((m) => m[1]);
      if (names.length === 0 && !('literal' in entry.names)) unreadable.push(`${file}:${index + 1}: its entry of UNREADABLE_FORMS finds no variable names`);
      for (const name of names) read(name, file);
    });
  }
  const stale = UNREADABLE_FORMS.filter((entry) => files.includes(entry.file) && !used.has(entry)).map((e) => `${e.file}: "${e.line}" (no such line any more)`);
  return { reads, unreadable, stale };
}

/** The variables the reference's tables list: rows whose first cell is a `NAME` in backticks. */
function documented(markdown: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3}\s+(.*)/.exec(line);
    if (heading) section = heading[1];
    const row = new RegExp(`^\\|\\s*\`(${NAME})\`\\s*\\|(.*)\\|\\s*$`).exec(line);
    if (!row) continue;
    const cells = row[2].split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (cells.length < 2 || cells.some((cell) => cell === '')) throw new Error(`${REFERENCE}: the row of ${row[1]} needs a default and a meaning`);
    rows.set(row[1], [...(rows.get(row[1]) ?? []), section]);
  }
  return rows;
}

/** The package a file belongs to: its first folder (the root's own files: '.'). */
const packageOf = (file: string) => (file.includes('/') ? file.split('/')[0] : '.');

/** Tests, their helpers and configuration, and the end-to-end suite: not product code (the one-module rule is not theirs). */
const isTestCode = (file: string) =>
  /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || /(^|\/)testing\//.test(file) || /(^|\/)jest\.[\w.]*[cm]?js$/.test(file) || file.startsWith('e2e/');

/** Each package's one module that reads process.env. */
const CONFIGURATION_MODULES: Record<string, string> = {
  'site-server': 'site-server/src/config.ts',
  'service-user': 'service-user/src/environment.ts',
  // The command's entry: it reads the process's environment once, applies local mode's rule
  // (localMode.ts) and hands it to every module it calls.
  release: 'release/src/cli.ts',
};

/** Product modules (or, ending with '/', folders) that read process.env besides their package's configuration module, each with why. */
const SEPARATE_READERS: Record<string, string> = {
  'site-server/src/bench/pipelineAttack.ts': 'a standalone benchmark script (npm run bench:attack), run as its own process: its own knobs',
  'site-server/src/bench/attackTarget.ts': "the attack's target, a child process the benchmark starts and configures through its environment",
  'service-user/bench/bare.ts': "a standalone benchmark server (the bare framework's floor), started by bench/load.ts with its environment",
  'service-user/bench/deletionLoops.ts': 'a standalone benchmark script, run as its own process: its own knobs',
  'service-user/bench/deletionServer.ts': "the deletion benchmark's server, a child process; it reads the service's configuration through loadConfig",
  'service-user/bench/load.ts': 'a standalone benchmark script, run as its own process: its own knobs',
  'bench/run.mjs': "the benchmark's command (npm run bench), a process of its own: its knobs at its top",
  'bench/load.mjs': 'a standalone script (npm run bench:load), run by bench/run.mjs as a child process with its environment',
  'bench/layout-shifts.mjs': 'a standalone script (its own npm script), a process of its own: its knobs at its top',
  'bench/single-bundle/serve.mjs': "the single-bundle baseline's server, a child process bench/run.mjs configures through its environment",
  'bench/emulatorSignIn.mjs': "reads the browser configuration the site's server would give (runtimeConfig.browserConfig) for the process it runs in",
  'bench/src/servers.mjs': 'hands the environment of the process it runs in to the servers it starts (a default, overridden by its callers)',
  'tools/chromium.mjs': "CHROMIUM_PATH for the tests' and the benchmark's browser: each tool of tools/ is a script or module of its own",
  'tools/ensure-chromium.mjs': 'a standalone script (the CI and the test command run it): CHROMIUM_PATH, and the environment handed to apt-get',
  'tools/pnpm.mjs': 'a standalone script, the entry of every command (it hands its environment to pnpm)',
  'tools/webpack/federation.cjs': "sets FEDERATION_WEBPACK_PATH for the Module Federation plugin, which reads it (the builds' webpack)",
};

describe('the configuration reference (docs/configuration.md)', () => {
  const files = trackedSources();
  const cache = new Map<string, string>();
  const texts = (file: string) => cache.get(file) ?? cache.set(file, readFileSync(join(root, file), 'utf8')).get(file)!;
  const { reads, unreadable, stale } = scan(files, texts);
  const reference = documented(readFileSync(join(root, REFERENCE), 'utf8'));

  it('reads every environment read of the code: no form it cannot read, no stale exception', () => {
    expect(unreadable).toEqual([]);
    expect(stale).toEqual([]);
    expect(reads.size).toBeGreaterThan(50);
  });

  it('lists every variable the code reads', () => {
    const missing = [...reads.keys()].filter((name) => !reference.has(name)).map((name) => `${name} (read by ${[...reads.get(name)!].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('lists no variable nobody reads', () => {
    expect([...reference.keys()].filter((name) => !reads.has(name))).toEqual([]);
  });

  it("reads process.env in each package's product code in one module (the exceptions say why)", () => {
    const readers = files.filter(
      (file) =>
        !isTestCode(file) &&
        texts(file)
          .split('\n')
          .some((line) => !isComment(line) && /\bprocess\.env\b/.test(line)),
    );
    const excepted = (file: string) => Object.keys(SEPARATE_READERS).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    const stray = readers.filter((file) => CONFIGURATION_MODULES[packageOf(file)] !== file && !excepted(file));
    expect(stray).toEqual([]);
    // An exception for a module (or a folder) that no longer reads it is stale.
    const stale = Object.keys(SEPARATE_READERS).filter((entry) => !readers.some((file) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)));
    expect(stale).toEqual([]);
    expect(Object.values(CONFIGURATION_MODULES).filter((file) => !readers.includes(file))).toEqual([]);
  });
});
