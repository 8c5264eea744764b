#!/usr/bin/env node
// Benchmark of the composed site, as deployed locally (site-server/src/serve.ts: compressed, immutable
// hashed assets, short-cached documents), against the same pages built as one ordinary webpack
// bundle, measured in the same run. Writes bench/results.json and bench/results.md (also printed).
//   npm run bench          BENCH_RUNS=5 Lighthouse runs a page and site on mobile, BENCH_DESKTOP_RUNS=3 on desktop (medians kept),
//                          then the user service's load bench and the site server's (bench/load.mjs; BENCH_LOAD=off skips it)
//   BENCH_LOAD_ONLY=1 npm run bench   the site server's load bench alone, recorded beside the other figures
//   BENCH_CPU_SLOWDOWN=4   the mobile runs at a fixed CPU slowdown (Lighthouse's own 4×: uncalibrated, for comparison);
//                          by default it is calibrated from the host's benchmarkIndex (src/calibration.ts)
//   BENCH_LABEL=…          a word on the run, kept with its figures in the calibration history
// The parts: the servers (src/servers.mjs), what each file is (src/files.mjs), Lighthouse
// (src/lighthouse.mjs, its figures read by src/lighthouseRun.ts), the signed-in session
// (src/session.mjs), the pages (src/routes.ts), the figures and targets (src/figures.ts) and the
// report (src/report.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { serviceReportMarkdown } from '@site/service-user/bench-report';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { chromiumPath } from '@site/tools/chromium';
import { createUser } from './emulatorSignIn.mjs';
import { calibrationRecord, hostCalibration, indexRange } from './src/calibration.ts';
import { siteComparison, targetsPerRoute } from './src/figures.ts';
import { fileClassifier } from './src/files.mjs';
import { hostBenchmarkIndex, launchChromium, lighthouseAuditor, PRESETS } from './src/lighthouse.mjs';
import { loadMarkdown } from './src/load.ts';
import { resultsMarkdown } from './src/report.ts';
import { BEFORE_TRIAL_ROUTES, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './src/routes.ts';
import { run, startServer, startSite, stopServers } from './src/servers.mjs';
import { browserSession } from './src/session.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const { ports } = runtimeConfig;
// For a quicker look while working: BENCH_ROUTES=/login BENCH_PRESETS=mobile BENCH_SITES=federated
const only = (name, all) => (process.env[name] ? process.env[name].split(',') : all);
// Five runs a page and site on mobile, where the targets are (three could not decide a 50 ms TBT target:
// the same code met and missed it); three on desktop, reported only.
const RUNS = { mobile: Number(process.env.BENCH_RUNS || 5), desktop: Number(process.env.BENCH_DESKTOP_RUNS || 3) };
const SINGLE_PORT = Number(process.env.BENCH_SINGLE_PORT || 3200);
const CHROMIUM = chromiumPath('chromium');
const log = (...args) => console.error('[bench]', ...args);

// --- the site server's load figures (bench/load.mjs) ---------------------------------------------

/**
 * Runs the load bench (its own processes) and answers its run with every earlier recorded one beside
 * it, or its failure (reported with the other figures, never losing them).
 */
function siteServerLoad(earlier) {
  const out = join(here, '.runs', 'load.json');
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { force: true });
  log("the site server's load benchmark (bench/load.mjs)");
  try {
    run(here, 'pnpm', ['run', 'bench:load'], { env: { ...process.env, BENCH_LOAD_OUTPUT: out }, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    log(`  the site server's load benchmark failed (${error.message})`);
    return { load: earlier ?? null, loadFailure: error.message };
  }
  const latest = JSON.parse(readFileSync(out, 'utf8'));
  return { load: { ...latest, history: [...(earlier?.history ?? []).filter((r) => r.date !== latest.date), latest] }, loadFailure: null };
}

const earlierResults = existsSync(join(here, 'results.json')) ? JSON.parse(readFileSync(join(here, 'results.json'), 'utf8')) : null;

// BENCH_LOAD_ONLY=1: the load figures alone, written into the recorded results beside Lighthouse's.
if (process.env.BENCH_LOAD_ONLY === '1') {
  const { load, loadFailure } = siteServerLoad(earlierResults?.load);
  if (!earlierResults) throw new Error('bench/results.json is missing: run the whole bench once first');
  const results = { ...earlierResults, load, loadFailure };
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const md = `${resultsMarkdown(results, results.service ? serviceReportMarkdown(results.service) : '## User service (load, loopback)\n\nnot measured')}\n\n${loadMarkdown(load, loadFailure)}`;
  writeFileSync(join(here, 'results.md'), `${md}\n`);
  console.log(loadMarkdown(load, loadFailure));
  process.exit(loadFailure ? 1 : 0);
}

// --- the sites -------------------------------------------------------------------------------

const singleDist = join(here, 'single-bundle', 'dist');

if (only('BENCH_SITES', ['single']).includes('single')) {
  log('building the single-bundle baseline');
  run(root, join(root, 'node_modules', '.bin', 'webpack'), ['--config', join(here, 'single-bundle', 'webpack.config.cjs'), '--mode', 'production'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fair baseline: no Module Federation code may reach the single bundle.
  const federated = readdirSync(singleDist).filter((f) => f.endsWith('.js') && readFileSync(join(singleDist, f), 'utf8').includes('Federation Runtime'));
  if (federated.length > 0) throw new Error(`the single bundle contains the federation runtime (${federated.join(', ')})`);
}

log('starting the federated site (site-server/src/serve.ts)');
// The single bundle's pages call the same user service, from their own origin: the service's
// local mode allows every page of this machine (CORS_ORIGINS, when set, still wins).
await startSite('the federated site', `http://localhost:${ports.shell}`);

// The single bundle's pages use the same Auth emulator as the federated site (serve.ts's default
// without Firebase keys): its configuration and its content security policy say so. They are the
// same local site too (serve.ts's NODE_ENV): their configuration has local billing, so the plan
// cards offer the trial and the single bundle's signed-in pages can be measured.
if (!process.env.FIREBASE_API_KEY) process.env.FIREBASE_AUTH_EMULATOR_URL ||= `http://127.0.0.1:${ports.auth_emulator}`;
process.env.NODE_ENV ||= 'development';

// The single bundle's site, in a process of its own as the federated site is: served from this
// one, it would share the event loop that takes Lighthouse's trace events, and answer late
// (bench/single-bundle/serve.mjs says more).
await startServer({
  name: 'the single bundle',
  cwd: root,
  command: join(here, 'node_modules', '.bin', 'tsx'),
  args: [join(here, 'single-bundle', 'serve.mjs')],
  url: `http://localhost:${SINGLE_PORT}/config.js`,
  env: { ...process.env, BENCH_SINGLE_PORT: String(SINGLE_PORT) },
});

const SITES = {
  federated: `http://localhost:${ports.shell}`,
  single: `http://localhost:${SINGLE_PORT}`,
  // The floor under both: the federated site's page with every script and JSON file blocked
  // (Lighthouse's blockedUrlPatterns), so its HTML alone: its parsing, its inline scripts and its
  // first frame, as each page's code finds them. Mobile only; what a page's code adds is measured
  // against it in the same run.
  html: `http://localhost:${ports.shell}`,
};
/** The Lighthouse flags a site's runs take besides the preset's. */
const SITE_FLAGS = { html: { blockedUrlPatterns: ['*.js', '*.json'] } };
const SITE_PRESETS = { html: ['mobile'] };

// --- Lighthouse ------------------------------------------------------------------------------

// The machine the figures were measured on: they move with it (the ratios in one run hold better).
const machineAtStart = {
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  node: process.version,
  chromium: spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim() || CHROMIUM,
};

const chrome = await launchChromium(CHROMIUM);
const runsDir = join(here, '.runs');
mkdirSync(runsDir, { recursive: true });
// The host's benchmarkIndex, measured once before any page (the median of 5 Lighthouse runs of a trivial page), gives the mobile preset's
// CPU slowdown for every run of every site: the figures are those of the same device class on any
// host (src/calibration.ts says which, and how). Every run records its own index beside them.
let calibration;
try {
  const samples = await hostBenchmarkIndex(chrome, 5);
  calibration = hostCalibration(samples, process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined);
} catch (error) {
  await chrome.kill();
  stopServers();
  throw error;
}
log(
  `host benchmarkIndex ${calibration.hostBenchmarkIndex} (${calibration.hostSamples.join(', ')}): the mobile runs at ${calibration.cpuSlowdownMultiplier}× CPU slowdown (${calibration.mode === 'fixed' ? 'fixed by BENCH_CPU_SLOWDOWN' : calibration.referenceDevice})`,
);
const { classify, appsByPort } = fileClassifier({ root, ports });
const { auditSites, pageRecord } = lighthouseAuditor({
  chrome,
  runs: RUNS,
  siteFlags: SITE_FLAGS,
  runsDir,
  classify,
  appsByPort,
  singlePort: SINGLE_PORT,
  log,
  cpuSlowdownMultiplier: calibration.cpuSlowdownMultiplier,
});
const { browserDriver, signInOn, startTrial } = browserSession({ chrome, origins: Object.values(SITES), runsDir, log });

/** A page of each site (`sites`: [name, origin] pairs), measured in turns (auditSites), and recorded. */
async function measure(allSites, route, preset, options) {
  const sites = allSites.filter(([siteName]) => (SITE_PRESETS[siteName] ?? [preset]).includes(preset));
  if (sites.length === 0) return;
  log(`${route} ${preset} on ${sites.map(([name]) => name).join(' and ')} (${RUNS[preset]} run${RUNS[preset] > 1 ? 's' : ''} each, in turns)`);
  const targets = sites.map(([siteName, origin]) => ({ siteName, url: `${origin}${route}`, label: `${siteName}${route.replace(/[/?=]/g, '_')}-${preset}` }));
  const audited = await auditSites(targets, preset, options);
  for (const [t, { siteName, url }] of targets.entries()) {
    pages.push(await pageRecord({ site: siteName, route, preset, url, signedIn: SIGNED_IN_ROUTES.includes(route) }, audited[t]));
  }
}

const pages = [];
try {
  const sites = Object.entries(SITES).filter(([name]) => only('BENCH_SITES', Object.keys(SITES)).includes(name));
  const presets = only('BENCH_PRESETS', Object.keys(PRESETS));
  // Each public page as a visitor of its address who chose no language (its own, the address's).
  const { forgetLanguage } = await browserDriver();
  for (const route of only('BENCH_ROUTES', PUBLIC_ROUTES).filter((r) => PUBLIC_ROUTES.includes(r))) {
    for (const preset of presets) await measure(sites, route, preset, { beforeRun: forgetLanguage });
  }
  const signedInRoutes = only('BENCH_ROUTES', SIGNED_IN_ROUTES).filter((r) => SIGNED_IN_ROUTES.includes(r));
  if (signedInRoutes.length > 0 && process.env.BENCH_SIGNED_IN !== 'off') {
    const { clearCache } = await browserDriver();
    // The public pages' last runs were of English addresses, whose language the browser kept: the
    // signed-in pages are measured, and the trial started, as a visitor who chose none (Romanian).
    await forgetLanguage();
    const signedInRun = { flags: { disableStorageReset: true }, beforeRun: clearCache, signedIn: true };
    // A sign-in or a trial that fails is reported as the failure of every page it left unmeasured.
    const unmeasured = (siteName, routes, error) => {
      log(`  signed-in pages of ${siteName} not measured: ${error.message}`);
      for (const route of routes) {
        for (const preset of presets.filter((p) => (SITE_PRESETS[siteName] ?? [p]).includes(p))) {
          pages.push({
            site: siteName,
            route,
            preset,
            signedIn: true,
            runs: [{ failure: `no session: ${error.message.split('\n')[0]}` }],
            performanceScores: [null],
            failed: true,
          });
        }
      }
    };
    // One user, signed in on both sites: the sites are on one host (localhost), so they share its
    // cookies, the login cookie among them; with a user each, each site's sign-in would leave the
    // other's pages a token of another user. Both sites then show the same account.
    let signedIn = [];
    try {
      const email = await createUser('bench');
      for (const [siteName, origin] of sites.filter(([name]) => !SITE_FLAGS[name])) {
        try {
          signedIn.push([siteName, origin, await signInOn(origin, email)]);
        } catch (error) {
          unmeasured(siteName, signedInRoutes, error);
        }
      }
    } catch (error) {
      for (const [siteName] of sites.filter(([name]) => !SITE_FLAGS[name])) unmeasured(siteName, signedInRoutes, error);
    }
    // A page's HTML alone cannot sign in: it is drawn for the login cookie a site's sign-in left on
    // this host (the signed-in layout around the loading status), with no page to close.
    const htmlAlone = sites.filter(([name]) => SITE_FLAGS[name]);
    if (signedIn.length > 0) signedIn.push(...htmlAlone.map(([siteName, origin]) => [siteName, origin, null]));
    else for (const [siteName] of htmlAlone) unmeasured(siteName, signedInRoutes, new Error('no site signed in'));
    for (const route of signedInRoutes.filter((r) => BEFORE_TRIAL_ROUTES.includes(r))) {
      for (const preset of presets) if (signedIn.length > 0) await measure(signedIn, route, preset, signedInRun);
    }
    // The trial, started once (on the first site signed in) for the user both sites show.
    const afterTrial = signedInRoutes.filter((r) => !BEFORE_TRIAL_ROUTES.includes(r));
    if (signedIn.length > 0 && afterTrial.length > 0) {
      try {
        await startTrial(signedIn[0][2]);
        for (const [, , page] of signedIn.slice(1)) await page?.close();
      } catch (error) {
        for (const [siteName] of signedIn) unmeasured(siteName, afterTrial, error);
        signedIn = [];
      }
      for (const route of afterTrial) {
        for (const preset of presets) if (signedIn.length > 0) await measure(signedIn, route, preset, signedInRun);
      }
    }
  }
} finally {
  await chrome.kill();
  stopServers();
}
// The sites take turns on each page; the report lists each site's pages together.
const siteOrder = Object.keys(SITES);
pages.sort((a, b) => siteOrder.indexOf(a.site) - siteOrder.indexOf(b.site));

// --- the service's load figures ----------------------------------------------------------------

const serviceOut = join(here, '.runs', 'service.json');
// A failure here is reported with the pages' figures, never loses them (they took half an hour).
let serviceFailure = null;
if (process.env.BENCH_SERVICE !== 'off') {
  log('user service load benchmark');
  try {
    rmSync(serviceOut, { force: true });
    run(root, 'pnpm', ['--filter', '@site/service-user', 'bench'], {
      env: { ...process.env, BENCH_SECONDS: process.env.BENCH_SERVICE_SECONDS || '10', BENCH_LABEL: 'site bench', BENCH_OUTPUT: serviceOut },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    serviceFailure = error.message;
    log(`  the user service's benchmark failed (${serviceFailure}): the pages' figures are written all the same`);
  }
}
// The latest run, with every earlier recorded run of the service kept beside it.
const earlierService = earlierResults?.service ?? null;
const latestService = !serviceFailure && existsSync(serviceOut) ? JSON.parse(readFileSync(serviceOut, 'utf8')) : null;
const service = latestService && { ...latestService, history: [...(earlierService?.history ?? []).filter((run) => run.date !== latestService.date), latestService] };

const { load, loadFailure } = process.env.BENCH_LOAD === 'off' ? { load: earlierResults?.load ?? null, loadFailure: null } : siteServerLoad(earlierResults?.load);

// --- comparison and report -----------------------------------------------------------------------

const allRoutes = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES];
const date = new Date().toISOString();
const machine = { ...machineAtStart, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) };
// The runs' own indices (mobile: the calibrated preset) beside the host's at the start.
const calibrated = { ...calibration, runs: indexRange(pages.filter((p) => p.preset === 'mobile').flatMap((p) => p.runs.map((r) => r.benchmarkIndex))) };
// Every run's calibration and its figures, partial or whole, kept with the earlier ones (oldest first).
const calibrationHistory = [
  ...(earlierResults?.calibrationHistory ?? []),
  calibrationRecord({ date, label: process.env.BENCH_LABEL || null, machine, calibration: calibrated, pages }),
];
const results = {
  date,
  machine,
  lighthouse: JSON.parse(readFileSync(join(here, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version,
  runsPerPage: RUNS,
  medianOf: 'the runs that completed',
  calibration: calibrated,
  calibrationHistory,
  pages,
  comparison: siteComparison(pages, allRoutes),
  // Each target per route (bench/src/figures.ts decides them), with the longest tasks beside them (reported, not judged).
  targets: targetsPerRoute(pages, allRoutes, SIGNED_IN_ROUTES),
  service,
  serviceFailure,
  load,
  loadFailure,
};
// A run narrowed by BENCH_SITES / BENCH_ROUTES / BENCH_PRESETS writes beside its reports, not over the results.
const partial = ['BENCH_SITES', 'BENCH_ROUTES', 'BENCH_PRESETS'].some((name) => process.env[name]);
const outDir = partial ? runsDir : here;
writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const md = `${resultsMarkdown(
  results,
  service ? serviceReportMarkdown(service) : `## User service (load, loopback)\n\n${serviceFailure ? `failed: ${serviceFailure}` : 'not measured'}`,
)}\n\n${loadMarkdown(load, loadFailure)}`;
writeFileSync(join(outDir, 'results.md'), `${md}\n`);
// A narrowed run's calibration and figures join the recorded history all the same (the rest of the
// recorded results unchanged), as the load bench's runs do.
if (partial && earlierResults) {
  const recorded = { ...earlierResults, calibrationHistory };
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(recorded, null, 2)}\n`);
  const recordedMd = `${resultsMarkdown(recorded, recorded.service ? serviceReportMarkdown(recorded.service) : '## User service (load, loopback)\n\nnot measured')}\n\n${loadMarkdown(recorded.load, recorded.loadFailure)}`;
  writeFileSync(join(here, 'results.md'), `${recordedMd}\n`);
}
console.log(md);
