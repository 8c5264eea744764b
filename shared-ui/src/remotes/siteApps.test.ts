/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_APPS, REMOTE_NAMES, SHELL_APP, SITE_APPS, remoteFolder } from './siteApps';

const root = join(__dirname, '..', '..', '..');

const readAppOptions = require(join(root, 'tools', 'readAppOptions.cjs')) as (dir: string) => { name: string };
const { remotePages } = require(join(root, 'tools', 'remotePages.cjs')) as { remotePages: (dir: string, name: string) => { exposes: Record<string, string> } };

const jestProjects = (require(join(root, 'jest.config.cjs')) as { projects: string[] }).projects;
const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');

describe("the list of the site's apps", () => {
  it.each(SITE_APPS.map((app) => [app.name, app] as const))('has %s as a workspace package with its webpack config and its unit tests', (_, app) => {
    const dir = join(root, app.folder);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe(app.package);
    expect(workspace).toMatch(new RegExp(`^\\s+- ['"]?${app.folder}['"]?$`, 'm'));
    expect(readAppOptions(dir).name).toBe(app.name);
    expect(jestProjects).toContain(`<rootDir>/${app.folder}/jest.config.cjs`);
    expect(existsSync(join(dir, 'jest.config.cjs'))).toBe(true);
  });

  it('lists every remote of the workspace (a folder mfe-*), each with pages it exposes, on a port of its own', () => {
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && /^mfe-/.test(e.name))
      .map((e) => e.name);
    expect(REMOTE_APPS.map((app) => app.folder).sort()).toEqual(folders.sort());
    for (const app of REMOTE_APPS) expect(Object.keys(remotePages(join(root, app.folder), app.name).exposes)).not.toHaveLength(0);
    expect(new Set(SITE_APPS.map((app) => app.port)).size).toBe(SITE_APPS.length);
    expect(new Set(SITE_APPS.map((app) => app.name)).size).toBe(SITE_APPS.length);
  });

  it('names remotes as the remotes document and the deployment store do', () => {
    expect(REMOTE_NAMES).toEqual(['mfe_marketing', 'mfe_auth', 'mfe_account']);
    expect(remoteFolder('mfe_account')).toBe('mfe-account');
    expect(SHELL_APP.port).toBe(3000);
  });
});
