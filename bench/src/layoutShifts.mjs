// The layout-shift bench's measuring (bench/layout-shifts.mjs runs it): the composed site started
// as site-server/src/serve.ts runs it (through servers.mjs, as run.mjs starts it: stopped whenever
// the bench ends), each route loaded afresh in Chromium at Lighthouse's mobile screen, its layout
// shifts, long tasks, LCP and main-thread work recorded by the page and Chrome; the signed-in pages
// through a real session of the Auth emulator (as run.mjs signs in). Its figures and report:
// layoutShiftFigures.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { SITE_APPS } from '@site/shared-ui/site-apps';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { signInNewUser } from '../emulatorSignIn.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '@site/tools/chromium';
import { callerFile, cumulativeLayoutShift, longTasksOfTrace } from './layoutShiftFigures.ts';
import { AFTER_TRIAL_ROUTES, BEFORE_TRIAL_ROUTES, ROMANIAN_ROUTES } from './routes.ts';
import { startSite, stopServers } from './servers.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const { ports } = runtimeConfig;
const origin = `http://localhost:${ports.shell}`;
const log = (...args) => console.error('[shifts]', ...args);

/** The bench's pages (routes.ts, from the route table): the public ones in Romanian, then the signed-in ones. */
export const SHIFT_ROUTES = [...ROMANIAN_ROUTES, ...BEFORE_TRIAL_ROUTES, ...AFTER_TRIAL_ROUTES];

// Lighthouse's mobile preset: the screen it emulates.
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Installed before the page's own scripts: every layout shift, with the elements that moved. */
function observeShifts() {
  const describe = (node) => {
    if (!node) return '(gone)';
    if (node.nodeType !== 1) return `#text "${(node.textContent || '').trim().slice(0, 40)}"`;
    const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const label = (node.getAttribute('aria-label') || node.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}> "${label}"`;
  };
  const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources || []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // The tasks that blocked the main thread meanwhile (over 50 ms).
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
  }).observe({ type: 'longtask', buffered: true });
  // The page's largest contentful paint: the last candidate.
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = Math.round(entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Installed before the page's own scripts (SHIFT_SYNC=1): each read of document.cookie, each call
 * of localStorage's and sessionStorage's methods and each write of the session's history
 * (history.replaceState, pushState), timed, with its caller's frame (layoutShiftFigures.ts's
 * SyncCall). Each is a call the main thread waits on for the browser's answer.
 */
function observeSyncCalls() {
  const calls = (window.__syncCalls = []);
  const record = (what, started) => calls.push({ what, ms: performance.now() - started, at: Math.round(started), caller: new Error().stack.split('\n')[3] || '' });
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    set: cookie.set,
    get() {
      const started = performance.now();
      try {
        return cookie.get.call(this);
      } finally {
        record('document.cookie', started);
      }
    },
  });
  /** Each of `methods` of `proto` timed, named by `whatOf(the object called, the method)`. */
  const timeMethods = (proto, methods, whatOf) => {
    for (const method of methods) {
      const own = proto[method];
      proto[method] = function (...args) {
        const started = performance.now();
        try {
          return own.apply(this, args);
        } finally {
          record(whatOf(this, method), started);
        }
      };
    }
  };
  timeMethods(
    Storage.prototype,
    ['getItem', 'setItem', 'removeItem', 'key', 'clear'],
    (store, method) => `${store === window.sessionStorage ? 'sessionStorage' : 'localStorage'}.${method}`,
  );
  // The session's history: writing an entry's state waits on the browser's process too.
  timeMethods(History.prototype, ['replaceState', 'pushState'], (_, method) => `history.${method}`);
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading'];

/**
 * The source file a frame of a built script ran, through the source map beside it in its app's
 * dist/ (each app's build by the port the site serves it on), else the script's own name without
 * its content hash; null for a frame with no script.
 */
function sourceFileResolver() {
  const builds = new Map(SITE_APPS.map((app) => [String(ports[app.name]), join(root, app.folder, 'dist')]));
  const sourceMaps = new Map();
  return ({ url, lineNumber, columnNumber }) => {
    if (!url) return null;
    const script = new URL(url);
    const dist = builds.get(script.port);
    const mapFile = dist && join(dist, `${script.pathname}.map`);
    if (mapFile && !sourceMaps.has(mapFile)) {
      try {
        sourceMaps.set(mapFile, new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))));
      } catch {
        sourceMaps.set(mapFile, null);
      }
    }
    const position = mapFile && sourceMaps.get(mapFile)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    // A package's file by its name (node_modules/.pnpm/<pkg>@<version>/node_modules/<pkg>/…), an app's by its path.
    if (position?.source) return position.source.replace(/^webpack:\/\//, '').replace(/^.*node_modules\/(?!\.pnpm)/, '');
    return script.pathname.replace(/\.[0-9a-f]{8,}\./, '.');
  };
}

/**
 * Measures `options.routes` (layoutShiftFigures.ts's ShiftOptions), each loaded `options.runs`
 * times afresh (empty HTTP cache, the session kept); resolves with every run (ShiftRun), in the
 * order measured. Starts the site, and stops it at the end, a failure included.
 */
export async function measureLayoutShifts({ routes, runs, cpu, profile: withProfile, trace: withTrace, rtt, kbps, sync }) {
  log('starting the site (site-server/src/serve.ts)');
  await startSite('the site', origin);
  const sourceFile = sourceFileResolver();
  const browser = await chromium.launch({ executablePath: chromiumPath('chromium'), args: CHROMIUM_ARGS });
  const results = [];
  try {
    const context = await browser.newContext(MOBILE);
    await context.addInitScript(observeShifts);
    if (sync) await context.addInitScript(observeSyncCalls);

    const measure = async (route) => {
      for (let i = 0; i < runs; i += 1) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await cdp.send('Network.clearBrowserCache');
        if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        if (rtt || kbps) {
          const throughput = kbps ? (kbps * 1024) / 8 : -1;
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: throughput, uploadThroughput: throughput });
        }
        if (withTrace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        if (withProfile) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(2000);
        // The profile's clock is the trace's (µs): each long task's samples are the ones in its span.
        const profile = withProfile ? (await cdp.send('Profiler.stop')).profile : null;
        const tasks = withTrace ? longTasksOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')), profile, sourceFile) : [];
        const { shifts, longTasks, lcp, syncCalls } = await page.evaluate(() => ({
          shifts: window.__shifts,
          longTasks: window.__longTasks,
          lcp: window.__lcp,
          syncCalls: window.__syncCalls ?? [],
        }));
        const counters = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, Math.round(value * 1000)]));
        const work = { tasks: counters.TaskDuration, scripts: counters.ScriptDuration, style: counters.RecalcStyleDuration, layout: counters.LayoutDuration };
        const landed = new URL(page.url());
        results.push({
          route,
          run: i + 1,
          landed: `${landed.pathname}${landed.search}`,
          cls: cumulativeLayoutShift(shifts),
          shifts,
          longTasks,
          tasks,
          lcp,
          work,
          syncCalls: syncCalls.map(({ caller, ...call }) => ({ ...call, by: callerFile(caller, sourceFile) })),
        });
        await page.close();
      }
    };

    for (const route of routes.filter((r) => ROMANIAN_ROUTES.includes(r))) await measure(route);
    if (routes.some((r) => BEFORE_TRIAL_ROUTES.includes(r) || AFTER_TRIAL_ROUTES.includes(r))) {
      const session = await context.newPage();
      await signInNewUser(session, origin, 'shifts');
      for (const route of routes.filter((r) => BEFORE_TRIAL_ROUTES.includes(r))) await measure(route);
      if (routes.some((r) => AFTER_TRIAL_ROUTES.includes(r))) {
        // The trial, started as a user starts it (local billing): then the account's tabs.
        await session.goto(`${origin}/pricing`);
        await session.getByRole('button', { name: 'Începeți perioada de probă' }).click();
        await session.waitForURL(/\/account/, { timeout: 60_000 });
        for (const route of routes.filter((r) => AFTER_TRIAL_ROUTES.includes(r))) await measure(route);
      }
      await session.close();
    }
  } finally {
    await browser.close();
    stopServers();
  }
  return results;
}
