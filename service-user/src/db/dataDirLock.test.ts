// @jest-start-first: most of this file's time is the lock's real retries and stale period (about
// 25 s of waiting), which overlap the other files' work when it starts first (tools/jestSequencer.cjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerProcess } from '../testing/spawnServer';

// Each process compiles PGlite and opens a data folder: slow on a shared machine.
jest.setTimeout(180_000);

const contact = (n: number) => ({ firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: `Message ${n}`, message: 'Hello.' });

async function sendContact(server: ServerProcess, n: number) {
  return fetch(`http://127.0.0.1:${server.port}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(contact(n)),
  });
}

describe('one service process per PGlite data folder', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'service-user-lock-'));
  });
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all(running.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await spawnServer({ DATA_DIR: dataDir, PUBLIC_RATE_LIMIT: '1000', ...env });
    running.push(server);
    return server;
  };

  it('refuses a second process on the same DATA_DIR with a clear message, while the first keeps serving', async () => {
    const first = await start();
    await first.listening;
    expect((await sendContact(first, 1)).status).toBe(201);

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/refuses to start: DATA_DIR .* is in use by another service-user process/);
    expect(second.output()).toMatch(/set DATABASE_URL to run several replicas on PostgreSQL/);

    expect((await sendContact(first, 2)).status).toBe(201);
  });

  it('starts on a folder whose previous process was killed (kill -9), and a clean stop frees it at once', async () => {
    const [first] = running;
    first!.child.kill('SIGKILL');
    await first!.exited;

    const next = await start();
    await next.listening;
    const response = await fetch(`http://127.0.0.1:${next.port}/readyz`);
    expect(response.status).toBe(200);
    expect((await sendContact(next, 3)).status).toBe(201);

    // A clean stop frees the folder at once for the next process.
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    const after = await start();
    await after.listening;
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
    expect(after.output()).not.toMatch(/in use by another/);
  });
});
