// The layout-shift bench's figures (bench/layout-shifts.mjs runs it, src/layoutShifts.mjs measures):
// its options from the environment, Lighthouse's CLS of a load's shifts, what ran in each long task
// (from a Chrome trace and a CPU profile, each frame's file given by the caller: through the builds'
// source maps), and the report, run by run and by route. No browser, no file: unit-tested.
import { median } from './figures';

type Env = Record<string, string | undefined>;

export interface ShiftOptions {
  /** SHIFT_ROUTES (comma-separated; default every route the bench measures). */
  routes: string[];
  /** SHIFT_RUNS: loads of each route (3). */
  runs: number;
  /** SHIFT_CPU: the CPU slowdown (1: none; Lighthouse's mobile runs use 4). */
  cpu: number;
  /** SHIFT_PROFILE=1: a CPU profile of each load, each long task's files and functions (implies trace). */
  profile: boolean;
  /** SHIFT_TRACE=1 (or SHIFT_PROFILE=1): a Chrome trace of each load, each long task's steps. */
  trace: boolean;
  /** SHIFT_RTT: ms added to each response (0: none). */
  rtt: number;
  /** SHIFT_KBPS: the throughput, in kbit/s (0: not limited). */
  kbps: number;
  /** SHIFT_SYNC=1: each synchronous call of the page to the browser's stores (SyncCall), timed, by the file that made it. */
  sync: boolean;
}

/**
 * The options of a run, from SHIFT_* (every route of `known` by default). A value that cannot be
 * meant (a route the bench does not know, a count that is not a whole number…) is refused, named:
 * measured wrong, a run would say nothing of it.
 */
export function shiftOptions(env: Env, known: readonly string[]): ShiftOptions {
  const number = (name: string, fallback: number, { min, whole = false }: { min: number; whole?: boolean }) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
      throw new Error(`${name} must be ${whole ? 'a whole number' : 'a number'} of at least ${min} (it is "${env[name]}")`);
    return value;
  };
  const routes = env.SHIFT_ROUTES?.trim()
    ? env.SHIFT_ROUTES.split(',')
        .map((route) => route.trim())
        .filter(Boolean)
    : [...known];
  const unknown = routes.filter((route) => !known.includes(route));
  if (unknown.length) throw new Error(`SHIFT_ROUTES names ${unknown.join(', ')}, not among the bench's routes: ${known.join(', ')}`);
  const profile = env.SHIFT_PROFILE === '1';
  return {
    routes,
    runs: number('SHIFT_RUNS', 3, { min: 1, whole: true }),
    cpu: number('SHIFT_CPU', 1, { min: 1 }),
    profile,
    trace: env.SHIFT_TRACE === '1' || profile,
    rtt: number('SHIFT_RTT', 0, { min: 0 }),
    kbps: number('SHIFT_KBPS', 0, { min: 0 }),
    sync: env.SHIFT_SYNC === '1',
  };
}

/** A layout shift, as the page's observer records it. */
export interface Shift {
  value: number;
  /** ms after the navigation started. */
  at: number;
  hadRecentInput: boolean;
  sources: { node: string; from: string; to: string }[];
}

/** Lighthouse's CLS: the largest session window (shifts less than 1 s apart, at most 5 s long), input-driven shifts left out. */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
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

/** A frame of a CPU profile or a trace: the script, 0-based. */
export interface CallFrame {
  functionName?: string;
  url?: string;
  lineNumber: number;
  columnNumber: number;
}

/** The source file a frame ran (through the builds' source maps), else null (no script: native, the engine's). */
export type SourceFileOf = (frame: CallFrame) => string | null;

/** A CPU profile (the DevTools protocol's Profiler.Profile): times in µs, on the trace's clock. */
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * In a CPU profile, what ran between `from` and `to` (µs): the files on the stack of the samples
 * taken then (each file's share of them, the 12 largest), and the functions those samples were in
 * (their own time: a function's share of the samples taken in it, not in what it called; native ones
 * by name alone; the 8 largest). Shares in whole percents, largest first.
 */
export function runBetween(profile: CpuProfile, from: number, to: number, sourceFile: SourceFileOf): { files: string[]; functions: string[] } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  let samples = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const own = nodes.get(id);
    if (!own) return;
    samples += 1;
    const file = sourceFile(own.callFrame);
    const name = `${own.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let node: typeof own | undefined = own; node; node = nodes.get(parents.get(node.id) ?? -1)) {
      const onStack = sourceFile(node.callFrame);
      if (onStack) seen.add(onStack);
    }
    for (const onStack of seen) files.set(onStack, (files.get(onStack) ?? 0) + 1);
  });
  const shares = (counts: Map<string, number>, top: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, count]) => `${key} ${Math.round((count / samples) * 100)}%`);
  return { files: shares(files, 12), functions: shares(functions, 8) };
}

/** An event of a Chrome trace (what the bench reads of it). */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  /** µs */
  ts: number;
  /** µs */
  dur?: number;
  args?: { name?: string; fileName?: string; data?: Record<string, string | undefined>; beginData?: Record<string, string | undefined> };
}

/** A task over 50 ms of the page's main thread, and what ran in it. */
export interface LongTask {
  /** ms after the navigation started. */
  at: number;
  ms: number;
  /** Its longest direct steps (at most 6), each with its longest steps (at most 4), in ms. */
  steps: string[];
  /** With a CPU profile: the source files on the stack, and the functions that ran themselves (runBetween). */
  files: string[];
  functions: string[];
}

/**
 * What ran in each task over 50 ms of the page's main thread (the renderer's main thread that ran
 * the most scripts): its steps (scripts by file, calls, parsing, layout), longest first; with a CPU
 * profile of the same load, the source files and functions that ran (runBetween).
 */
export function longTasksOfTrace({ traceEvents }: { traceEvents: TraceEvent[] }, profile: CpuProfile | null, sourceFile: SourceFileOf): LongTask[] {
  const scripts = (thread: TraceEvent) => traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'EvaluateScript').length;
  const [main] = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').sort((a, b) => scripts(b) - scripts(a));
  if (!main) return [];
  type Timed = TraceEvent & { dur: number };
  const events = traceEvents.filter((e): e is Timed => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.dur ?? 0) > 0).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? events[0]?.ts ?? 0;
  const file = (url: string | undefined) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,}\./, '.') : '');
  const label = (e: TraceEvent) => {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule') return `${e.name} ${file(data.url || e.args?.fileName)}`;
    if (e.name === 'FunctionCall') return `call ${data.functionName || '(anonymous)'} ${file(data.url)}`;
    if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback') return e.name;
    if (e.name === 'EventDispatch') return `event ${data.type}`;
    return e.name;
  };
  // The direct steps of `parent` among `within` (sorted by start): each one not inside an earlier one.
  const children = (parent: Timed, within: Timed[]) => {
    const out: Timed[] = [];
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
  const ms = (us: number) => Math.round(us / 1000);
  return events
    .filter((e) => e.name === 'RunTask' && e.dur > 50_000)
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
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
            .map((e) => `${label(e)} ${ms(e.dur)}`);
          return `${label(step)} ${ms(step.dur)}${below.length ? ` [${below.join('; ')}]` : ''}`;
        });
      return { at: ms(task.ts - navigation), ms: ms(task.dur), steps, ...(profile ? runBetween(profile, task.ts, end, sourceFile) : { files: [], functions: [] }) };
    });
}

/**
 * A synchronous call of the page to the browser's stores (SHIFT_SYNC=1): a read of document.cookie,
 * a call of localStorage's or sessionStorage's methods, or a write of the session's history
 * (history.replaceState, pushState). The page's main thread waits for the browser's answer (a
 * cookie read after a change, a storage's first use, which loads it): the wait is in the task that
 * made the call, and no trace names it.
 */
export interface SyncCall {
  /** 'document.cookie', 'localStorage.getItem', 'sessionStorage.setItem', 'history.replaceState', … */
  what: string;
  /** Its duration, as the page timed it (performance.now()). */
  ms: number;
  /** ms after the navigation started. */
  at: number;
  /** The source file that made it (callerFile). */
  by: string;
}

/** A frame of a stack as V8 writes it (with or without a function's name), as a CallFrame (0-based), or null (no script's address). */
export function frameOfStackLine(line: string): CallFrame | null {
  const match = /((?:https?|file):\/\/[^\s()]+):(\d+):(\d+)\)?$/.exec(line.trim());
  return match ? { url: match[1], lineNumber: Number(match[2]) - 1, columnNumber: Number(match[3]) - 1 } : null;
}

/**
 * The source file of a call's caller, from its frame as the page's stack wrote it (through the
 * builds' source maps): 'the page' for a script of the HTML (its frames name the page's address),
 * 'no script' for a frame without one.
 */
export function callerFile(stackLine: string, sourceFile: SourceFileOf): string {
  const frame = frameOfStackLine(stackLine);
  if (!frame) return 'no script';
  const file = sourceFile(frame);
  return file && !/^\/[^/.]*$/.test(file) ? file : 'the page';
}

/** A load's synchronous calls, by what was called and the file that called it: how many, their total and the slowest (ms, to a tenth), the largest total first. */
/** The time of a run's synchronous calls together, ms. */
const syncTotal = (calls: readonly SyncCall[]) => calls.reduce((sum, call) => sum + call.ms, 0);

export function syncCallsByCaller(calls: readonly SyncCall[]): { what: string; by: string; count: number; ms: number; slowest: number }[] {
  const tenth = (ms: number) => Math.round(ms * 10) / 10;
  const groups = new Map<string, { what: string; by: string; count: number; ms: number; slowest: number }>();
  for (const { what, by, ms } of calls) {
    const group = groups.get(`${what} ${by}`) ?? { what, by, count: 0, ms: 0, slowest: 0 };
    group.count += 1;
    group.ms += ms;
    group.slowest = Math.max(group.slowest, ms);
    groups.set(`${what} ${by}`, group);
  }
  return [...groups.values()].map((g) => ({ ...g, ms: tenth(g.ms), slowest: tenth(g.slowest) })).sort((a, b) => b.ms - a.ms || b.count - a.count);
}

/** The main thread's work until the page was idle (Chrome's Performance.getMetrics counters, ms). */
export interface Work {
  tasks: number;
  scripts: number;
  style: number;
  layout: number;
}

/** One load of a route. */
export interface ShiftRun {
  route: string;
  run: number;
  /** Where the load ended (a guard may send it on). */
  landed: string;
  cls: number;
  shifts: Shift[];
  /** The page's own long-task entries (ms). */
  longTasks: { at: number; ms: number }[];
  /** From the trace (SHIFT_TRACE/SHIFT_PROFILE), else none. */
  tasks: LongTask[];
  lcp: number | null;
  work: Work;
  /** With SHIFT_SYNC=1: the load's synchronous calls to the browser's stores, else none. */
  syncCalls: SyncCall[];
}

/**
 * Each route's figures over its runs: LCP, CLS and longest task run by run, and the main thread's
 * work until idle as the median over the runs (rounded to the ms) and run by run.
 */
export function routeFigures(runs: readonly ShiftRun[]) {
  const longest = runs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.ms)));
  const work = (kind: keyof Work) => {
    const each = runs.map((r) => r.work[kind]);
    return { median: Math.round(median(each) ?? 0), each };
  };
  return {
    lcp: runs.map((r) => r.lcp),
    cls: runs.map((r) => r.cls),
    longestTask: longest,
    /** The synchronous calls' total (ms, to a tenth), run by run. */
    syncMs: runs.map((r) => Math.round(syncTotal(r.syncCalls) * 10) / 10),
    work: { tasks: work('tasks'), scripts: work('scripts'), style: work('style'), layout: work('layout') },
  };
}

/** The report: each run (its long tasks, what ran in them, its shifts and what moved), then each route's figures. */
export function shiftReport(results: readonly ShiftRun[], { cpu, sync }: Pick<ShiftOptions, 'cpu' | 'sync'>): string[] {
  const lines: string[] = [];
  for (const { route, run, landed, cls, shifts, longTasks, tasks, lcp, syncCalls } of results) {
    lines.push(
      `${route} run ${run}${landed !== route ? ` (landed on ${landed})` : ''}: LCP ${lcp ?? '-'} ms; CLS ${cls.toFixed(3)}; long tasks${cpu > 1 ? ` at ${cpu}× CPU` : ''} (ms): ${longTasks.map((t) => `${t.ms}@${t.at}`).join(' ') || 'none'}`,
    );
    for (const task of tasks) {
      lines.push(`  task ${task.ms} ms at ${task.at} ms: ${task.steps.join(' | ')}`);
      if (task.files.length) lines.push(`    files: ${task.files.join(', ')}`);
      if (task.functions.length) lines.push(`    own time: ${task.functions.join(', ')}`);
    }
    if (sync) {
      lines.push(`  synchronous calls to the browser's stores: ${syncCalls.length}, ${syncTotal(syncCalls).toFixed(1)} ms`);
      for (const g of syncCallsByCaller(syncCalls)) lines.push(`    ${g.what} by ${g.by}: ${g.count}, ${g.ms} ms (the slowest ${g.slowest})`);
    }
    for (const shift of shifts) {
      lines.push(`  ${shift.value.toFixed(4)} at ${shift.at} ms${shift.hadRecentInput ? ' (after input)' : ''}`);
      for (const source of shift.sources) lines.push(`    ${source.node}: ${source.from} → ${source.to}`);
    }
  }
  lines.push('', 'By route (each run):');
  for (const route of new Set(results.map((r) => r.route))) {
    const figures = routeFigures(results.filter((r) => r.route === route));
    const work = (kind: keyof Work) => `${figures.work[kind].median} (${figures.work[kind].each.join(' ')})`;
    lines.push(
      `  ${route}: LCP (ms) ${figures.lcp.map((lcp) => lcp ?? '-').join(' ')}; CLS ${figures.cls.map((cls) => cls.toFixed(3)).join(' ')}; longest task (ms) ${figures.longestTask.join(' ')}`,
      `    main thread until idle (ms, median then each run): tasks ${work('tasks')}; scripts ${work('scripts')}; style ${work('style')}; layout ${work('layout')}`,
    );
    if (sync) lines.push(`    synchronous calls to the browser's stores (ms, each run): ${figures.syncMs.join(' ')}`);
  }
  return lines;
}
