import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { EAGER_COMPILE_HINT, SHELL_LIBRARY_CHUNKS, eagerlyCompiled, precompressed } = require('./chunks.cjs') as {
  EAGER_COMPILE_HINT: string;
  eagerlyCompiled: (production: boolean, isHost: boolean) => object[];
  SHELL_LIBRARY_CHUNKS: Record<string, { test: RegExp | ((module: { nameForCondition: () => string }) => boolean); name: string; priority: number }>;
  precompressed: (production: boolean) => { options: { filename: string; algorithm: string; test: RegExp } }[];
};

/** The cache group webpack gives a module: the matching group of the highest priority. */
function fileOf(resource: string): string | undefined {
  const module = { nameForCondition: () => resource };
  const matching = Object.values(SHELL_LIBRARY_CHUNKS).filter(({ test }) => (typeof test === 'function' ? test(module) : test.test(resource)));
  return matching.sort((a, b) => b.priority - a.priority)[0]?.name;
}

const pnpm = (pkg: string, file: string) => join('/site', 'node_modules', '.pnpm', `${pkg.replace('/', '+')}@1.0.0`, 'node_modules', pkg, file);

describe("the shell's shared code in four files", () => {
  it('puts React, its renderer and its scheduler in a file of their own, the other libraries every page runs in the libraries file, installed by pnpm or not', () => {
    expect(fileOf(pnpm('react-dom', 'cjs/react-dom-client.production.js'))).toBe('react');
    expect(fileOf(join('/site', 'node_modules', 'react', 'cjs', 'react.production.js'))).toBe('react');
    expect(fileOf(pnpm('scheduler', 'cjs/scheduler.production.js'))).toBe('react');
    expect(fileOf(pnpm('react-router', 'dist/production/index.mjs'))).toBe('vendor');
    expect(fileOf(pnpm('react-i18next', 'dist/es/index.js'))).toBe('vendor');
    expect(fileOf(pnpm('styled-components', 'dist/index.js'))).toBe('vendor');
    expect(fileOf(join('/site', 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js'))).toBe('vendor');
  });

  it('leaves the field-speed library out of every shared file: it loads once the page is idle, in a file of its own', () => {
    expect(fileOf(pnpm('web-vitals', 'dist/web-vitals.js'))).toBeUndefined();
  });

  it('puts the auth SDK in a file of its own, and the site code with what its early start needs in the site file', () => {
    expect(fileOf(pnpm('@firebase/auth', 'dist/esm/index.js'))).toBe('firebase');
    expect(fileOf(pnpm('firebase', 'compat/app/dist/index.esm.js'))).toBe('firebase');
    expect(fileOf(join('/site', 'shared-ui', 'src', 'session', 'session.ts'))).toBe('site');
    expect(fileOf(join('/site', 'contract', 'src', 'telemetry.ts'))).toBe('site');
    expect(fileOf(pnpm('jose', 'dist/webapi/index.js'))).toBe('site');
    expect(fileOf(pnpm('js-cookie', 'dist/js.cookie.mjs'))).toBe('site');
  });

  it("leaves the shell's and the remotes' own code to webpack's default chunks", () => {
    expect(fileOf(join('/site', 'shell', 'src', 'header', 'Header.tsx'))).toBeUndefined();
    expect(fileOf(join('/site', 'mfe-account', 'src', 'features', 'account', 'AccountPage.tsx'))).toBeUndefined();
  });
});

describe('compression at build time', () => {
  it('writes a Brotli and a gzip copy of code, styles and images beside each file in production', () => {
    const plugins = precompressed(true);
    expect(plugins.map(({ options }) => [options.filename, options.algorithm])).toEqual([
      ['[path][base].br', 'brotliCompress'],
      ['[path][base].gz', 'gzip'],
    ]);
    for (const { options } of plugins) {
      expect(['main.js', 'site.css', 'logo.svg'].every((file) => options.test.test(file))).toBe(true);
      expect(options.test.test('mf-manifest.json')).toBe(false);
    }
  });

  it('compresses nothing in development', () => {
    expect(precompressed(false)).toEqual([]);
  });
});

describe("the shell's entry compiled as it streams in", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'eager-compile-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A production build (minified, with source maps) of an entry and a chunk it loads later, with `plugins`. */
  async function build(plugins: object[]): Promise<{ main: string; map: { file: string; mappings: string }; later: string }> {
    const webpack = require('webpack');
    writeFileSync(join(dir, 'entry.js'), "export const start = () => import('./later.js').then((m) => m.later('federation'));\nstart();\n");
    writeFileSync(join(dir, 'later.js'), 'export function later(name) { return `${name} started`; }\n');
    const out = join(dir, 'dist');
    rmSync(out, { recursive: true, force: true });
    const stats = await new Promise<{ hasErrors: () => boolean; toString: () => string }>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: { main: './entry.js' },
          devtool: 'source-map',
          output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:12].js' },
          plugins,
        },
        (error: Error | null, result: never) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString());
    const laterFile = readdirSync(out).find((file) => file.endsWith('.js') && file !== 'main.js')!;
    return { main: readFileSync(join(out, 'main.js'), 'utf8'), map: JSON.parse(readFileSync(join(out, 'main.js.map'), 'utf8')), later: readFileSync(join(out, laterFile), 'utf8') };
  }

  it("opens the production main.js with V8's hint, after minification, and leaves the other files without", async () => {
    const { main, map, later } = await build(eagerlyCompiled(true, true));
    expect(EAGER_COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    expect(main.split('\n')[0]).toBe(EAGER_COMPILE_HINT);
    expect(main).toContain('federation');
    expect(later.startsWith(EAGER_COMPILE_HINT)).toBe(false);
    // The source map counts the hint's line: nothing is mapped to it, the code below it is.
    expect(map.file).toBe('main.js');
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(
      map.mappings
        .split(';')
        .slice(1)
        .some((line) => line.length > 0),
    ).toBe(true);
  }, 60_000);

  it("is the shell's alone, in production only", () => {
    expect(eagerlyCompiled(true, false)).toEqual([]);
    expect(eagerlyCompiled(false, true)).toEqual([]);
  });
});
