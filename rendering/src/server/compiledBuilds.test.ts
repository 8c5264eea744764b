/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinsOnly, compiledBuild } from './compiledBuilds';

/** A CommonJS build with module state of its own, as webpack emits them. */
function buildFile(code: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'build-')), 'render.0123456789ab.js');
  writeFileSync(file, code);
  return pathToFileURL(file).href;
}

it('runs a server build afresh for each render: no module state is carried from one to the next', async () => {
  const url = buildFile('let count = 0; exports.next = () => (count += 1);');
  const build = await compiledBuild(url);
  const first = build.run(builtinsOnly) as { next: () => number };
  expect(first.next()).toBe(1);
  expect(first.next()).toBe(2);
  const second = build.run(builtinsOnly) as { next: () => number };
  expect(second.next()).toBe(1);
});

it("gives a build the modules it is handed, and Node's own, but nothing else of the server", async () => {
  const url = buildFile("exports.path = require('node:path').sep; exports.react = require('react'); ");
  const build = await compiledBuild(url);
  const handed = build.run((id) => (id === 'react' ? "the shell's react" : builtinsOnly(id)));
  expect(handed).toEqual({ path: '/', react: "the shell's react" });
  expect(() => build.run(builtinsOnly)).toThrow(/asked for react, which nothing provides/);
});

it('answers a build that cannot be had as a failure (the page is then served empty)', async () => {
  await expect(compiledBuild('http://127.0.0.1:9/render.js')).rejects.toThrow();
});
