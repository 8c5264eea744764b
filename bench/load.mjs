#!/usr/bin/env node
// Load benchmark of the site's server, as `npm start` serves it (site-server/src/serve.ts: the
// shell's server drawing the pages, the remotes, the user service, the Auth emulator), with the
// user service on PGlite (its default) and, when DATABASE_URL is set, on PostgreSQL (a temporary
// schema, dropped after). For each: the public `/`, a public page in English and three signed-in
// routes, each asked for by several users (BENCH_LOAD_SUBSCRIBERS: the account's tabs by users
// whose trial is on, /pricing by users who have not started it; one cookie each, taken in turn),
// at 1, 10 and 50 clients (autocannon, in this process: the server runs in its own), and the device
// tab again as first views (each request a new address and a new note of the browser's own change:
// no page, nor answers, kept for its user answer it;
// judged apart from the targets, whose rows ask again for what their users asked before). It reports
// pages per second, p50 and p99, the share of signed-in pages drawn whole (the handed-over state
// in the HTML, not the loading status), and the server's CPU per page: the CPU time of the site
// server's processes (serve.ts's and its site processes', read from /proc, not the load
// generator's) over the pages answered.
//
//   npm run bench                    (with the Lighthouse bench) or on its own:
//   BENCH_LOAD_ONLY=1 npm run bench
//   node tools/pnpm.mjs --filter @site/bench run bench:load   (the build as it is)
//   BENCH_LOAD_SECONDS=8 BENCH_LOAD_CLIENTS=1,10,50 BENCH_LOAD_DATABASES=pglite,postgres
//   BENCH_LOAD_OUTPUT=path           the run as JSON there (run.mjs keeps it in results.json)
//   BENCH_LOAD_LOG=path              the site's log (its servers' and the user service's) added to that file
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { temporarySchema } from '@site/service-user/testing/temporary-schema';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { loadReportMarkdown, loadSummary } from './src/load.ts';
import { ANSWERS_CHANGED_COOKIE, LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { siteProcessCount, startServer, stopServers } from './src/servers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const { ports } = runtimeConfig;
const site = `http://localhost:${ports.shell}`;
const log = (...args) => console.error('[bench:load]', ...args);
// The local site, as `npm start` is (serve.ts says so too): the emulator's users, local billing.
process.env.NODE_ENV ||= 'development';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 8);
const CLIENTS = (process.env.BENCH_LOAD_CLIENTS || '1,10,50').split(',').map(Number);
const SUBSCRIBERS = Number(process.env.BENCH_LOAD_SUBSCRIBERS || 6);
const DATABASES = (process.env.BENCH_LOAD_DATABASES || (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
// The signed-in routes as their users see them: the account's tabs by subscribers (trial on),
// the plans by users who have not started it (a subscriber asking for /pricing is sent to /account).
const ROUTES = [
  { path: '/', signedIn: false },
  { path: '/aboutus?lang=en', signedIn: false },
  { path: '/account?tab=device', signedIn: true, users: 'subscribers' },
  { path: '/account?tab=subscription', signedIn: true, users: 'subscribers' },
  { path: '/pricing', signedIn: true, users: 'before trial' },
  // The device tab, each request at an address never asked for before (a query the page ignores):
  // a page drawn for its request, as for a user's first view of it; none kept for the user can
  // answer it (rendering keeps a user's page for their next request answered the same).
  { path: '/account?tab=device', signedIn: true, users: 'subscribers', firstView: true },
];
/** The first views' addresses, each new in the whole run (a page is kept for a minute). */
let views = 0;
/** How a page drawn whole for its user is told from its loading status (rendering's handed-over state). */
const DRAWN_WHOLE = 'id="site-handed-over-state"';
// A browser's user agent: a bot is served otherwise (isbot counts the load generator as one).
const USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * CPU seconds used so far by the site server's processes (serve.ts's own and its site processes)
 * and, apart, by the user service it started (its tsx and node processes, under serve.ts).
 */
function cpuSeconds(pid) {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      const parent = Number(fields[1]);
      children.set(Number(entry), { parent, cpu: (Number(fields[11]) + Number(fields[12])) / ticks, command: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      /* gone */
    }
  }
  // serve.ts's own process and its site processes (SITE_PROCESSES: replica.ts, one a core); not
  // the user service or the Auth emulator it also starts.
  let site = 0;
  for (const [id, proc] of children) if (id === pid || (proc.parent === pid && /serve\.ts|replica\.ts/.test(proc.command))) site += proc.cpu;
  // The user service: the tsx process serve.ts started for service-user's src/server.ts, and the node process under it.
  const underServe = (id) => {
    for (let parent = children.get(id)?.parent; parent; parent = children.get(parent)?.parent) if (parent === pid) return true;
    return false;
  };
  let service = 0;
  for (const [id, proc] of children) if (proc.command.includes('src/server.ts') && underServe(id)) service += proc.cpu;
  return { site, service };
}

/** The site server's process: the node process running serve.ts under the started group. */
function serverPid(groupPid) {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (Number(fields[2]) === groupPid && command.includes('serve.ts') && !command.includes('tsx/dist/cli')) return Number(entry);
    } catch {
      /* gone */
    }
  }
  return groupPid;
}

async function emulatorUser(index, { trial: startTrial }) {
  const email = `load.${Date.now()}.${index}@exemplu.ro`;
  const emulator = `http://127.0.0.1:${ports.auth_emulator}`;
  const key = runtimeConfig.browserConfig(process.env).firebase.apiKey;
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${key}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'parola-sigura-42', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`the Auth emulator did not create a user: ${response.status}`);
  const { idToken } = await response.json();
  if (!startTrial) return idToken;
  // The trial on, as a user starts it here (local billing: the service's own signed events).
  const trial = await fetch(`http://127.0.0.1:${ports.service_user}/local-billing/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ plan: 'trial' }),
  });
  if (!trial.ok) throw new Error(`the trial did not start: ${trial.status} ${await trial.text()}`);
  return idToken;
}

/** One route at one number of clients: autocannon for SECONDS, each body read to tell a whole page from its loading status. */
async function measure(pid, route, clients, tokens) {
  let whole = 0;
  let bodies = 0;
  let turn = 0;
  const requests = [
    {
      method: 'GET',
      path: route.path,
      setupRequest: (request) => {
        const headers = { 'User-Agent': USER_AGENT, 'Accept-Encoding': 'br, gzip', Accept: 'text/html' };
        if (route.signedIn) headers.Cookie = `${LOGIN_COOKIE}=${tokens[route.users][turn++ % tokens[route.users].length]}`;
        if (!route.firstView) return { ...request, headers };
        // A first view: another address (no page kept for it), and another note of the browser's own
        // change (no answers kept for it either: read from the service, as a new session's first page).
        const view = views++;
        headers.Cookie += `; ${ANSWERS_CHANGED_COOKIE}=v${view}`;
        return { ...request, headers, path: `${route.path}&view=${view}` };
      },
    },
  ];
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: site,
    connections: clients,
    duration: SECONDS,
    // A new connection every 500 requests, as a browser opens one when told to: the site's servers
    // close a connection after 1,000 requests (maxRequestsPerSocket) and answer 503 to more on it,
    // which autocannon would keep sending.
    reconnectRate: 500,
    requests,
    setupClient: (client) =>
      client.on('body', (body) => {
        if (!route.signedIn) return;
        bodies += 1;
        // Asked for as a browser asks (brotli): read as the browser reads it.
        if (brotliDecompressSync(body).includes(DRAWN_WHOLE)) whole += 1;
      }),
  });
  const cpuAfter = cpuSeconds(pid);
  const cpu = cpuAfter.site - cpuBefore.site;
  const pages = result.requests.total;
  return {
    route: route.firstView ? `${route.path} (first views)` : route.path,
    signedIn: route.signedIn,
    ...(route.firstView ? { firstView: true } : {}),
    clients,
    pages,
    non2xx: result.non2xx,
    // Each status's count (a failed row says what it failed with).
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    errors: result.errors,
    timeouts: result.timeouts,
    perSecond: pages / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    drawnWhole: route.signedIn ? whole / Math.max(1, bodies) : null,
    cpuMsPerPage: (cpu * 1000) / Math.max(1, pages),
    serviceCpuMsPerPage: ((cpuAfter.service - cpuBefore.service) * 1000) / Math.max(1, pages),
  };
}

const runs = [];
try {
  for (const database of DATABASES) {
    const schema = database === 'postgres' ? await temporarySchema(process.env.DATABASE_URL, 'bench_load') : null;
    const env = { ...process.env };
    if (schema) env.DATABASE_URL = schema.url;
    else delete env.DATABASE_URL;
    try {
      log(`starting the site (service on ${database})`);
      const server = await startServer({
        name: 'the site',
        cwd: root,
        command: join(root, 'site-server', 'node_modules', '.bin', 'tsx'),
        args: [join(root, 'site-server', 'src', 'serve.ts')],
        url: `${site}/remotes.json`,
        env,
        // Its log, to tell why a page was served as its loading status (the reads' budget, the limit).
        logFile: process.env.BENCH_LOAD_LOG || null,
      });
      const pid = serverPid(server.pid);
      const tokens = { subscribers: [], 'before trial': [] };
      for (let i = 0; i < SUBSCRIBERS; i++) {
        tokens.subscribers.push(await emulatorUser(i, { trial: true }));
        tokens['before trial'].push(await emulatorUser(i, { trial: false }));
      }
      // Each page once before it is measured (a public page is drawn once and kept; a version's builds are compiled once).
      for (const route of ROUTES)
        for (const token of route.signedIn ? tokens[route.users].slice(0, 2) : [null])
          await fetch(`${site}${route.path}`, { headers: { ...(token ? { Cookie: `loginCookie=${token}` } : {}), 'User-Agent': USER_AGENT } });
      const rows = [];
      for (const clients of CLIENTS) {
        for (const route of ROUTES) {
          const row = await measure(pid, route, clients, tokens);
          log(
            `${database} ${row.route} × ${clients}: ${row.perSecond.toFixed(0)}/s, p50 ${row.p50} ms, p99 ${row.p99} ms, CPU ${row.cpuMsPerPage.toFixed(2)} ms/page (service ${row.serviceCpuMsPerPage.toFixed(2)})` +
              (row.drawnWhole === null ? '' : `, drawn whole ${(row.drawnWhole * 100).toFixed(1)}%`) +
              (row.non2xx > 0 ? `, statuses ${JSON.stringify(row.statusCodes)}` : ''),
          );
          rows.push(row);
        }
      }
      runs.push({ database, rows });
    } finally {
      stopServers();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await schema?.drop();
    }
  }
} finally {
  stopServers();
}

const report = {
  date: new Date().toISOString(),
  seconds: SECONDS,
  subscribers: SUBSCRIBERS,
  loadAverage: loadavg()[0],
  workers: siteProcessCount(),
  runs,
  summary: runs.map((run) => ({ database: run.database, ...loadSummary(run.rows) })),
};
console.log(loadReportMarkdown(report));
if (process.env.BENCH_LOAD_OUTPUT) writeFileSync(process.env.BENCH_LOAD_OUTPUT, `${JSON.stringify(report, null, 2)}\n`);
