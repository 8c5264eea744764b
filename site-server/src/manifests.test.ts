import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sriSha256 } from '@site/rendering/integrity';
import { manifestReader } from './manifests';
import { bareManifest } from './testing/manifest';

const manifest = bareManifest('mfe_auth');

// A remote's server whose answers the test decides, one per request, and counts.
let answers: ('ok' | 'error' | 'hang')[] = [];
let requests = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    const answer = answers.shift() ?? 'ok';
    if (answer === 'hang') return;
    response.writeHead(answer === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
    response.end(answer === 'ok' ? JSON.stringify(manifest) : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  answers = [];
  requests = 0;
});

describe('the manifest reader', () => {
  it('keeps a manifest read for its time to live, reads under way shared', async () => {
    const read = manifestReader();
    const [first, second] = await Promise.all([read(url), read(url)]);
    expect(first).toEqual(manifest);
    expect(second).toEqual(manifest);
    expect(await read(url)).toEqual(manifest);
    expect(requests).toBe(1);
  });

  it('does not keep a read that failed: the next request reads again', async () => {
    answers = ['error'];
    const read = manifestReader();
    expect(await read(url)).toBeNull();
    expect(await read(url)).toEqual(manifest);
    expect(requests).toBe(2);
  });

  it('does not keep a read that timed out', async () => {
    answers = ['hang'];
    // The reader's own timeout (a second): the read after the hung one is the same reader's, and a
    // timeout as short as the hung read's wait (it was 100 ms) also cut that healthy read short on a
    // busy machine, whose request then reached the server during the next test (counted there).
    const read = manifestReader();
    expect(await read(url)).toBeNull();
    expect(await read(url)).toEqual(manifest);
    expect(requests).toBe(2);
  });

  it('reads again once the time to live has passed', async () => {
    let now = 1_000_000;
    const read = manifestReader({ ttlMs: 10_000, clock: { now: () => now } });
    await read(url);
    now += 10_000;
    await read(url);
    expect(requests).toBe(1);
    now += 1;
    await read(url);
    expect(requests).toBe(2);
  });

  it('keeps the manifests read most recently, up to its bound: the least recently read is read again', async () => {
    const read = manifestReader({ maxEntries: 2 });
    await read(`${url}?a`);
    await read(`${url}?b`);
    await read(`${url}?a`);
    expect(requests).toBe(2);
    // A third: b, read least recently, makes way.
    await read(`${url}?c`);
    await read(`${url}?a`);
    expect(requests).toBe(3);
    await read(`${url}?b`);
    expect(requests).toBe(4);
  });

  it('takes a manifest only when it matches the integrity its release recorded, and logs one that does not', async () => {
    const log = jest.fn();
    const read = manifestReader({ log });
    expect(await read(url, sriSha256(JSON.stringify(manifest)))).toEqual(manifest);
    expect(await read(url, sriSha256('{"changed":true}'))).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('does not match the integrity its release recorded'));
  });
});
