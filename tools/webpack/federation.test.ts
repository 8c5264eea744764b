import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { sharedSingletons } = require('./federation.cjs') as {
  sharedSingletons: (dir: string) => Record<string, { singleton: boolean; requiredVersion: string; version?: string }>;
};

const root = join(__dirname, '..', '..');
/** The workspace's pinned versions (pnpm-workspace.yaml's catalog). */
const catalog = Object.fromEntries(
  [...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^ {2}'?([@\w/.-]+)'?: '?([\d.]+)'?$/gm)].map(([, name, version]) => [name, version]),
);

describe('the modules shared by the shell and every remote', () => {
  const shared = sharedSingletons(join(root, 'shell'));

  it('are each one instance per page', () => {
    for (const [name, entry] of Object.entries(shared)) expect([name, entry.singleton]).toEqual([name, true]);
  });

  it('require the version the workspace pins, or a later compatible one', () => {
    for (const pkg of ['react', 'react-dom', 'styled-components', 'i18next', 'firebase', '@tanstack/react-query']) {
      expect(catalog[pkg]).toBeDefined();
    }
    expect(shared.react!.requiredVersion).toBe(`^${catalog.react}`);
    expect(shared['react/jsx-runtime']!.requiredVersion).toBe(`^${catalog.react}`);
    expect(shared['react-dom/client']!.requiredVersion).toBe(`^${catalog['react-dom']}`);
    expect(shared['styled-components']!.requiredVersion).toBe(`^${catalog['styled-components']}`);
    expect(shared.i18next!.requiredVersion).toBe(`^${catalog.i18next}`);
    expect(shared['@tanstack/react-query']!.requiredVersion).toBe(`^${catalog['@tanstack/react-query']}`);
  });

  it("give Firebase's compat subpaths, whose own package.json has no version, the package's version", () => {
    for (const subpath of ['firebase/compat/app', 'firebase/compat/auth']) {
      expect(shared[subpath]).toEqual({ singleton: true, version: catalog.firebase, requiredVersion: `^${catalog.firebase}` });
    }
  });

  it("include the site's shared package and the query client, whose contexts must be the page's one module", () => {
    expect(Object.keys(shared)).toEqual(expect.arrayContaining(['@site/shared-ui', '@tanstack/react-query']));
  });
});
