// Lighthouse in the system Chromium: a page's runs on each site in turns, each run's figures or why
// it failed, the median run's critical path (with each file's compressed sizes) and what its
// simulated LCP waits for; the host's benchmarkIndex, measured before the runs to calibrate their CPU
// slowdown (calibration.ts). The figures are read by lighthouseRun.ts.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { MARKERS } from '@site/rendering/contract';
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import { CHROMIUM_ARGS } from '@site/tools/chromium';
import { siteProcessCount } from './servers.mjs';
import { askOnNewConnections } from './warmUp.ts';
import { benchmarkIndexOf, criticalPathFigures, failureOf, mainThreadWork, medianRun, pageFigures, requestsBeforeLcp, runFigures, scriptsRun } from './lighthouseRun.ts';

/** Lighthouse's presets: mobile (its default) and desktop. */
export const PRESETS = { mobile: undefined, desktop: desktopConfig };

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS, '--disable-quic'];

/**
 * Chromium for Lighthouse: chrome-launcher's own flags, less Chrome's spare renderer: a renderer
 * started ahead of the next navigation, which Lighthouse's trace sometimes began recording in only
 * after the navigation had committed (its navigationStart missing: the run failed NO_NAVSTART, 3
 * and 8 runs of 108 in two full benches; none of 108 without the spare). Chrome reads one
 * --disable-features, so the feature joins the launcher's list.
 */
export async function launchChromium(chromePath) {
  const launcherFlags = chromeLauncher.Launcher.defaultFlags().map((flag) => (flag.startsWith('--disable-features=') ? `${flag},SpareRendererForSitePerProcess` : flag));
  if (!launcherFlags.some((flag) => flag.includes('SpareRendererForSitePerProcess'))) throw new Error("chrome-launcher's flags no longer hold --disable-features");
  return chromeLauncher.launch({ chromePath, chromeFlags: [...launcherFlags, ...CHROME_FLAGS], ignoreDefaultFlags: true });
}

/**
 * The host's benchmarkIndex, `samples` times: Lighthouse runs (its mobile preset, one audit) of a
 * trivial page served from here, each reporting the index Lighthouse measured at its start, as every
 * run of the sites' pages does (its environment: the figure its CPU slowdown calculator takes). The
 * same benchmark run by hand, five times in one warm page, read lower here (2,515–2,626; the runs that
 * followed, 2,648–3,162).
 */
export async function hostBenchmarkIndex(chrome, samples) {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Calibration</title><p>The host’s benchmarkIndex.</p></html>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  try {
    const indices = [];
    for (let i = 0; i < samples; i += 1) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyAudits: ['bootup-time'] });
      const index = benchmarkIndexOf(lhr);
      if (index !== null) indices.push(index);
    }
    return indices;
  } finally {
    server.close();
  }
}

/**
 * @param {{ chrome: { port: number }, runs: Record<string, number>, siteFlags: Record<string, object>, runsDir: string,
 *           classify: import('./lighthouseRun').Classify, appsByPort: Record<string, string>, singlePort: number, log: (...args: unknown[]) => void,
 *           cpuSlowdownMultiplier: number }} options  cpuSlowdownMultiplier: the mobile preset's, in every run of every site (calibration.ts)
 */
export function lighthouseAuditor({ chrome, runs, siteFlags, runsDir, classify, appsByPort, singlePort, log, cpuSlowdownMultiplier }) {
  const compressedSizes = new Map();
  async function sizes(url, { signedIn = false } = {}) {
    const key = `${signedIn} ${url}`;
    if (!compressedSizes.has(key)) {
      // A request the page made that the closed network does not answer (Google's API loader, which
      // the Firebase SDK asks for on signed-in pages) weighs nothing here: it never arrived. A signed-in
      // page's HTML is asked for with the login cookie (its presence is what the server draws for), as
      // the browser asked for it: without, it was the signed-out page's.
      const headers = { 'Accept-Encoding': 'identity', ...(signedIn ? { Cookie: `${LOGIN_COOKIE}=bench` } : {}) };
      const response = await fetch(url, { headers }).catch(() => null);
      if (!response?.ok) {
        compressedSizes.set(key, { raw: 0, gzip: 0, brotli: 0, unreachable: true });
        return compressedSizes.get(key);
      }
      const body = Buffer.from(await response.arrayBuffer());
      compressedSizes.set(key, {
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      });
    }
    return compressedSizes.get(key);
  }

  /** One Lighthouse run of a page: its figures, or why it failed (a failed run stays in the report). */
  async function auditOnce(url, preset, { flags = {}, beforeRun = async () => {}, signedIn = false } = {}) {
    await beforeRun();
    // The mobile preset's CPU slowdown, calibrated for this host (the desktop preset keeps its own: no slowdown).
    const throttling = preset === 'mobile' ? { throttling: { cpuSlowdownMultiplier } } : {};
    const { lhr, artifacts } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags, ...throttling }, PRESETS[preset]);
    if (preset === 'mobile' && lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdownMultiplier) {
      throw new Error(`Lighthouse ran at ${lhr.configSettings.throttling.cpuSlowdownMultiplier}× CPU slowdown, not the ${cpuSlowdownMultiplier}× asked for`);
    }
    // A signed-in page whose HTML was drawn for a signed-out visitor (no login cookie) was not the
    // page meant: the HTML alone has no code to go to /login, which record() looks for.
    const drawnSignedOut = signedIn && !artifacts.MainDocumentContent?.includes(MARKERS.signedInDocumentAttribute);
    const failure = failureOf(lhr) ?? (drawnSignedOut ? 'the HTML was drawn for a signed-out visitor (no login cookie)' : null);
    if (failure) return { run: { failure }, lhr: null };
    // The trace and network log, kept for the mobile runs (lcpSimulation): the rest of the artifacts are not needed.
    const simulationInput = preset === 'mobile' ? { Trace: artifacts.Trace, DevtoolsLog: artifacts.DevtoolsLog, URL: artifacts.URL, GatherContext: artifacts.GatherContext } : null;
    return { run: runFigures(lhr, classify), lhr, simulationInput };
  }

  /**
   * Every run of a page on each site, each reported (score, TBT, LCP, or why it failed); the median is
   * taken over the runs that completed, and a failed run stays in the report as a failure, never
   * hidden by it. The sites' runs take turns (federated, single, html, federated, …): the machine's
   * load drifts over the half hour of a bench, and so a site's runs of a page are each measured beside
   * the others'. Measured one site after the other, each site had the machine of its own quarter hour.
   */
  async function auditSites(targets, preset, options) {
    const results = targets.map(() => ({ runs: [], audits: [] }));
    // Each site is asked for the page first, by each of its server's processes (src/warmUp.ts): the
    // federated site's server renders a public page once per page, version and process (190–300 ms
    // here, then ~10 ms), which only the first visitor after a release waits for; without this, the
    // first of the runs a process answered measured that one-time render as TTFB.
    for (const { url } of targets) await askOnNewConnections(url, 2 * siteProcessCount());
    for (let i = 0; i < runs[preset]; i += 1) {
      for (const [t, { siteName, url, label }] of targets.entries()) {
        const flags = { ...options?.flags, ...siteFlags[siteName] };
        const { run, lhr, simulationInput } = await auditOnce(url, preset, { ...options, flags });
        results[t].runs.push(run);
        if (lhr) results[t].audits.push({ report: lhr, simulationInput });
        else log(`  ${label} run ${i + 1} failed: ${run.failure}`);
      }
    }
    // The run with the median performance score stands for the page; its full report is kept in .runs/.
    return results.map(({ runs: pageRuns, audits }, t) => {
      const kept = medianRun(audits);
      if (!kept) return { lhr: null, runs: pageRuns };
      writeFileSync(join(runsDir, `${targets[t].label}.json`), JSON.stringify(kept.report));
      return { lhr: kept.report, simulationInput: kept.simulationInput, runs: pageRuns };
    });
  }

  /**
   * What Lighthouse's simulated LCP waits for, from its own simulation (Lantern, as Lighthouse ran it,
   * again on the run's trace and network log) with the time it gives each request: how many
   * requests and bytes the LCP counts (every request that finished before the observed LCP), which
   * one finishes last and when, how long the page's work takes after it, and when the auth SDK's
   * lookup of the stored user (Firebase's accounts:lookup) is done. A failure of the simulation is
   * reported in its place.
   */
  async function lcpSimulation(input, lhr) {
    try {
      const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
      const settings = lhr.configSettings;
      const data = { trace: input.Trace, devtoolsLog: input.DevtoolsLog, gatherContext: input.GatherContext, settings, URL: input.URL, simulator: null, SourceMaps: [] };
      const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
      // The pessimistic graph: every request and task the LCP can wait for (the optimistic one leaves out some tasks).
      const requests = [...result.pessimisticEstimate.nodeTimings.entries()].filter(([node]) => node.type === 'network');
      const [lastNode, lastTiming] = requests.reduce((a, b) => (b[1].endTime > a[1].endTime ? b : a));
      const lookup = requests.find(([node]) => /accounts:lookup/.test(node.request.url) && node.request.resourceType !== 'Preflight');
      const { host, port, pathname } = new URL(lastNode.request.url);
      const where = appsByPort[port] ?? (Number(port) === singlePort ? 'single' : host);
      return {
        lcpMs: Math.round(result.timing),
        requests: requests.length,
        transferred: requests.reduce((total, [node]) => total + node.request.transferSize, 0),
        lastRequest: { file: lastNode.isMainDocument() ? 'HTML' : `${where}${pathname}`, transferred: lastNode.request.transferSize, endMs: Math.round(lastTiming.endTime) },
        afterLastRequestMs: Math.round(result.pessimisticEstimate.timeInMs - lastTiming.endTime),
        authLookupEndMs: lookup ? Math.round(lookup[1].endTime) : null,
      };
    } catch (error) {
      return { failure: String(error?.message ?? error).split('\n')[0] };
    }
  }

  /** The requests finished before the observed LCP and every script the page ran, each with what it is and its sizes. */
  async function criticalPath(lhr, { signedIn }) {
    const beforeLcp = [];
    for (const r of requestsBeforeLcp(lhr)) {
      const s = await sizes(r.url, { signedIn: signedIn && r.resourceType === 'Document' });
      beforeLcp.push({ url: r.url, type: r.resourceType, ...classify(r.url), transferred: r.transferSize, ...s });
    }
    const ran = [];
    for (const url of scriptsRun(lhr)) ran.push({ ...classify(url), ...(await sizes(url)) });
    return criticalPathFigures(lhr, beforeLcp, ran);
  }

  /** A page of a site as results.json records it, from its runs and the median run's report. */
  async function pageRecord({ site, route, preset, url, signedIn }, { lhr, simulationInput, runs: pageRuns }) {
    const performanceScores = pageRuns.map((run) => run.performance ?? null);
    if (!lhr) return { site, route, preset, signedIn, runs: pageRuns, performanceScores, failed: true };
    // A signed-in page that Lighthouse saw as another (the session lost: /login) is a failure too.
    if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      return { site, route, preset, signedIn, runs: pageRuns.map(() => ({ failure: `ended on ${lhr.finalDisplayedUrl}` })), performanceScores, failed: true };
    }
    const { scores, metrics, runtimeError, failedAudits } = pageFigures(lhr);
    return {
      site,
      route,
      preset,
      signedIn,
      scores,
      performanceScores,
      runs: pageRuns,
      metrics,
      runtimeError,
      failedAudits,
      // The median run's main-thread work by script and by kind, beside its TBT.
      mainThread: mainThreadWork(lhr, classify),
      criticalPath: preset === 'mobile' ? await criticalPath(lhr, { signedIn }) : undefined,
      lcpSimulation: simulationInput ? await lcpSimulation(simulationInput, lhr) : undefined,
    };
  }

  return { auditSites, pageRecord };
}
