import {
  callerFile,
  cumulativeLayoutShift,
  frameOfStackLine,
  longTasksOfTrace,
  routeFigures,
  runBetween,
  shiftOptions,
  shiftReport,
  syncCallsByCaller,
  type CallFrame,
  type CpuProfile,
  type Shift,
  type ShiftRun,
  type SyncCall,
  type TraceEvent,
} from './layoutShiftFigures';

const ROUTES = ['/', '/pricing', '/account?tab=profile'];

describe('the options of a run (SHIFT_*)', () => {
  it('defaults to every route, 3 loads, no slowdown, no trace or profile, an unthrottled network', () => {
    expect(shiftOptions({}, ROUTES)).toEqual({ routes: ROUTES, runs: 3, cpu: 1, profile: false, trace: false, rtt: 0, kbps: 0, sync: false });
  });

  it('reads each variable; a profile implies a trace', () => {
    expect(
      shiftOptions({ SHIFT_ROUTES: '/pricing, /', SHIFT_RUNS: '5', SHIFT_CPU: '4', SHIFT_PROFILE: '1', SHIFT_RTT: '150', SHIFT_KBPS: '1638', SHIFT_SYNC: '1' }, ROUTES),
    ).toEqual({
      routes: ['/pricing', '/'],
      runs: 5,
      cpu: 4,
      profile: true,
      trace: true,
      rtt: 150,
      kbps: 1638,
      sync: true,
    });
    expect(shiftOptions({ SHIFT_SYNC: 'yes' }, ROUTES).sync).toBe(false);
    expect(shiftOptions({ SHIFT_TRACE: '1' }, ROUTES)).toMatchObject({ trace: true, profile: false });
    expect(shiftOptions({ SHIFT_TRACE: 'yes', SHIFT_ROUTES: '', SHIFT_RUNS: ' ' }, ROUTES)).toMatchObject({ trace: false, routes: ROUTES, runs: 3 });
  });

  it('refuses, named, a route the bench does not measure and a count that cannot be meant', () => {
    expect(() => shiftOptions({ SHIFT_ROUTES: '/,/pricng' }, ROUTES)).toThrow("SHIFT_ROUTES names /pricng, not among the bench's routes: /, /pricing, /account?tab=profile");
    expect(() => shiftOptions({ SHIFT_RUNS: '0' }, ROUTES)).toThrow('SHIFT_RUNS must be a whole number of at least 1 (it is "0")');
    expect(() => shiftOptions({ SHIFT_RUNS: '2.5' }, ROUTES)).toThrow('SHIFT_RUNS must be a whole number');
    expect(() => shiftOptions({ SHIFT_CPU: 'four' }, ROUTES)).toThrow('SHIFT_CPU must be a number of at least 1 (it is "four")');
    expect(() => shiftOptions({ SHIFT_RTT: '-1' }, ROUTES)).toThrow('SHIFT_RTT must be a number of at least 0');
    expect(shiftOptions({ SHIFT_CPU: '2.5' }, ROUTES).cpu).toBe(2.5);
  });
});

const shift = (value: number, at: number, hadRecentInput = false): Shift => ({ value, at, hadRecentInput, sources: [] });

describe("Lighthouse's CLS of a load's shifts", () => {
  it('is the largest session window: shifts less than 1 s apart, at most 5 s long', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    // Two windows (a gap over 1 s): 0.1 + 0.05, then 0.2.
    expect(cumulativeLayoutShift([shift(0.1, 100), shift(0.05, 900), shift(0.2, 2500)])).toBeCloseTo(0.2);
    expect(cumulativeLayoutShift([shift(0.1, 100), shift(0.05, 900), shift(0.02, 2500)])).toBeCloseTo(0.15);
    // Shifts every 900 ms: a new window after 5 s.
    const steady = Array.from({ length: 8 }, (_, i) => shift(0.01, i * 900));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06);
  });

  it('leaves out the shifts that follow an input', () => {
    expect(cumulativeLayoutShift([shift(0.3, 100, true), shift(0.01, 200)])).toBeCloseTo(0.01);
  });
});

// A profile of two scripts: app.js's render() calls lib.js's work(); the engine's (garbage collector) has no script.
const frame = (functionName: string, url = ''): CallFrame => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('render', 'http://localhost:3000/app.1234abcd.js'), children: [3] },
    { id: 3, callFrame: frame('work', 'http://localhost:3000/lib.js') },
    { id: 4, callFrame: frame('(garbage collector)') },
  ],
  startTime: 1_000,
  // One sample every 100 µs from 1 100: render, work, work, gc, then (outside the span) work.
  samples: [2, 3, 3, 4, 3],
  timeDeltas: [100, 100, 100, 100, 1_000],
};
const sourceFile = ({ url }: CallFrame) => (url ? `src/${new URL(url).pathname.slice(1).replace(/\.[0-9a-f]{8,}\./, '.')}` : null);

describe('what ran in a long task (a CPU profile through the source maps)', () => {
  it("gives each file's share of the samples it is on the stack of, and each function's own", () => {
    expect(runBetween(profile, 1_050, 1_450, sourceFile)).toEqual({
      files: ['src/app.js 75%', 'src/lib.js 50%'],
      functions: ['work src/lib.js 50%', 'render src/app.js 25%', '(garbage collector) 25%'],
    });
    expect(runBetween(profile, 1_150, 1_350, sourceFile)).toEqual({ files: ['src/lib.js 100%', 'src/app.js 100%'], functions: ['work src/lib.js 100%'] });
  });

  it('names an anonymous function so', () => {
    const anonymous: CpuProfile = { nodes: [{ id: 1, callFrame: frame('', 'http://localhost:3000/app.js') }], startTime: 0, samples: [1], timeDeltas: [10] };
    expect(runBetween(anonymous, 0, 20, sourceFile).functions).toEqual(['(anonymous) src/app.js 100%']);
  });
});

// A trace: two renderer main threads (the page's ran the scripts), one task over 50 ms and one under.
const X = (name: string, ts: number, dur: number, args?: TraceEvent['args'], tid = 1): TraceEvent => ({ name, ph: 'X', pid: 7, tid, ts, dur, args });
const trace: { traceEvents: TraceEvent[] } = {
  traceEvents: [
    { name: 'thread_name', pid: 7, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', pid: 9, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'navigationStart', pid: 7, tid: 1, ts: 1_000 },
    X('RunTask', 1_100, 80_000),
    X('EvaluateScript', 1_200, 60_000, { data: { url: 'http://localhost:3000/main.0123456789.js' } }),
    X('FunctionCall', 1_300, 40_000, { data: { functionName: 'hydrate', url: 'http://localhost:3000/main.0123456789.js' } }),
    X('Layout', 61_300, 15_000),
    X('RunTask', 100_000, 20_000),
    X('EvaluateScript', 100_100, 10_000, { data: { url: 'http://localhost:3000/late.js' } }),
    // Another thread's task: not the page's.
    X('RunTask', 1_000, 90_000, undefined, 2),
  ],
};

describe('the long tasks of a trace', () => {
  it("lists each task over 50 ms of the page's main thread, its steps longest first, with what ran in each", () => {
    expect(longTasksOfTrace(trace, null, sourceFile)).toEqual([
      { at: 0, ms: 80, steps: ['EvaluateScript /main.js 60 [call hydrate /main.js 40]', 'Layout 15'], files: [], functions: [] },
    ]);
  });

  it('adds the files and functions of the profile taken over the same span (its five samples)', () => {
    const [task] = longTasksOfTrace(trace, profile, sourceFile);
    expect(task).toMatchObject({ files: ['src/app.js 80%', 'src/lib.js 60%'], functions: ['work src/lib.js 60%', 'render src/app.js 20%', '(garbage collector) 20%'] });
  });

  it('gives none without a renderer main thread', () => {
    expect(longTasksOfTrace({ traceEvents: [X('RunTask', 0, 90_000)] }, null, sourceFile)).toEqual([]);
  });
});

const run = (route: string, n: number, figures: Partial<ShiftRun> = {}): ShiftRun => ({
  route,
  run: n,
  landed: route,
  cls: 0,
  shifts: [],
  longTasks: [],
  tasks: [],
  lcp: 1000,
  work: { tasks: 100, scripts: 50, style: 20, layout: 10 },
  syncCalls: [],
  ...figures,
});

describe("the page's synchronous calls to the browser's stores (SHIFT_SYNC=1)", () => {
  it('reads a frame of a stack as V8 writes it, named or not, as a 0-based frame; none without an address', () => {
    expect(frameOfStackLine('    at c (http://localhost:3000/site.a93647c72e3e.js:282:4734)')).toEqual({
      url: 'http://localhost:3000/site.a93647c72e3e.js',
      lineNumber: 281,
      columnNumber: 4733,
    });
    expect(frameOfStackLine('at http://localhost:3000/firebase.60a49eadd7b2.js:2:117825')).toEqual({
      url: 'http://localhost:3000/firebase.60a49eadd7b2.js',
      lineNumber: 1,
      columnNumber: 117824,
    });
    expect(frameOfStackLine('at async manifestInForce (http://localhost:3000/login?lang=en:15:342)')?.url).toBe('http://localhost:3000/login?lang=en');
    expect(frameOfStackLine('at Array.forEach (<anonymous>)')).toBeNull();
    expect(frameOfStackLine('')).toBeNull();
  });

  it("names the caller's source file; a script of the HTML is the page's", () => {
    const seen: CallFrame[] = [];
    const sourceFile = (frame: CallFrame) => {
      seen.push(frame);
      return frame.url === 'http://localhost:3000/firebase.60a49eadd7b2.js' ? '@firebase/util/dist/index.esm2017.js' : new URL(frame.url!).pathname;
    };
    expect(callerFile('at http://localhost:3000/firebase.60a49eadd7b2.js:2:117825', sourceFile)).toBe('@firebase/util/dist/index.esm2017.js');
    expect(seen).toEqual([{ url: 'http://localhost:3000/firebase.60a49eadd7b2.js', lineNumber: 1, columnNumber: 117824 }]);
    expect(callerFile('at http://localhost:3000/login:15:342', sourceFile)).toBe('the page');
    expect(callerFile('at http://localhost:3000/:15:342', sourceFile)).toBe('the page');
    expect(callerFile('at http://localhost:3000/main.js:2:4435', sourceFile)).toBe('/main.js');
    expect(callerFile('at Array.forEach (<anonymous>)', sourceFile)).toBe('no script');
  });

  const call = (what: string, ms: number, by: string, at = 0): SyncCall => ({ what, ms, at, by });
  const calls = [
    call('document.cookie', 7.62, 'the page', 250),
    call('document.cookie', 0.1, 'js-cookie/dist/js.cookie.mjs'),
    call('document.cookie', 0.04, 'js-cookie/dist/js.cookie.mjs'),
    call('document.cookie', 8.7, '@firebase/util/dist/index.esm2017.js'),
    call('localStorage.setItem', 1.9, '@firebase/auth/dist/esm2017/index.js'),
  ];

  it('groups them by what was called and by whom: how many, the total and the slowest, the largest total first', () => {
    expect(syncCallsByCaller(calls)).toEqual([
      { what: 'document.cookie', by: '@firebase/util/dist/index.esm2017.js', count: 1, ms: 8.7, slowest: 8.7 },
      { what: 'document.cookie', by: 'the page', count: 1, ms: 7.6, slowest: 7.6 },
      { what: 'localStorage.setItem', by: '@firebase/auth/dist/esm2017/index.js', count: 1, ms: 1.9, slowest: 1.9 },
      { what: 'document.cookie', by: 'js-cookie/dist/js.cookie.mjs', count: 2, ms: 0.1, slowest: 0.1 },
    ]);
    expect(syncCallsByCaller([])).toEqual([]);
  });

  it("reports them under each run and each route's totals run by run, only when asked", () => {
    const runs = [run('/login', 1, { syncCalls: calls }), run('/login', 2, { syncCalls: [call('document.cookie', 3.25, 'the page')] })];
    expect(routeFigures(runs).syncMs).toEqual([18.4, 3.3]);
    const report = shiftReport(runs, { cpu: 1, sync: true });
    expect(report.slice(0, 6)).toEqual([
      '/login run 1: LCP 1000 ms; CLS 0.000; long tasks (ms): none',
      "  synchronous calls to the browser's stores: 5, 18.4 ms",
      '    document.cookie by @firebase/util/dist/index.esm2017.js: 1, 8.7 ms (the slowest 8.7)',
      '    document.cookie by the page: 1, 7.6 ms (the slowest 7.6)',
      '    localStorage.setItem by @firebase/auth/dist/esm2017/index.js: 1, 1.9 ms (the slowest 1.9)',
      '    document.cookie by js-cookie/dist/js.cookie.mjs: 2, 0.1 ms (the slowest 0.1)',
    ]);
    expect(report.at(-1)).toBe("    synchronous calls to the browser's stores (ms, each run): 18.4 3.3");
    expect(shiftReport(runs, { cpu: 1, sync: false }).join('\n')).not.toContain('synchronous');
  });
});

describe("a route's figures and the report", () => {
  const runs = [
    run('/', 1, {
      lcp: 900,
      cls: 0.1,
      longTasks: [
        { at: 100, ms: 70 },
        { at: 300, ms: 120 },
      ],
      work: { tasks: 300, scripts: 200, style: 30, layout: 12 },
    }),
    run('/', 2, { lcp: null, work: { tasks: 100, scripts: 50, style: 20, layout: 10 } }),
    run('/', 3, { lcp: 1100, work: { tasks: 200, scripts: 101, style: 25, layout: 11 } }),
    run('/', 4, { lcp: 1000, work: { tasks: 150, scripts: 100, style: 21, layout: 9 } }),
  ];

  it('keeps each run, the longest task of each (0: none), and the median of the work until idle', () => {
    expect(routeFigures(runs)).toEqual({
      lcp: [900, null, 1100, 1000],
      cls: [0.1, 0, 0, 0],
      longestTask: [120, 0, 0, 0],
      syncMs: [0, 0, 0, 0],
      work: {
        tasks: { median: 175, each: [300, 100, 200, 150] },
        scripts: { median: 101, each: [200, 50, 101, 100] },
        style: { median: 23, each: [30, 20, 25, 21] },
        layout: { median: 11, each: [12, 10, 11, 9] },
      },
    });
  });

  it('prints each run, what ran in its tasks and what moved, then each route', () => {
    const report = shiftReport(
      [
        run('/pricing', 1, {
          landed: '/account?tab=subscription',
          lcp: 1234,
          cls: 0.0123,
          longTasks: [{ at: 250, ms: 80 }],
          tasks: [{ at: 240, ms: 80, steps: ['EvaluateScript /main.js 60'], files: ['src/app.js 75%'], functions: ['work src/lib.js 50%'] }],
          shifts: [{ value: 0.0123, at: 800, hadRecentInput: false, sources: [{ node: '<div#root> "Prețuri"', from: '0,0 412×100', to: '0,40 412×100' }] }],
        }),
      ],
      { cpu: 4, sync: false },
    );
    expect(report).toEqual([
      '/pricing run 1 (landed on /account?tab=subscription): LCP 1234 ms; CLS 0.012; long tasks at 4× CPU (ms): 80@250',
      '  task 80 ms at 240 ms: EvaluateScript /main.js 60',
      '    files: src/app.js 75%',
      '    own time: work src/lib.js 50%',
      '  0.0123 at 800 ms',
      '    <div#root> "Prețuri": 0,0 412×100 → 0,40 412×100',
      '',
      'By route (each run):',
      '  /pricing: LCP (ms) 1234; CLS 0.012; longest task (ms) 80',
      '    main thread until idle (ms, median then each run): tasks 100 (100); scripts 50 (50); style 20 (20); layout 10 (10)',
    ]);
    expect(shiftReport([run('/', 1, { lcp: null })], { cpu: 1, sync: false })[0]).toBe('/ run 1: LCP - ms; CLS 0.000; long tasks (ms): none');
  });
});
