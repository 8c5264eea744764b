/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SITE_APPS } from './remotes/siteApps';

const root = join(__dirname, '..', '..');
const APPS = SITE_APPS.map((app) => app.folder);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('lets no app import react-router-dom or react-i18next but through shared-ui (one instance of each)', () => {
  const offenders = APPS.flatMap((app) => sources(join(root, app, 'src')))
    .filter((file) => /from '(react-router-dom|react-router|react-i18next)'/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
  expect(offenders).toEqual([]);
});

it("lets only the shell's start import shared-ui's start entries (./i18n, ./router, ./components): an app importing one would have a copy of its own", () => {
  const offenders = APPS.flatMap((app) => sources(join(root, app, 'src')))
    .filter((file) => /from '@site\/shared-ui\/(i18n|router|components)'|import\([^)]*'@site\/shared-ui\/(i18n|router|components)'\)/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .filter((file) => !/^shell\/src\/bootstrap(\.test)?\.tsx?$/.test(file));
  expect(offenders).toEqual([]);
});
