// The repository stands alone: someone who clones it has everything its text points at. No file
// may cite a document outside it (the team's folder beside the checkout, a "spec section" of a
// product description the repository does not hold), no markdown link may leave the repository,
// and a relative link in README.md or docs/ must name a file that exists, so that the docs cannot
// drift from the tree silently. Each problem is reported as file:line.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = join(__dirname, '..');
const self = relative(root, __filename).split(sep).join('/');

// What the repository's text may not cite: each a pattern and what it is.
const outsideReferences: [RegExp, string][] = [
  [/\.\.\/shared(?![\w-])/, 'a path into ../shared, a folder outside the repository'],
  [/\/work\/shared\b/, 'a path into /work/shared, a folder outside the repository'],
  [/product-spec/i, 'the product spec, a document outside the repository (docs/product.md is its home here)'],
  [/\b(?:ARCHITECTURE|STYLE)\.md\b/, 'ARCHITECTURE.md or STYLE.md, documents outside the repository'],
  [/\bspec(?:'s)?\s*(?:sections?\b|§)/i, 'a "spec section" citation of a document outside the repository'],
  [/\(spec(?:,|:\s*\d|\))|\bspec, "/i, 'a "(spec, …)" citation of a document outside the repository'],
  // "the spec" as a document (a file name such as "the spec.ts" is not one).
  [/\bthe spec(?:'s)?\b(?!\.\w)/i, '"the spec", a document outside the repository'],
];

// The files a clone has: tracked ones, and new ones not ignored (a file being added counts as well).
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => file !== self && existsSync(join(root, file)) && statSync(join(root, file)).isFile());
}

function textOf(file: string): string | null {
  const bytes = readFileSync(join(root, file));
  // Images, fonts and other binary files hold no references.
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

// A markdown link's target: inline `[text](target "title")` and reference definitions `[id]: target`.
const inlineLink = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const referenceLink = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;

function linkTargets(line: string): string[] {
  const targets = [...line.matchAll(inlineLink)].map((match) => match[1]);
  const reference = referenceLink.exec(line);
  return reference ? [...targets, reference[1]] : targets;
}

// A target that names a file of this repository (not a web address, a mail address or an anchor on the same page).
function relativeTarget(target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//')) return null;
  const path = decodeURIComponent(target.split('#')[0].split('?')[0]);
  return path === '' ? null : path;
}

// The docs a reader follows from the README: their links must name files that exist.
const isReadersDoc = (file: string) => file === 'README.md' || /^docs\/.+\.md$/.test(file);

function problemsIn(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [pattern, what] of outsideReferences) if (pattern.test(line)) problems.push(`${where}: ${what}: ${line.trim()}`);
    if (!file.endsWith('.md')) return;
    for (const target of linkTargets(line)) {
      const path = relativeTarget(target);
      if (path === null) continue;
      const resolved = path.startsWith('/') ? join(root, path) : resolve(root, dirname(file), path);
      const inside = relative(root, resolved);
      if (inside.startsWith('..') || resolve(inside) === inside) problems.push(`${where}: the link ${target} leaves the repository`);
      else if (isReadersDoc(file) && !existsSync(resolved)) problems.push(`${where}: the link ${target} names no file (${inside.split(sep).join('/')})`);
    }
  });
  return problems;
}

describe('the repository stands alone', () => {
  const files = repositoryFiles();

  it('finds the files to read, README.md among them', () => {
    expect(files).toContain('README.md');
  });

  it('points at nothing outside itself, and its docs link only to files that exist', () => {
    const problems = files.flatMap((file) => {
      const text = textOf(file);
      return text === null ? [] : problemsIn(file, text);
    });
    expect(problems).toEqual([]);
  });

  it('catches each kind of reference it forbids', () => {
    const ref = (...parts: string[]) => parts.join('');
    expect(problemsIn('x.ts', ref('// see ', '..', '/shared/', 'ARCHITECTURE', '.md'))).toHaveLength(2);
    expect(problemsIn('x.ts', ref('// the route table (spec', ' section 2)'))).toHaveLength(1);
    expect(problemsIn('x.ts', ref('// the token (spec', ', "Product calls")'))).toHaveLength(1);
    expect(problemsIn('x.ts', ref('// the ', 'product-', 'spec'))).toHaveLength(1);
    expect(problemsIn('x.ts', ref("import '..", "/shared-ui/src/index';"))).toEqual([]);
    expect(problemsIn('x.ts', ref('// e2e/tests/auth', '.spec.ts checks it'))).toEqual([]);
    expect(problemsIn('docs/x.md', ref('[out](../../', 'elsewhere.md)'))).toHaveLength(1);
    expect(problemsIn('docs/x.md', '[missing](no-such-file.md) [web](https://example.com) [here](#top)')).toHaveLength(1);
    expect(problemsIn('docs/x.md', '[the readme](../README.md#the-two-commands)')).toEqual([]);
  });
});
