// A remote's pages, from the shell's route table (the one list of the site's pages): what the
// remote's build exposes, each module's source found by its name in the remote's feature folders
// (`./PrivacyPage` is `src/features/<feature>/PrivacyPage.tsx`, PAGE_SOURCE), and the routes its
// local host shows. No webpack config names a page: a page is added to the route table, and its
// component and strings to its remote. tools/webpack.cjs, the single bundle and the tests read it
// here. (A dev server reads the table as it starts: restart it after editing the table.)
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { root } = require('./workspacePackages.cjs');

const ROUTE_TABLE = path.join(root, 'shell', 'src', 'app', 'routeTable.json');

/** The route table as written (shell/src/app/routeTable.json). */
const readRouteTable = () => JSON.parse(readFileSync(ROUTE_TABLE, 'utf8'));

/**
 * Where a page's component is, under the remote's src/features: one feature folder down, named as
 * the page's module. The remotes' local hosts load their pages through a webpack context of the
 * same shape (`src/bootstrap.tsx`).
 */
const PAGE_SOURCE = /^\w+\/[A-Z]\w*Page\.tsx$/;

/** The page components under a remote's src/features, relative to that folder, with `/`. */
function featureSources(appDir) {
  const features = path.join(appDir, 'src', 'features');
  if (!existsSync(features)) throw new Error(`${path.relative(root, appDir)} has no src/features folder, where a remote's pages are`);
  return readdirSync(features, { recursive: true })
    .map((file) => String(file).split(path.sep).join('/'))
    .filter((file) => PAGE_SOURCE.test(file));
}

/** A key's string in an app's strings (`<appDir>/src/i18n/<locale>.json`): a page's title, for the tests that expect it. */
function stringIn(appDir, locale, key) {
  const file = path.join(appDir, 'src', 'i18n', `${locale}.json`);
  const value = key.split('.').reduce((node, part) => (node == null ? undefined : node[part]), JSON.parse(readFileSync(file, 'utf8')));
  if (typeof value !== 'string') throw new Error(`${path.relative(root, file)} has no string ${key}`);
  return value;
}

/**
 * @param {string} appDir the remote's folder
 * @param {string} name its federation name (the route table's `remote`)
 * @returns {{ exposes: Record<string, string>, pages: { path: string, module: string, title: string, source: string }[] }}
 *   exposes: the Module Federation `exposes` (module → source, relative to the remote's folder);
 *   pages: each page's first route, its title's key in the remote's strings, its source under src/features
 */
function remotePages(appDir, name, table = readRouteTable()) {
  const sources = featureSources(appDir);
  const exposes = {};
  const pages = [];
  for (const [page, { remote, module, title }] of Object.entries(table.pages)) {
    if (remote !== name) continue;
    const file = `${String(module).replace(/^\.\//, '')}.tsx`;
    const found = sources.filter((source) => path.posix.basename(source) === file);
    if (found.length !== 1) {
      const where = path.relative(root, path.join(appDir, 'src', 'features'));
      throw new Error(
        `the route table's page "${page}" (${name} ${module}) ` +
          (found.length === 0 ? `has no component ${file} in a feature folder of ${where}` : `is ${found.length} files under ${where}: ${found.join(', ')}`),
      );
    }
    const [source] = found;
    exposes[module] = `./src/features/${source}`;
    const route = table.routes.find((candidate) => candidate.page === page);
    if (!route) throw new Error(`the route table's page "${page}" (${name} ${module}) has no route`);
    pages.push({ path: route.path, module, title, source: `./${source}` });
  }
  return { exposes, pages };
}

module.exports = { PAGE_SOURCE, readRouteTable, remotePages, stringIn };
