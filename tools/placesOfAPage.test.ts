// What docs/development.md says a new public page touches, checked on the pages there are: its
// component is named, in the site's code, by its own file and by the route table only (the remote's
// exposes, its local host, the single bundle, the servers and the journeys all follow from the
// table), and its title is a string of its remote's strings in every language. The guide's list
// has as many files as that: four.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { root } = require('./workspacePackages.cjs') as { root: string };
const table = JSON.parse(readFileSync(join(root, 'shell', 'src', 'app', 'routeTable.json'), 'utf8')) as {
  pages: Record<string, { remote: string; module: string; title: string }>;
};

/** The site's code: tracked sources, without tests, their fixtures, the journeys or the docs. */
const sources = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.cjs', '*.mjs', '*.js', '*.json'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !/(^|\/)(e2e|fixtures|node_modules|dist)\/|\.test\.[cm]?[jt]sx?$|^docs\//.test(file));

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
    const name = page.module.replace(/^\.\//, '');
    const files = filesNaming(name);
    expect(files).toHaveLength(2);
    expect(files).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^mfe-[\\w-]+/src/features/\\w+/${name}\\.tsx$`)), 'shell/src/app/routeTable.json']));
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
