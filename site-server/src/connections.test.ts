// The connection limits of the site's servers, over real sockets: each bounded by the server's own
// limits (set small here), never by the test's clock.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type ConnectionLimits, type Listening } from './connections';
import { trustedProxies } from './proxy';
import { createStaticApp } from './staticServer';

const BIG = 8 * 1024 * 1024;
let root: string;
let server: Listening;
let handled: string[];
/** Resolves once the app has been handed `count` requests. */
let whenHandled: (count: number) => Promise<void>;

const start = async (limits: Partial<ConnectionLimits>, trusted = trustedProxies(undefined)) => {
  handled = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  whenHandled = (count) => new Promise((resolve) => (handled.length >= count ? resolve() : waiting.push({ count, resolve })));
  const app = createStaticApp({ root });
  server = await listen(
    {
      fetch: (request, env) => {
        handled.push(new URL(request.url).pathname);
        for (const w of waiting.filter((w) => handled.length >= w.count)) w.resolve();
        return app.fetch(request, env);
      },
    },
    0,
    '127.0.0.1',
    { limits, trusted },
  );
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'connections-'));
  writeFileSync(join(root, 'big.js'), Buffer.alloc(BIG, 'a'));
  writeFileSync(join(root, 'small.js'), 'small');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => server?.close());

/** A raw connection, from `localAddress` (another loopback address is another visitor). */
const open = (localAddress = '127.0.0.1') =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ port: server.port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));
/** All a connection receives until the server closes it. */
const received = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('close', () => resolve(text));
  });

/** An honest visitor's GET, on its own connection from its own address. */
async function visit(path: string, localAddress = '127.0.0.2') {
  const socket = await open(localAddress);
  const answer = received(socket);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  return answer;
}

const pipelined = (path: string, count: number) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(count);

it('gives a connection that does not read no more work, closes it once nothing moves, and answers other visitors meanwhile', async () => {
  await start({ idleSocketMs: 500, maxPipelined: 50 });
  // The server's end of the attacker's connection (the attacker's own, paused, would not see the close).
  const attackerSide = new Promise<Socket>((resolve) => server.server.once('connection', resolve));
  const attacker = await open();
  attacker.on('error', () => {});
  attacker.pause(); // never reads
  attacker.write(pipelined('/big.js', 50));
  await whenHandled(1);
  const honest = await visit('/small.js');
  expect(honest).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(honest.endsWith('\r\n\r\nsmall')).toBe(true);
  // Closed by the server (the test never closes it), having been handed a few of its 50 requests at most.
  await closed(await attackerSide);
  expect(handled.filter((path) => path === '/big.js').length).toBeLessThan(10);
});

it('closes a connection that pipelines deeper than its share, and answers other visitors', async () => {
  await start({ maxPipelined: 8 });
  const attackerSide = new Promise<Socket>((resolve) => server.server.once('connection', resolve));
  const attacker = await open();
  attacker.on('error', () => {});
  attacker.pause();
  attacker.write(pipelined('/big.js', 9));
  await closed(await attackerSide);
  expect(handled.length).toBeLessThanOrEqual(8);
  expect(await visit('/small.js')).toMatch(/^HTTP\/1\.1 200/);
});

it('answers a connection that reads its pipelined requests, each in order', async () => {
  await start({});
  const socket = await open();
  const answer = received(socket);
  socket.write(`${pipelined('/small.js', 3)}GET /missing.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const statuses = [...(await answer).matchAll(/HTTP\/1\.1 (\d+)/g)].map(([, status]) => status);
  expect(statuses).toEqual(['200', '200', '200', '404']);
});

it('closes the connections of one address past its share, and serves other addresses', async () => {
  await start({ maxConnectionsPerAddress: 2 });
  const held = [await open(), await open()];
  const third = await open();
  await closed(third);
  expect(held.every((socket) => !socket.closed)).toBe(true);
  expect(await visit('/small.js')).toMatch(/^HTTP\/1\.1 200/);
  held.forEach((socket) => socket.destroy());
});

it("does not count a trusted proxy's connections against its address (it carries many visitors)", async () => {
  await start({ maxConnectionsPerAddress: 1 }, trustedProxies('127.0.0.1'));
  const held = [await open(), await open(), await open()];
  expect(await visit('/small.js', '127.0.0.1')).toMatch(/^HTTP\/1\.1 200/);
  expect(held.every((socket) => !socket.closed)).toBe(true);
  held.forEach((socket) => socket.destroy());
});

it('answers 408 and closes a connection whose headers never end', async () => {
  await start({ headersTimeoutMs: 300, requestTimeoutMs: 400, checkIntervalMs: 100 });
  const socket = await open();
  const answer = received(socket);
  socket.write('GET /small.js HTTP/1.1\r\nHost: x\r\n');
  expect(await answer).toMatch(/^HTTP\/1\.1 408/);
});

it('closes a connection after its share of requests', async () => {
  await start({ maxRequestsPerSocket: 2, keepAliveTimeoutMs: 200 });
  const socket = await open();
  const answer = received(socket);
  socket.write(pipelined('/small.js', 2));
  const text = await answer;
  expect([...text.matchAll(/HTTP\/1\.1 200/g)].length).toBe(2);
  // The second says so, and the connection is not kept for a third.
  expect(text.split(/(?=HTTP\/1\.1 )/)[1]).toMatch(/Connection: close/i);
});

it.each(['TRACE', 'CONNECT'])('answers %s 405, never a 5xx', async (method) => {
  await start({});
  const socket = await open();
  const answer = received(socket);
  socket.write(`${method} ${method === 'CONNECT' ? 'example.com:443' : '/small.js'} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const text = await answer;
  expect(text).toMatch(/^HTTP\/1\.1 405/);
  expect(text).toMatch(/Allow: GET, HEAD, OPTIONS/);
});
