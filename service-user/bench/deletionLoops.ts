/**
 * What account deletions do to everyone else (#44): one replica of the service (its own process,
 * production settings, RS256 tokens) on PostgreSQL (DATABASE_URL, a temporary schema) or on
 * file-backed PGlite, Identity Toolkit a local fake that answers `accounts:delete` after 300 ms
 * or never (it hangs). First another user's POST /get-user-info is timed alone (one request
 * after the other, from a process of its own, with GET /readyz every 250 ms), then the same while
 * 20 loops run for as long: each signs up a fresh account and deletes it, again and again, or
 * (BENCH_LOOP=repeat, as the issue measured) signs up one account and asks to delete it without
 * end (its repeats answer from the database: done, then the rate limit's 429).
 *
 *   DATABASE_URL=… pnpm --filter @site/service-user exec tsx bench/deletionLoops.ts
 *   BENCH_IDENTITY=slow|hangs        Identity Toolkit's behaviour (slow: 300 ms, the default)
 *   BENCH_DATABASE=postgres|pglite   postgres needs DATABASE_URL (the default when it is set)
 *   BENCH_LOOP=fresh|repeat|control  a fresh account per deletion (default), one account per loop, or
 *                                    the control: fresh accounts that read get-user-info instead of deleting
 *                                    (the same sign-ups and request rate, no deletion)
 *   BENCH_LOOPS=20 BENCH_SECONDS=10  loops, and seconds of each phase
 *   BENCH_SERVICE_ROOT=dir           another copy of service-user (an earlier version)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { startFakeIdentityToolkit } from '../src/testing/fakeIdentityToolkit';
import { benchKeySet, freePort } from './benchKeys';
import { PRODUCTION_SETTINGS } from './productionSettings';

const PROJECT_ID = 'bench-project';
const here = dirname(fileURLToPath(import.meta.url));
const log = (...args: unknown[]) => console.error('[deletion bench]', ...args);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};

// The probe: another user's calls, one after the other, and readiness, from a process of its own.
if (process.argv[2] === 'probe') {
  const [, , , base, token, seconds] = process.argv;
  const until = performance.now() + Number(seconds) * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const ready: Record<string, number> = {};
  const readiness = setInterval(async () => {
    const status = await fetch(`${base}/readyz`).then(
      (r) => String(r.status),
      () => 'no answer',
    );
    ready[status] = (ready[status] ?? 0) + 1;
  }, 250);
  while (performance.now() < until) {
    const started = performance.now();
    const status = await fetch(`${base}/get-user-info`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' }).then(
      (r) => String(r.status),
      () => 'no answer',
    );
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  clearInterval(readiness);
  console.log(JSON.stringify({ latencies, statuses, ready }));
  process.exit(0);
}

const identityMode = process.env.BENCH_IDENTITY === 'hangs' ? 'hangs' : 'slow';
const database = process.env.BENCH_DATABASE ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
const loops = Number(process.env.BENCH_LOOPS || 20);
const repeat = process.env.BENCH_LOOP === 'repeat';
const control = process.env.BENCH_LOOP === 'control';
const seconds = Number(process.env.BENCH_SECONDS || 10);

const keys = await benchKeySet();
const { privateKey } = keys;
const sign = (uid: string) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: `${uid}@example.com`, email_verified: true, auth_time: now - 5 })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench-key' })
    .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
    .setAudience(PROJECT_ID)
    .setSubject(uid)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + 3000)
    .sign(privateKey);
};

const identityToolkit = await startFakeIdentityToolkit(identityMode === 'hangs' ? { kind: 'hangs' } : { kind: 'slow', delayMs: 300 });
const schema = database === 'postgres' ? `bench_deletion_${process.pid}_${Date.now()}` : null;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
};
if (schema) await admin(`CREATE SCHEMA ${schema}`);
const dataDir = mkdtempSync(join(tmpdir(), 'service-deletion-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const url = process.env.DATABASE_URL ?? '';
const server = spawn(process.execPath, ['--import', 'tsx', join(here, 'deletionServer.ts')], {
  cwd: dirname(here),
  env: {
    PATH: process.env.PATH,
    ...PRODUCTION_SETTINGS,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(schema ? { DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` } : {}),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    GOOGLE_JWKS_URL: keys.jwksUrl,
    IDENTITY_TOOLKIT_HOST: identityToolkit.host,
    ...(process.env.BENCH_SERVICE_ROOT ? { BENCH_SERVICE_ROOT: process.env.BENCH_SERVICE_ROOT } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverOut = '';
server.stdout.on('data', (chunk) => (serverOut += chunk));
for (let waited = 0; !serverOut.includes('listening on'); waited += 100) {
  if (server.exitCode !== null || waited > 90_000) throw new Error(`the service did not start: ${serverOut}`);
  await new Promise((r) => setTimeout(r, 100));
}

const probeToken = await sign('probe-user');
await fetch(`${base}/register-user`, { method: 'POST', headers: { Authorization: `Bearer ${probeToken}` } });

async function probe() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'probe', base, probeToken, String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await once(child, 'exit');
  return JSON.parse(out) as { latencies: number[]; statuses: Record<string, number>; ready: Record<string, number> };
}

const loadAverage = loadavg().map((l) => Math.round(l * 100) / 100);
log(`${database}, Identity Toolkit ${identityMode === 'hangs' ? 'hanging' : 'answering after 300 ms'}: another user's calls alone for ${seconds} s`);
const idle = await probe();

log(`the same while ${loops} loops ${repeat ? 'each ask to delete one account again and again' : 'sign up and delete accounts'}`);
let running = true;
const deletions: Record<string, number> = {};
let counter = 0;
const loop = async (n: number) => {
  let headers: Record<string, string> | null = null;
  while (running) {
    if (!headers || !repeat) {
      headers = { Authorization: `Bearer ${await sign(`deleted-${n}-${(counter += 1)}`)}`, 'Content-Type': 'application/json' };
      await fetch(`${base}/register-user`, { method: 'POST', headers }).catch(() => undefined);
    }
    const status = await fetch(`${base}/${control ? 'get-user-info' : 'delete-account'}`, { method: 'POST', headers, body: '{"confirm":true}' }).then(
      (r) => String(r.status),
      () => 'no answer',
    );
    deletions[status] = (deletions[status] ?? 0) + 1;
  }
};
const loaded = probe();
const loopsDone = Promise.all(Array.from({ length: loops }, (_, n) => loop(n)));
const busy = await loaded;
running = false;
identityToolkit.release();
await loopsDone;

const result = {
  date: new Date().toISOString(),
  database,
  identityToolkit: identityMode === 'hangs' ? 'hangs' : 'answers after 300 ms',
  loops,
  loop: repeat ? 'one account each, deleted again and again' : control ? 'control: a fresh account for each get-user-info, no deletion' : 'a fresh account for each deletion',
  seconds,
  loadAverage,
  serviceRoot: process.env.BENCH_SERVICE_ROOT ?? 'this copy',
  idle: { medianMs: Math.round(median(idle.latencies) * 10) / 10, calls: idle.latencies.length, statuses: idle.statuses, readyz: idle.ready },
  loaded: { medianMs: Math.round(median(busy.latencies) * 10) / 10, calls: busy.latencies.length, statuses: busy.statuses, readyz: busy.ready },
  deletions,
  identityToolkitCalls: identityToolkit.calls(),
};
console.log(JSON.stringify({ ...result, ratio: Math.round((result.loaded.medianMs / result.idle.medianMs) * 100) / 100 }, null, 2));

server.kill('SIGTERM');
await once(server, 'exit');
await identityToolkit.close();
keys.close();
if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
rmSync(dataDir, { recursive: true, force: true });
