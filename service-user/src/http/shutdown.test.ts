import { once } from 'node:events';
import { Hono } from 'hono';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../testing/spawnServer';
import { listenGracefully } from './listen';

/** A raw connection, for what fetch cannot do: keep a connection open, send half a request. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    /** Sends a request and waits for a whole response to it. */
    async ask(path: string) {
      const before = received.length;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      const deadline = Date.now() + 5_000;
      while (!/\r\n\r\n[\s\S]*\}/.test(received.slice(before)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return received.slice(before);
    },
  };
}

describe('shutting down', () => {
  it('answers /readyz 503 at once, lets the request in flight finish, and closes a trickling client at the deadline', async () => {
    let release!: () => void;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const app = new Hono()
      .get('/readyz', (c) => c.json({ status: 'ready' }))
      .get('/slow', async (c) => {
        markStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return c.json({ finished: true });
      });
    const server = await listenGracefully(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1_000, readinessPath: '/readyz' });

    const checker = await rawConnection(server.port);
    expect(await checker.ask('/readyz')).toMatch(/^HTTP\/1\.1 200/);
    const trickler = await rawConnection(server.port);
    trickler.socket.write('GET /readyz HTTP/1.1\r\nHost: loc');
    const inFlight = fetch(`http://127.0.0.1:${server.port}/slow`);
    await started;

    const closingAt = Date.now();
    let closed = false;
    const closing = server.close().then(() => (closed = true));

    const notReady = await checker.ask('/readyz');
    expect(notReady).toMatch(/^HTTP\/1\.1 503/);
    expect(notReady).toMatch(/shutting_down/);
    expect(notReady).toMatch(/connection: close/i);

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    expect(closed).toBe(false);

    await trickler.closed;
    await closing;
    expect(Date.now() - closingAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - closingAt).toBeLessThan(3_000);
  });

  it('stops a spawned server on SIGTERM within SHUTDOWN_TIMEOUT_MS although a client is still sending its headers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-user-shutdown-'));
    try {
      const server = await spawnServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1500' });
      await server.listening;
      const trickler = await rawConnection(server.port);
      trickler.socket.write('POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Ty');
      await new Promise((resolve) => setTimeout(resolve, 200));

      // 'close' comes once the process has exited and its output has all been read.
      const outputClosed = once(server.child, 'close');
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(1_500 + 5_000);
      expect(server.output()).toMatch(/stopping: not ready any more/);
      // The last line, logged just before the process exits, is flushed out of the log's batch (LOG_BATCH).
      await outputClosed;
      expect(server.output()).toMatch(/"msg":"stopped"/);
      await trickler.closed;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
