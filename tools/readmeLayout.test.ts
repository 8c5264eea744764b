// The README's layout table is the workspace's: every package of pnpm-workspace.yaml (the one list
// the tests, the typecheck and the boundaries check read) has its line, and no line names a folder
// that is no package but docs/. A package added or removed without its line fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { root, workspacePackages } = require('./workspacePackages.cjs') as { root: string; workspacePackages: () => string[] };

/** The folders the README's layout table names, in its order (`| \`shell/\` | …`). */
function layoutFolders(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Layout'));
  if (!section) throw new Error('README.md has no "## Layout" section');
  return [...section.matchAll(/^\|\s*`([\w.-]+)\/`\s*\|/gm)].map((match) => match[1]!);
}

describe("the README's layout", () => {
  it('names every package of the workspace, and docs/, each once', () => {
    const folders = layoutFolders(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(new Set(folders).size).toBe(folders.length);
    expect([...folders].sort()).toEqual([...workspacePackages(), 'docs'].sort());
  });

  it('reads the table as written (a line dropped from it is seen)', () => {
    const table = ['## Layout', '', '| folder | what it is |', '| --- | --- |', '| `shell/` | the host |', '| `docs/` | the reference |', '', '## Next'].join('\n');
    expect(layoutFolders(table)).toEqual(['shell', 'docs']);
  });
});
