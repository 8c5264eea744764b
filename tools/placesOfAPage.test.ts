// What docs/development.md says a new public page touches, checked on the pages there are: its
// component is named, in the site's code, by its own file and by the route table only (the remote's
// exposes, its local host, the single bundle, the servers and the journeys all follow from the
// table), and its title is a string of its remote's strings in every language. The guide's list
// has as many files as that: four.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const { root, workspacePackages } = require('./workspacePackages.cjs') as { root: string; workspacePackages: () => string[] };
const { readRouteTable, remotePages } = require('./remotePages.cjs') as {
  readRouteTable: () => { pages: Record<string, { remote: string; module: string; title: string }> };
  remotePages: (dir: string, name: string) => { exposes: Record<string, string> };
};
const readAppOptions = require('./readAppOptions.cjs') as (dir: string) => { name: string; isHost?: boolean };
const table = readRouteTable();

/** Each page's component, as the build exposes it: `<remote's folder>/src/features/…`, by the page's module. */
const componentOf = new Map(
  workspacePackages()
    .filter((folder) => existsSync(join(root, folder, 'webpack.config.cjs')) && !readAppOptions(join(root, folder)).isHost)
    .flatMap((folder) => {
      const { name } = readAppOptions(join(root, folder));
      return Object.entries(remotePages(join(root, folder), name).exposes).map(([module, source]) => [`${name} ${module}`, `${folder}/${source.slice(2)}`]);
    }),
);

/** The site's code: its sources (a new file too, before git knows it), without tests, their fixtures, the journeys or the docs. */
const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx', '*.cjs', '*.mjs', '*.js', '*.json'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)) && !/(^|\/)(e2e|fixtures|node_modules|dist)\/|\.test\.[cm]?[jt]sx?$|^docs\//.test(file));

/** A file's code without its comments (a comment may name a page as an example). */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The files of the site's code that name an identifier. */
function filesNaming(identifier: string, files = sources): string[] {
  const word = new RegExp(`\\b${identifier}\\b`);
  return files.filter((file) => word.test(codeOf(readFileSync(join(root, file), 'utf8'))));
}

/** The numbered steps of a section of the development guide. */
function stepsOf(guide: string, title: string): string[] {
  const section = guide.split(/^## /m).find((part) => part.startsWith(title));
  if (!section) throw new Error(`docs/development.md has no "## ${title}" section`);
  // A step runs on over its indented lines, to the next step or the first unindented line.
  return [...section.matchAll(/^\d+\. (.*(?:\n {3}.*)*)/gm)].map((match) => match[1]!);
}

describe('the places a public page is written', () => {
  it.each(Object.entries(table.pages))('names %s only in its component and the route table', (_, page) => {
    const component = componentOf.get(`${page.remote} ${page.module}`);
    expect(component).toBeDefined();
    expect(filesNaming(page.module.replace(/^\.\//, '')).sort()).toEqual([component, 'shell/src/app/routeTable.json'].sort());
  });

  it('reads code, not comments, and finds a page named in a file it was not written in', () => {
    expect(codeOf("// LandingPage, as an example\nconst url = 'http://x/LandingPage';\n/* LandingPage */")).toBe("\nconst url = 'http://x/LandingPage';\n");
    expect(filesNaming('mountLocalHost')).toEqual(expect.arrayContaining(['shared-ui/src/LocalHost.tsx', 'mfe-marketing/src/bootstrap.tsx']));
  });

  it('is what the development guide lists: four files', () => {
    const steps = stepsOf(readFileSync(join(root, 'docs', 'development.md'), 'utf8'), 'Adding a public page');
    const files = steps.flatMap((step) => [...step.matchAll(/`([\w./<>-]+\.(?:tsx|json))`/g)].map((match) => match[1]!));
    expect(files).toEqual([
      'mfe-marketing/src/features/legal/PrivacyPage.tsx',
      'mfe-marketing/src/i18n/ro.json',
      'mfe-marketing/src/i18n/en.json',
      'shell/src/app/routeTable.json',
    ]);
  });
});

describe('the places a language is written', () => {
  const guide = readFileSync(join(root, 'docs', 'development.md'), 'utf8');
  const listed = stepsOf(guide, 'Adding a language').map((step) => /^`([\w./-]+)`/.exec(step)?.[1]);
  // The site's languages, as the shell's strings files are named (one per locale).
  const locales = readdirSync(join(root, 'shell', 'src', 'i18n'))
    .map((file) => /^([a-z]{2})\.json$/.exec(file)?.[1])
    .filter((locale): locale is string => Boolean(locale));

  it('are what the development guide lists: the locale list, and the six files that import each language’s strings', () => {
    expect(locales).toEqual(expect.arrayContaining(['ro', 'en']));
    expect(listed[0]).toBe('contract/src/locales.ts');
    // The default language's strings are read by more: the builds that write the default page
    // template, the web manifest and the images' texts. A language added is never the default.
    const defaultLocale = /DEFAULT_LOCALE: Locale = '(\w+)'/.exec(readFileSync(join(root, 'contract', 'src', 'locales.ts'), 'utf8'))?.[1];
    expect(locales).toContain(defaultLocale);
    for (const locale of locales.filter((candidate) => candidate !== defaultLocale)) {
      const importing = sources.filter((file) => new RegExp(`['"][^'"]*\\b${locale}\\.json['"]`).test(codeOf(readFileSync(join(root, file), 'utf8'))));
      expect([locale, importing.sort()]).toEqual([locale, listed.slice(1).sort()]);
    }
  });
});
