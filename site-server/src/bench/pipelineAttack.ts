// The pipelining attack of issue #60, as a command (slow: not run in CI):
//   node tools/pnpm.mjs --filter @site/site-server run bench:attack
// Starts a server (attackTarget.ts, its own process) over a folder with one main.js
// (ATTACK_FILE_KB, default 100), then opens ATTACK_CONNECTIONS connections (default 400), each
// sending ATTACK_PIPELINED pipelined `GET /main.js` (default 50) and never reading. Meanwhile
// another visitor (another loopback address, 127.0.0.2) fetches /main.js every 200 ms on a fresh
// connection (in another process than the attackers). Prints the other visitor's latencies (median, worst) and the server's resident
// memory before the attack, at its worst during it, and ATTACK_SETTLE_S seconds (default 10) after
// the attackers leave. ATTACK_SRC: another copy of site-server/src to measure (an earlier commit's).
// ATTACK_DEBUG=1: the server's memory and event-loop delay each second, and each visit's time;
// ATTACK_PROFILE=<folder>: the server's CPU profile there.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const number = (name: string, fallback: number) => Number(process.env[name] || fallback);
const CONNECTIONS = number('ATTACK_CONNECTIONS', 400);
const PIPELINED = number('ATTACK_PIPELINED', 50);
const FILE_KB = number('ATTACK_FILE_KB', 100);
const ATTACK_S = number('ATTACK_SECONDS', 20);
const SETTLE_S = number('ATTACK_SETTLE_S', 10);

// The attackers, in a process of their own (the other visitor's times are not theirs to slow down).
if (process.env.ATTACK_PORT) {
  const attackers: Socket[] = [];
  const request = 'GET /main.js HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(PIPELINED);
  for (let i = 0; i < CONNECTIONS; i++) {
    const socket = connect({ port: Number(process.env.ATTACK_PORT), host: '127.0.0.1' });
    socket.on('error', () => {});
    socket.pause();
    socket.write(request);
    attackers.push(socket);
  }
  process.stdout.write('sent\n');
  // Until told to leave (its connections closed by the server or not).
  setInterval(() => {}, 1000);
  process.on('SIGTERM', () => process.exit(0));
} else {
  const root = mkdtempSync(join(tmpdir(), 'attack-'));
  writeFileSync(join(root, 'main.js'), `/* ${'x'.repeat(FILE_KB * 1024)} */`);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>attack</title>');

  const target = spawn(
    process.execPath,
    [...(process.env.ATTACK_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.ATTACK_PROFILE] : []), '--import', 'tsx', join(import.meta.dirname, 'attackTarget.ts')],
    {
      env: { ...process.env, ATTACK_ROOT: root, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve) => target.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${target.pid}/status`, 'utf8'))![1]) / 1024;

  /** One GET of /main.js on a fresh connection from another address, read whole: its time in ms (Infinity if it failed). */
  const visit = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('error', () => resolve(Infinity));
      socket.on('close', () => resolve(/^HTTP\/1\.1 200/.test(text) ? performance.now() - started : Infinity));
      socket.write('GET /main.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });

  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms (${times.length} requests, ${times.filter((t) => t === Infinity).length} failed)`;
  };

  for (let i = 0; i < 20; i++) await visit();
  await sleep(1000);
  const before = rssMb();
  const quiet: number[] = [];
  for (let i = 0; i < 10; i++) quiet.push(await visit());

  // Measured from the moment the attackers have sent their requests (not while their process starts).
  const attackers = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, ATTACK_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => attackers.stdout!.once('data', resolve));
  const during: number[] = [];
  let peak = before;
  const until = performance.now() + ATTACK_S * 1000;
  while (performance.now() < until) {
    during.push(await visit());
    if (process.env.ATTACK_DEBUG) console.log(`visit ${during.at(-1)!.toFixed(0)} ms`);
    peak = Math.max(peak, rssMb());
    await sleep(200);
  }
  attackers.kill();
  await sleep(SETTLE_S * 1000);
  const after = rssMb();
  console.log(`attack: ${CONNECTIONS} connections × ${PIPELINED} pipelined GET /main.js (${FILE_KB} KB), never read, for ${ATTACK_S} s`);
  console.log(`other visitor before: ${figures(quiet)}`);
  console.log(`other visitor during: ${figures(during)}`);
  console.log(
    `server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at worst, ${after.toFixed(0)} MB ${SETTLE_S} s after the attackers left (${(after - before).toFixed(0)} MB over)`,
  );
  target.kill('SIGINT');
  rmSync(root, { recursive: true, force: true });
}
