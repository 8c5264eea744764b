/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { siteProcessesOf } from './siteProcesses';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Which process answered, on a connection of its own (so that the primary hands each request out anew). */
const answeredBy = (port: number) =>
  new Promise<number>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 5_000 }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(Number(body)));
    })
      .on('timeout', () => reject(new Error('no answer within 5 s')))
      .on('error', reject);
  });

const answering = async (port: number, requests = 24) => new Set(await Promise.all(Array.from({ length: requests }, () => answeredBy(port))));

describe('SITE_PROCESSES', () => {
  it('is one process a core unset, else a whole number from 1 to 64, refused otherwise (the start fails, naming it)', () => {
    expect(siteProcessesOf({})).toBe(Math.min(64, availableParallelism()));
    expect(siteProcessesOf({ SITE_PROCESSES: '' })).toBe(Math.min(64, availableParallelism()));
    expect(siteProcessesOf({ SITE_PROCESSES: '1' })).toBe(1);
    expect(siteProcessesOf({ SITE_PROCESSES: '3' })).toBe(3);
    for (const wrong of ['0', '65', '1.5', 'two', ' 2', '-1', '2e0'])
      expect(() => siteProcessesOf({ SITE_PROCESSES: wrong })).toThrow(/SITE_PROCESSES must be a whole number from 1 to 64/);
  });
});

describe("the site's processes", () => {
  let primary: ChildProcess | null = null;
  afterEach(() => primary?.kill('SIGTERM'));

  it('share one port, each answering, and a process that dies is replaced while the others answer', async () => {
    const port = await freePort();
    const tsx = createRequire(import.meta.url).resolve('tsx');
    primary = spawn(process.execPath, ['--import', tsx, fileURLToPath(new URL('./testing/siteProcessesPrimary.ts', import.meta.url))], {
      env: { ...process.env, PORT: String(port), SITE_PROCESSES: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pids: number[] = [];
    const said: string[] = [];
    let pending = '';
    primary.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as { pids?: number[]; message?: string };
        if (message.pids) pids = message.pids;
        if (message.message) said.push(message.message);
      }
    });
    const until = async (check: () => boolean, what: string) => {
      const deadline = Date.now() + 20_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`${what} did not happen (processes: ${pids.join(', ')})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(() => pids.length === 2, 'two processes listening');
    const [first, second] = pids as [number, number];
    // Both take requests (the primary hands connections out in turn).
    expect([...(await answering(port))].sort()).toEqual([first, second].sort());

    process.kill(first, 'SIGKILL');
    // Once the primary knows (a connection it handed the dead process that instant is lost with
    // it, as with any crash), the other answers while a new process takes the dead one's place.
    await until(() => said.includes(`site process ${first} exited (SIGKILL); starting another`), `the primary seeing ${first} exit`);
    const during = await answering(port, 6);
    expect(during.has(first)).toBe(false);
    await until(() => pids.length === 2 && !pids.includes(first), `a process in the place of ${first}`);
    expect(pids).toContain(second);
    expect([...(await answering(port))].sort()).toEqual([...pids].sort());

    // Stopped, every process ends: the port is closed.
    const stopped = new Promise((resolve) => primary!.once('exit', resolve));
    primary.kill('SIGTERM');
    await stopped;
    primary = null;
    await expect(answeredBy(port)).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
