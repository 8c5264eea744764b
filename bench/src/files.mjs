// What each file a page fetched is: the shell's code, a shared dependency or a remote's code (from
// the federation manifests and source maps of the builds in each app's dist/), or the single bundle's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_APPS } from '@site/shared-ui/site-apps';

/** @param {{ root: string, ports: Record<string, number> }} site the workspace's folder, and each app's port */
export function fileClassifier({ root, ports }) {
  const manifestOf = (dir) => JSON.parse(readFileSync(join(root, dir, 'dist', 'mf-manifest.json'), 'utf8'));
  /** Each app's folder by its port. */
  const appsByPort = Object.fromEntries(SITE_APPS.map((app) => [ports[app.name], app.folder]));
  const sharedFiles = new Map();
  for (const dir of Object.values(appsByPort)) {
    for (const shared of manifestOf(dir).shared) {
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) sharedFiles.set(`${dir}/${file}`, shared.name);
    }
  }

  /** Whether most of a built chunk's sources are packages (its source map says). */
  function mostlyPackages(app, file) {
    const map = join(root, app, 'dist', `${file}.map`);
    if (!existsSync(map)) return false;
    const { sources } = JSON.parse(readFileSync(map, 'utf8'));
    return sources.filter((source) => source.includes('node_modules')).length > sources.length / 2;
  }

  /** @returns {import('./lighthouseRun').FilePart} */
  function classify(url) {
    const { port, pathname } = new URL(url);
    const app = appsByPort[port];
    if (!app) return { part: 'single bundle', app: 'single', file: pathname };
    const file = pathname.replace(/^\//, '');
    const shared = sharedFiles.get(`${app}/${file}`);
    if (shared) return { part: 'shared dependencies', app, file, shared };
    // The shell's chunks of packages are the shared dependencies' own (react-router and
    // react-i18next ship inside shared-ui, split into a chunk of their own).
    if (app === 'shell' && file.endsWith('.js') && file !== 'main.js' && mostlyPackages(app, file)) return { part: 'shared dependencies', app, file };
    return { part: app === 'shell' ? 'shell' : 'remote code', app, file };
  }

  return { classify, appsByPort };
}
