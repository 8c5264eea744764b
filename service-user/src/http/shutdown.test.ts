import { once } from 'node:events';
import { Hono } from 'hono';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeOnly } from '../testing/harness';
import { spawnServer } from '../testing/spawnServer';
import { listenGracefully } from './listen';

/** A raw connection, for what fetch cannot do: keep a connection open, send half a request. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  const arrived = new Set<() => void>();
  socket.on('data', (chunk) => {
    received += chunk.toString();
    for (const check of arrived) check();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    /**
     * Sends text (a request, or the rest of one) and resolves with the response to it once it has
     * come whole (its headers and its JSON body), or with what came before the connection closed.
     */
    async send(text: string) {
      const before = received.length;
      socket.write(text);
      await new Promise<void>((resolve) => {
        const check = () => /\r\n\r\n[\s\S]*\}/.test(received.slice(before)) && resolve();
        arrived.add(check);
        void closed.then(() => resolve());
        check();
      }).finally(() => arrived.clear());
      return received.slice(before);
    },
  };
}

describe('shutting down', () => {
  afterEach(() => jest.useRealTimers());

  it('answers /readyz 503 at once, lets the request in flight finish, and closes a trickling client at the deadline', async () => {
    // close() closes what is still open shutdownTimeoutMs after it by a timer: faked, the test moves time to the deadline.
    fakeOnly('setTimeout', 'clearTimeout');
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
    expect(await checker.send('GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200/);
    // Two clients still sending their headers: one finishes them just before the deadline, the other never does.
    const late = await rawConnection(server.port);
    late.socket.write('GET /readyz HTTP/1.1\r\nHost: loc');
    const trickler = await rawConnection(server.port);
    trickler.socket.write('GET /readyz HTTP/1.1\r\nHost: loc');
    const inFlight = fetch(`http://127.0.0.1:${server.port}/slow`);
    await started;

    let closed = false;
    const closing = server.close().then(() => (closed = true));

    // Answered while the request in flight still runs.
    const notReady = await checker.send('GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(notReady).toMatch(/^HTTP\/1\.1 503/);
    expect(notReady).toMatch(/shutting_down/);
    expect(notReady).toMatch(/connection: close/i);

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    expect(closed).toBe(false);

    // 1 ms before the deadline nothing has been closed: the late client's request, finished now, is answered.
    jest.advanceTimersByTime(999);
    const lateAnswer = await late.send('alhost\r\n\r\n');
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(lateAnswer).toMatch(/shutting_down/);
    await late.closed;
    expect(closed).toBe(false);

    // At the deadline the trickler is closed, and close() is done.
    jest.advanceTimersByTime(1);
    await trickler.closed;
    await closing;
    expect(closed).toBe(true);
    expect(trickler.socket.bytesRead).toBe(0);
  });

  it('stops a spawned server on SIGTERM although a client is still sending its headers: the client is closed and the server exits 0, not 1 by its backstop at SHUTDOWN_TIMEOUT_MS + 5 s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-user-shutdown-'));
    try {
      const server = await spawnServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1500' });
      await server.listening;
      const trickler = await rawConnection(server.port);
      trickler.socket.write('POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Ty');
      // Those bytes were in the server's socket when write() returned (loopback): once a request sent
      // after them on another connection is answered, the server has read them too.
      const other = await rawConnection(server.port);
      expect(await other.send('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 200/);

      // 'close' comes once the process has exited and its output has all been read.
      const outputClosed = once(server.child, 'close');
      server.child.kill('SIGTERM');
      // The server exits 0 only once it has closed every connection; its backstop, SHUTDOWN_TIMEOUT_MS + 5 s
      // after the signal, exits 1 ('the database did not close in time').
      expect(await server.exited).toBe(0);
      await trickler.closed;
      // The last line, logged just before the process exits, is flushed out of the log's batch (LOG_BATCH).
      await outputClosed;
      expect(server.output()).toMatch(/stopping: not ready any more/);
      expect(server.output()).toMatch(/"msg":"stopped"/);
      expect(server.output()).not.toMatch(/did not close in time/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
