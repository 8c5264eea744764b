import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const { baseConfig } = require('./base.cjs') as {
  baseConfig: (app: { dir: string; name: string }, production: boolean) => { resolve: { extensions: string[]; alias: Record<string, string> } };
};
// webpack's own resolver, as a browser build of an ES module resolves an import.
const { ResolverFactory, CachedInputFileSystem } = require(require.resolve('enhanced-resolve', { paths: [dirname(require.resolve('webpack'))] })) as {
  ResolverFactory: { createResolver(options: Record<string, unknown>): { resolveSync(context: object, path: string, request: string): string | false } };
  CachedInputFileSystem: new (fs: unknown, duration: number) => unknown;
};

const root = join(__dirname, '..', '..');
const routerDom = dirname(require.resolve('react-router-dom/package.json', { paths: [join(root, 'shared-ui')] }));

/** The file `request` (imported by react-router-dom) is, as a build with `alias` resolves it. */
function resolvedFromRouterDom(request: string, alias: Record<string, string>): string {
  const resolver = ResolverFactory.createResolver({
    fileSystem: new CachedInputFileSystem(require('node:fs'), 4000),
    useSyncFileSystemCalls: true,
    conditionNames: ['import', 'module', 'webpack', 'production', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    extensions: ['.tsx', '.ts', '.js', '.json'],
    alias,
  });
  const resolved = resolver.resolveSync({}, routerDom, request);
  if (!resolved) throw new Error(`${request} did not resolve`);
  return resolved;
}

/** Whether the react-router build a file belongs to turns its development warnings on. */
const devWarnings = (file: string): boolean[] => {
  const dir = dirname(file);
  const chunks = [...readFileSync(file, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map(([, chunk]) => join(dir, chunk!));
  return [file, ...chunks].flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/var ENABLE_DEV_WARNINGS = (true|false);/g)].map(([, on]) => on === 'true'));
};

describe("the builds' react-router", () => {
  const app = { dir: join(root, 'shell'), name: 'shell' };

  it('is its production build in a production build, without its development warnings', () => {
    const { alias } = baseConfig(app, true).resolve;
    for (const request of ['react-router', 'react-router/dom']) {
      const file = resolvedFromRouterDom(request, alias);
      expect(file).toContain(join('dist', 'production'));
      expect(devWarnings(file)).toContain(false);
      expect(devWarnings(file)).not.toContain(true);
    }
  });

  it('is what its package names (its development build) in a development build, and was in production without the alias', () => {
    const file = resolvedFromRouterDom('react-router', baseConfig(app, false).resolve.alias);
    expect(file).toContain(join('dist', 'development'));
    expect(devWarnings(file)).toContain(true);
  });
});
