/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinsOnly, compiledBuild, MAX_BUILDS } from './compiledBuilds';
import { sriSha256 } from './integrity';

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

describe('a build fetched from a release', () => {
  const code = 'exports.ran = true;';

  it('runs only when it matches the integrity its release recorded', async () => {
    const url = buildFile(code);
    await expect(compiledBuild(url, { integrity: sriSha256(code), integrityRequired: true })).resolves.toMatchObject({ url });
    const changed = buildFile(`${code} require('node:fs').writeFileSync('/tmp/marker', 'ran');`);
    await expect(compiledBuild(changed, { integrity: sriSha256(code), integrityRequired: true })).rejects.toThrow(/does not match the integrity its release recorded/);
  });

  it('with no integrity recorded runs only where none is required (local mode)', async () => {
    const url = buildFile(code);
    await expect(compiledBuild(url, { integrityRequired: true })).rejects.toThrow(/no integrity recorded/);
    await expect(compiledBuild(url)).resolves.toMatchObject({ url });
  });

  it('is asked for with the headers it is given (the store gives server builds only with its key)', async () => {
    const asked: (string | null)[] = [];
    const server = createServer((request, response) => {
      asked.push(request.headers['x-server-build-key'] as string);
      response.end(code);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await compiledBuild(`http://127.0.0.1:${port}/server/render.0123456789ab.js`, { headers: { 'X-Server-Build-Key': 'k' } });
      expect(asked).toEqual(['k']);
    } finally {
      server.close();
    }
  });
});

it('keeps the builds used most recently, up to MAX_BUILDS: the least recently used is fetched again', async () => {
  const fetched: string[] = [];
  const server = createServer((request, response) => {
    fetched.push(request.url as string);
    response.end('exports.ran = true;');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bounded`;
  try {
    await compiledBuild(`${base}/first.js`);
    await compiledBuild(`${base}/second.js`);
    for (let i = 0; i < MAX_BUILDS - 2; i += 1) await compiledBuild(`${base}/${i}.js`);
    // Full: the first is used again, so the second is now the least recently used.
    await compiledBuild(`${base}/first.js`);
    await compiledBuild(`${base}/one-more.js`);
    await compiledBuild(`${base}/first.js`);
    expect(fetched.filter((path) => path.endsWith('/first.js'))).toHaveLength(1);
    await compiledBuild(`${base}/second.js`);
    expect(fetched.filter((path) => path.endsWith('/second.js'))).toHaveLength(2);
  } finally {
    server.close();
  }
});
