/**
 * Load benchmark of POST /get-user-info with a valid RS256 token (verification, database, JSON),
 * against a bare Hono JSON handler measured in the same run, on loopback only.
 *
 * Every server runs in its own process, started as `npm start` starts the service (src/server.ts,
 * here with NODE_ENV=production and Google's key set replaced by one this bench serves), and the
 * load generator (autocannon's CLI) runs in a process of its own, so neither shares an event loop
 * with the server it measures. Targets: the bare handler, the bare handler behind the service's
 * global middleware (what that list costs), the service on file-backed PGlite (a
 * temporary DATA_DIR, as `npm start` uses) and, when DATABASE_URL is set, on PostgreSQL (a
 * temporary schema); each database's floor before its service: a bare handler reading one row by
 * primary key through the service's database layer on the same kind of database (floor-pglite,
 * floor-postgres). Ratios: to the bare handler, and the service's to its database's floor.
 *
 *   pnpm --filter @site/service-user bench    BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default
 *   BENCH_TARGETS=bare,floor-pglite,pglite    a subset of the targets
 *   BENCH_TARGETS=bare,middleware-steps       the global middleware built up one part at a time (request id;
 *                                             + the request's figures to the metrics; + its log line;
 *                                             + the response headers; + the deadline: the whole list), each
 *                                             with the CPU per request its part adds
 *   BENCH_OUTPUT=path                         also writes the report there as JSON (the site bench)
 *   BENCH_SERVICE_ROOT=dir                    runs the service from another copy of service-user (an earlier
 *                                             version, to measure before and after in the same conditions)
 *   BENCH_SERVER_NODE_ARGS=flags              node flags for every server's process
 *   BENCH_PROFILE=1                           a CPU profile of every server, each printed per request and
 *                                             part of the call (bench/profile.ts)
 *   BENCH_LABEL=text                          names the run in the report (what was measured)
 *   BENCH_RECORD=1                            records the run in the site's bench/results.json (service
 *                                             key, with every earlier recorded run) and bench/results.md
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { serviceReportMarkdown } from './report.mjs';
import { temporarySchema } from '../src/testing/temporarySchema';
import { benchKeySet, freePort } from './benchKeys';
import { isMiddlewareStep, middlewareSteps, type MiddlewareStep } from './middlewareSteps';
import { PRODUCTION_SETTINGS } from './productionSettings';
import { perRequest, readProfile } from './profile';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const WARMUP_SECONDS = 2;
const PROJECT_ID = 'bench-project';
const here = dirname(fileURLToPath(import.meta.url));
const serviceRoot = dirname(here);
const measuredServiceRoot = process.env.BENCH_SERVICE_ROOT || serviceRoot;
const siteBench = join(serviceRoot, '..', 'bench');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const log = (...args: unknown[]) => console.error('[service bench]', ...args);

type Target = 'bare' | MiddlewareStep | 'floor-pglite' | 'pglite' | 'floor-postgres' | 'postgres';
const wanted = (process.env.BENCH_TARGETS || 'bare,middleware,floor-pglite,pglite,floor-postgres,postgres')
  .split(',')
  .flatMap((t) => (t === 'middleware-steps' ? middlewareSteps : [t])) as Target[];
const targets = [...new Set(wanted)].filter((t) => !t.endsWith('postgres') || process.env.DATABASE_URL);
/** What each service target is measured against besides the bare handler: its database's floor. */
const FLOOR: Partial<Record<Target, Target>> = {
  pglite: 'floor-pglite',
  postgres: 'floor-postgres',
  ...Object.fromEntries(middlewareSteps.map((step) => [step, 'bare'])),
};
/** The issue's targets (#44): the ratio each must reach against its floor. */
const TARGET_RATIOS: Partial<Record<Target, number>> = { middleware: 0.7, pglite: 0.8, postgres: 0.8 };
if (!targets.includes('bare')) throw new Error('BENCH_TARGETS must include bare: every figure is a ratio to it');

// Firebase-shaped tokens signed by a key whose public half this bench serves as "Google's" key set.
const keys = await benchKeySet();
const { privateKey, jwksUrl } = keys;
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({ email: 'bench@example.com', auth_time: now - 60 })
  .setProtectedHeader({ alg: 'RS256', kid: 'bench-key' })
  .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
  .setAudience(PROJECT_ID)
  .setSubject('bench-uid')
  .setIssuedAt(now - 60)
  .setExpirationTime(now + 3000)
  .sign(privateKey);

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      await fetch(url, { method: 'POST' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * CPU time (user + system, ms) the server process has used so far. Per request, it is a figure
 * that a machine shared with other work disturbs less than the throughput (Linux /proc only).
 */
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_S = 100;

async function generateLoad(url: string, duration: number): Promise<AutocannonResult> {
  const args = [
    autocannonCli,
    '--json',
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-m',
    'POST',
    '-b',
    '{}',
    '-H',
    'Content-Type=application/json',
    '-H',
    `Authorization=Bearer ${token}`,
    url,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`autocannon exited with code ${code}`);
  return JSON.parse(out.trim().split('\n').pop() as string);
}

// BENCH_SERVER_NODE_ARGS: e.g. --cpu-prof --cpu-prof-dir=/tmp/prof, to see where a server spends its time.
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean);
const profiles = process.env.BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'service-bench-profiles-')) : null;

async function startServer(target: Target, port: number, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'service-bench-'));
  const nodeArgs = profiles ? [...serverNodeArgs, '--cpu-prof', `--cpu-prof-dir=${join(profiles, target)}`] : serverNodeArgs;
  if (target === 'bare' || isMiddlewareStep(target) || target === 'floor-pglite' || target === 'floor-postgres') {
    const env = {
      PATH: process.env.PATH,
      PORT: String(port),
      BARE_WITH: target === 'bare' ? '' : isMiddlewareStep(target) ? 'middleware' : target.replace('floor-', ''),
      ...(isMiddlewareStep(target) ? { BARE_MIDDLEWARE_STEP: target } : {}),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/bare.ts'], { cwd: serviceRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    return child;
  }
  const env = {
    PATH: process.env.PATH,
    ...PRODUCTION_SETTINGS,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    GOOGLE_JWKS_URL: jwksUrl,
  };
  // Its request log goes where a deployment's would: to stdout, here discarded.
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], { cwd: measuredServiceRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return child;
}

const NAMES: Record<Target, string> = {
  bare: 'bare Hono JSON handler',
  'middleware-request-id': 'the same handler behind the request id alone (step 1 of the global middleware)',
  'middleware-metrics': "+ the request's figures measured and given to the metrics, no log line (step 2)",
  'middleware-log': '+ its log line, to stdout as in production (step 3)',
  'middleware-headers': '+ the security and CORS headers (step 4)',
  middleware: "the same handler behind the service's global middleware",
  'floor-pglite': 'floor: a bare handler reading one row by primary key, file-backed PGlite',
  pglite: 'POST /get-user-info, file-backed PGlite',
  'floor-postgres': 'floor: a bare handler reading one row by primary key, PostgreSQL',
  postgres: 'POST /get-user-info, PostgreSQL',
};

async function measure(target: Target) {
  const port = await freePort();
  const schema = target.endsWith('postgres') ? await temporarySchema(process.env.DATABASE_URL as string, 'bench') : null;
  const child = await startServer(target, port, schema?.url);
  let served = 0;
  try {
    const url = `http://127.0.0.1:${port}/get-user-info`;
    await waitUntilAnswering(url, child);
    if (target === 'pglite' || target === 'postgres') {
      const registered = await fetch(`http://127.0.0.1:${port}/register-user`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      const answer = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
      if (!registered.ok || !answer.ok) throw new Error(`${target}: the token is refused (${registered.status}, ${answer.status}: ${await answer.text()})`);
    }
    log(`${NAMES[target]}: ${WARMUP_SECONDS} s warm-up, then ${seconds} s at ${connections} connections`);
    served = (await generateLoad(url, WARMUP_SECONDS)).requests.total;
    const cpuBefore = cpuMs(child.pid!);
    const result = await generateLoad(url, seconds);
    served += result.requests.total;
    const cpuAfter = cpuMs(child.pid!);
    const serverCpuUsPerRequest = cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total);
    // A wrong answer voids the figure; a request left unanswered past autocannon's 10 s is reported with it.
    if (result.non2xx > 0) throw new Error(`${target}: ${result.non2xx} answers were not 2xx`);
    if (result.errors > 0) log(`${target}: ${result.errors} requests failed (${result.timeouts} timed out after 10 s)`);
    return {
      name: NAMES[target],
      target,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      total: result.requests.total,
      serverCpuUsPerRequest,
      failed: result.errors,
    };
  } finally {
    const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
    child.kill('SIGTERM');
    await exited;
    await schema?.drop();
    if (profiles) {
      const dir = join(profiles, target);
      // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: the main thread's (0), not the module loader's.
      const file = (existsSync(dir) ? readdirSync(dir) : []).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
      if (file) {
        log(`${NAMES[target]}: CPU profile ${join(dir, file)}, ${served} requests served (warm-up included)`);
        console.table(perRequest(readProfile(join(dir, file)), served));
      } else log(`${NAMES[target]}: no CPU profile was written`);
    }
  }
}

const loadAverage = loadavg().map((l) => Math.round(l * 100) / 100);
const measured = [];
try {
  for (const target of targets) measured.push(await measure(target));
} finally {
  keys.close();
}
const bare = measured.find((r) => r.target === 'bare')!.requestsPerSecond;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
/** A middleware step's server CPU per request beyond the step measured before it (the bare handler before the first). */
function addedCpu(r: (typeof measured)[number]): number | undefined {
  if (!isMiddlewareStep(r.target) || r.serverCpuUsPerRequest === null) return undefined;
  const before = middlewareSteps.slice(0, middlewareSteps.indexOf(r.target)).findLast((step) => measured.some((m) => m.target === step)) ?? 'bare';
  const previous = measured.find((m) => m.target === before)?.serverCpuUsPerRequest;
  return previous === null || previous === undefined ? undefined : r.serverCpuUsPerRequest - previous;
}
const rows = measured.map((r) => {
  const floor = measured.find((f) => f.target === FLOOR[r.target]);
  const added = addedCpu(r);
  return {
    ...r,
    ratioToBare: ratio(r.requestsPerSecond, bare),
    ...(floor ? { ratioToFloor: ratio(r.requestsPerSecond, floor.requestsPerSecond), targetRatio: TARGET_RATIOS[r.target] } : {}),
    ...(added === undefined ? {} : { addedCpuUsPerRequest: added }),
  };
});
const label = process.env.BENCH_LABEL || undefined;
const report = { date: new Date().toISOString(), label, seconds, connections, node: process.version, loadAverage, rows };

console.log(JSON.stringify(report, null, 2));
console.table(
  rows.map((r) => ({
    call: r.name,
    'req/s': r.requestsPerSecond,
    'to bare': r.ratioToBare,
    'to floor (target)': 'ratioToFloor' in r ? `${r.ratioToFloor}${r.targetRatio ? ` (${r.targetRatio})` : ''}` : '',
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'server CPU µs/req': r.serverCpuUsPerRequest,
    ...(targets.some((t) => t !== 'middleware' && isMiddlewareStep(t)) ? { 'µs its part adds': 'addedCpuUsPerRequest' in r ? r.addedCpuUsPerRequest : '' } : {}),
  })),
);
if (process.env.BENCH_OUTPUT) {
  mkdirSync(dirname(process.env.BENCH_OUTPUT), { recursive: true });
  writeFileSync(process.env.BENCH_OUTPUT, `${JSON.stringify(report, null, 2)}\n`);
}
if (process.env.BENCH_RECORD === '1') {
  // The site's results keep every recorded run of the service beside the latest one.
  const resultsJson = join(siteBench, 'results.json');
  const results = existsSync(resultsJson) ? JSON.parse(readFileSync(resultsJson, 'utf8')) : {};
  const history = [...(results.service?.history ?? []), report];
  results.service = { ...report, history };
  writeFileSync(resultsJson, `${JSON.stringify(results, null, 2)}\n`);
  const resultsMd = join(siteBench, 'results.md');
  const md = existsSync(resultsMd) ? readFileSync(resultsMd, 'utf8') : '';
  const start = md.indexOf('## User service');
  writeFileSync(resultsMd, `${(start >= 0 ? md.slice(0, start) : md).trimEnd()}\n\n${serviceReportMarkdown(results.service)}\n`);
}
