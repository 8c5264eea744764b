#!/usr/bin/env node
// Where a page moves while it loads, and what blocks it: every layout shift of a page (its value,
// when, and which elements moved from where to where) and every task over 50 ms, at Lighthouse's
// mobile screen (412×823), on the composed site as site-server/src/serve.ts runs it, the signed-in
// pages through a real session of the Auth emulator (as run.mjs signs in). Lighthouse gives the CLS
// and the blocking time of a page; this says where they come from.
//   bench/node_modules/.bin/tsx bench/layout-shifts.mjs                   every route below, 3 loads each
//   SHIFT_ROUTES=/pricing SHIFT_RUNS=5 SHIFT_CPU=4 bench/node_modules/.bin/tsx bench/layout-shifts.mjs
//   SHIFT_TRACE=1 …   also what each long task ran (a Chrome trace: scripts, calls, layout, parsing)
//   SHIFT_PROFILE=1 … and which source files and functions ran in it (a CPU profile, through the builds'
//                     source maps: the share of the task's samples in which each file is on the stack,
//                     and in which each function was running itself)
// Each run also says how long the main thread worked until the page was idle (Chrome's own counters,
// at the run's CPU slowdown: all its tasks, the scripts' share of them, style and layout): the work a
// change to what runs on a page saves, steadier than the blocking time over a few runs.
//   SHIFT_RTT=150 SHIFT_KBPS=1638 …  on a slow network (DevTools' emulation: each response that much
//                     later, at that throughput; Lighthouse's mobile figures): with each run's LCP
// Needs a build (pnpm build) and the site's ports free (take /tmp/e2e.lock where it is shared).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { SITE_APPS } from '@site/shared-ui/site-apps';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { signInNewUser } from './emulatorSignIn.mjs';
import { AFTER_TRIAL_ROUTES, BEFORE_TRIAL_ROUTES, ROMANIAN_ROUTES } from './src/routes.ts';
import { CHROMIUM_ARGS, chromiumPath } from '@site/tools/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const { ports } = runtimeConfig;
const origin = `http://localhost:${ports.shell}`;
// The bench's pages (src/routes.ts, from the route table): the public ones in Romanian.
const PUBLIC_ROUTES = ROMANIAN_ROUTES;
const BEFORE_TRIAL = BEFORE_TRIAL_ROUTES;
const AFTER_TRIAL = AFTER_TRIAL_ROUTES;
const wanted = process.env.SHIFT_ROUTES ? process.env.SHIFT_ROUTES.split(',') : [...PUBLIC_ROUTES, ...BEFORE_TRIAL, ...AFTER_TRIAL];
const RUNS = Number(process.env.SHIFT_RUNS || 3);
const CPU = Number(process.env.SHIFT_CPU || 1);
const PROFILE = process.env.SHIFT_PROFILE === '1';
const RTT = Number(process.env.SHIFT_RTT || 0);
const KBPS = Number(process.env.SHIFT_KBPS || 0);
const TRACE = process.env.SHIFT_TRACE === '1' || PROFILE;
const log = (...args) => console.error('[shifts]', ...args);

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
  // The tasks that blocked the main thread meanwhile (over 50 ms), for item 2's figures.
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

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading'];

/** Each app's build on this machine, by the port the site serves it on: its scripts' source maps. */
const builds = new Map(SITE_APPS.map((app) => [String(ports[app.name]), join(root, app.folder, 'dist')]));
const sourceMaps = new Map();

/** The source file a frame of a built script ran (through its source map), else the script's own name. */
function sourceFile({ url, lineNumber, columnNumber }) {
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
}

/**
 * In a CPU profile, what ran between `from` and `to` (µs): the files on the stack of the samples
 * taken then (each file's share of them), and the functions those samples were in (their own time:
 * a function's share of the samples taken in it, not in what it called; native ones by name alone).
 */
function runBetween(profile, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const files = new Map();
  const functions = new Map();
  let samples = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at < from || at > to) return;
    samples += 1;
    const own = nodes.get(id);
    const name = `${own.callFrame.functionName || '(anonymous)'}${sourceFile(own.callFrame) ? ` ${sourceFile(own.callFrame)}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
    const seen = new Set();
    for (let node = own; node; node = nodes.get(parents.get(node.id))) {
      const file = sourceFile(node.callFrame);
      if (file) seen.add(file);
    }
    for (const file of seen) files.set(file, (files.get(file) ?? 0) + 1);
  });
  const shares = (counts, top) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, count]) => `${key} ${Math.round((count / samples) * 100)}%`);
  return { files: shares(files, 12), functions: shares(functions, 8) };
}

/**
 * What ran in each task over 50 ms of the page's main thread: its steps (scripts by file, calls,
 * parsing, layout), longest first; with a CPU profile of the same load, the source files that ran.
 */
function longTasksOfTrace({ traceEvents }, profile) {
  // The page's main thread: of the renderers' main threads, the one that ran the most scripts.
  const scripts = (thread) => traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'EvaluateScript').length;
  const [main] = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').sort((a, b) => scripts(b) - scripts(a));
  if (!main) return [];
  const events = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur > 0).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? events[0]?.ts ?? 0;
  const file = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,}\./, '.') : '');
  const label = (e) => {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule') return `${e.name} ${file(data.url || e.args?.fileName)}`;
    if (e.name === 'FunctionCall') return `call ${data.functionName || '(anonymous)'} ${file(data.url)}`;
    if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback') return e.name;
    if (e.name === 'EventDispatch') return `event ${data.type}`;
    return e.name;
  };
  const tasks = [];
  for (const task of events.filter((e) => e.name === 'RunTask' && e.dur > 50_000)) {
    const end = task.ts + task.dur;
    const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    // The task's direct steps, each with its own longest steps.
    const children = (parent, within) => {
      const out = [];
      let until = -Infinity;
      for (const e of within) {
        if (e === parent || e.ts < until) continue;
        if (e.ts >= parent.ts && e.ts + e.dur <= parent.ts + parent.dur) {
          out.push(e);
          until = e.ts + e.dur;
        }
      }
      return out;
    };
    const steps = children(task, inside)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 6)
      .map((step) => {
        const below = children(
          step,
          inside.filter((e) => e !== step && e.ts >= step.ts && e.ts + e.dur <= step.ts + step.dur),
        )
          .sort((a, b) => b.dur - a.dur)
          .slice(0, 4)
          .map((e) => `${label(e)} ${Math.round(e.dur / 1000)}`);
        return `${label(step)} ${Math.round(step.dur / 1000)}${below.length ? ` [${below.join('; ')}]` : ''}`;
      });
    tasks.push({
      at: Math.round((task.ts - navigation) / 1000),
      ms: Math.round(task.dur / 1000),
      steps,
      ...(profile ? runBetween(profile, task.ts, end) : { files: [], functions: [] }),
    });
  }
  return tasks;
}

/** Lighthouse's CLS: the largest session window (shifts less than 1 s apart, at most 5 s long). */
function cumulativeLayoutShift(shifts) {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const shift of shifts.filter((s) => !s.hadRecentInput)) {
    if (shift.at - last > 1000 || shift.at - start > 5000) {
      current = 0;
      start = shift.at;
    }
    current += shift.value;
    last = shift.at;
    best = Math.max(best, current);
  }
  return best;
}

const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

log('starting the site (site-server/src/serve.ts)');
const site = spawn(join(root, 'site-server', 'node_modules', '.bin', 'tsx'), [join(root, 'site-server', 'src', 'serve.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopSite = () => {
  try {
    process.kill(-site.pid, 'SIGTERM');
  } catch {
    /* already stopped */
  }
};
const until = Date.now() + 180_000;
while (!(await answers(`${origin}/remotes.json`))) {
  if (Date.now() > until) {
    stopSite();
    throw new Error('the site did not start');
  }
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: chromiumPath('chromium'),
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext(MOBILE);
await context.addInitScript(observeShifts);
const results = [];

/** Loads `route` afresh (empty HTTP cache, the session kept) `RUNS` times; its shifts, run by run. */
async function measure(route) {
  for (let i = 0; i < RUNS; i += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Network.clearBrowserCache');
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (RTT || KBPS) {
      const throughput = KBPS ? (KBPS * 1024) / 8 : -1;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: throughput, uploadThroughput: throughput });
    }
    if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    // The profile's clock is the trace's (µs): each long task's samples are the ones in its span.
    const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
    const tasks = TRACE ? longTasksOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')), profile) : [];
    const { shifts, longTasks, lcp } = await page.evaluate(() => ({ shifts: window.__shifts, longTasks: window.__longTasks, lcp: window.__lcp }));
    const counters = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, Math.round(value * 1000)]));
    const work = { tasks: counters.TaskDuration, scripts: counters.ScriptDuration, style: counters.RecalcStyleDuration, layout: counters.LayoutDuration };
    const landed = new URL(page.url());
    results.push({ route, run: i + 1, landed: `${landed.pathname}${landed.search}`, cls: cumulativeLayoutShift(shifts), shifts, longTasks, tasks, lcp, work });
    await page.close();
  }
}

async function signIn() {
  const page = await context.newPage();
  await signInNewUser(page, origin, 'shifts');
  return page;
}

try {
  for (const route of wanted.filter((r) => PUBLIC_ROUTES.includes(r))) await measure(route);
  if (wanted.some((r) => BEFORE_TRIAL.includes(r) || AFTER_TRIAL.includes(r))) {
    const session = await signIn();
    for (const route of wanted.filter((r) => BEFORE_TRIAL.includes(r))) await measure(route);
    if (wanted.some((r) => AFTER_TRIAL.includes(r))) {
      // The trial, started as a user starts it (local billing): then the account's tabs.
      await session.goto(`${origin}/pricing`);
      await session.getByRole('button', { name: 'Începeți perioada de probă' }).click();
      await session.waitForURL(/\/account/, { timeout: 60_000 });
      for (const route of wanted.filter((r) => AFTER_TRIAL.includes(r))) await measure(route);
    }
    await session.close();
  }
} finally {
  await browser.close();
  stopSite();
}

for (const { route, run, landed, cls, shifts, longTasks, tasks, lcp } of results) {
  console.log(
    `${route} run ${run}${landed !== route ? ` (landed on ${landed})` : ''}: LCP ${lcp ?? '-'} ms; CLS ${cls.toFixed(3)}; long tasks${CPU > 1 ? ` at ${CPU}× CPU` : ''} (ms): ${longTasks.map((t) => `${t.ms}@${t.at}`).join(' ') || 'none'}`,
  );
  for (const task of tasks) {
    console.log(`  task ${task.ms} ms at ${task.at} ms: ${task.steps.join(' | ')}`);
    if (task.files.length) console.log(`    files: ${task.files.join(', ')}`);
    if (task.functions.length) console.log(`    own time: ${task.functions.join(', ')}`);
  }
  for (const shift of shifts) {
    console.log(`  ${shift.value.toFixed(4)} at ${shift.at} ms${shift.hadRecentInput ? ' (after input)' : ''}`);
    for (const source of shift.sources) console.log(`    ${source.node}: ${source.from} → ${source.to}`);
  }
}
console.log('\nBy route (each run):');
for (const route of new Set(results.map((r) => r.route))) {
  const runs = results.filter((r) => r.route === route);
  const longest = runs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.ms)));
  console.log(`  ${route}: LCP (ms) ${runs.map((r) => r.lcp ?? '-').join(' ')}; CLS ${runs.map((r) => r.cls.toFixed(3)).join(' ')}; longest task (ms) ${longest.join(' ')}`);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const work = (kind) => `${median(runs.map((r) => r.work[kind]))} (${runs.map((r) => r.work[kind]).join(' ')})`;
  console.log(`    main thread until idle (ms, median then each run): tasks ${work('tasks')}; scripts ${work('scripts')}; style ${work('style')}; layout ${work('layout')}`);
}
