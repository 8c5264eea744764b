import {
  everyRun,
  longestTask,
  longestTaskAnyTime,
  median,
  medianOf,
  ratio,
  routeTargets,
  siteComparison,
  targetsPerRoute,
  type MeasuredPage,
  type RecordedPage,
  type Run,
} from './figures';

const page = (...runs: Run[]): MeasuredPage => ({ runs });
const ok = (performance: number, tbtMs: number, lcpMs: number, cls = 0): Run => ({ performance, tbtMs, lcpMs, cls });
const failed: Run = { failure: 'NO_NAVSTART' };

describe('the figures of a page', () => {
  it('takes the median of an odd count as its middle value, of an even count as the mean of the middle two, of none as null', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([])).toBeNull();
  });

  it('takes medians over the runs that completed: a failed run has no figure to count', () => {
    const runs = page(ok(100, 10, 900), failed, ok(97, 80, 1100), ok(99, 40, 1000), failed);
    expect(medianOf(runs, 'lcpMs')).toBe(1000);
    expect(medianOf(runs, 'tbtMs')).toBe(40);
    expect(medianOf(page(failed), 'lcpMs')).toBeNull();
    expect(medianOf(null, 'lcpMs')).toBeNull();
  });

  it('gives a ratio to two decimals, and none to a missing or zero figure', () => {
    expect(ratio(1234, 1000)).toBe(1.23);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(null, 5)).toBeNull();
  });

  it('misses an every-run target with a failed run, or with no run at all', () => {
    expect(everyRun(page(ok(100, 0, 1)), (run) => run.performance === 100)).toBe(true);
    expect(everyRun(page(ok(100, 0, 1), failed), (run) => run.performance === 100)).toBe(false);
    expect(everyRun(page(), () => true)).toBe(false);
  });
});

describe("a route's targets", () => {
  it('wants 100 in every run of a public page, 99 of a signed-in page', () => {
    const runs = page(ok(99, 0, 900), ok(100, 0, 900));
    expect(routeTargets('/', false, { federated: runs }).perf).toEqual({ met: false, atLeast: 100, runs: [99, 100] });
    expect(routeTargets('/pricing', true, { federated: runs }).perf).toEqual({ met: true, atLeast: 99, runs: [99, 100] });
    expect(routeTargets('/pricing', true, { federated: page(ok(100, 0, 900), failed) }).perf.met).toBe(false);
  });

  it("judges the median TBT against the HTML alone's median + 50 ms, not the single bundle's", () => {
    const htmlAlone = page(ok(100, 20, 800), ok(100, 40, 800), ok(100, 60, 800));
    const single = page(ok(90, 300, 2000));
    expect(routeTargets('/', false, { federated: page(ok(100, 90, 900), ok(100, 80, 900), ok(100, 500, 900)), htmlAlone, single }).tbt).toEqual({
      met: true,
      federatedMs: 90,
      htmlAloneMs: 40,
      singleMs: 300,
    });
    expect(routeTargets('/', false, { federated: page(ok(100, 91, 900), ok(100, 95, 900), ok(100, 0, 900)), htmlAlone }).tbt.met).toBe(false);
    // Not measured against its floor: missed, not passed over.
    expect(routeTargets('/', false, { federated: page(ok(100, 0, 900)) }).tbt).toEqual({ met: false, federatedMs: 0, htmlAloneMs: null, singleMs: null });
  });

  it("compares a signed-in page's median LCP with its HTML alone's (≤ 1.10×) and the single bundle's (≤ 0.75×)", () => {
    const federated = page(ok(99, 0, 1300), ok(99, 0, 1200), ok(99, 0, 5000));
    const htmlAlone = page(ok(100, 0, 1100), ok(100, 0, 1100), failed);
    const single = page(ok(94, 0, 2600), ok(94, 0, 3000), ok(94, 0, 1000));
    const targets = routeTargets('/account?tab=device', true, { federated, htmlAlone, single });
    expect(targets.lcpToHtmlAlone).toEqual({ met: false, ratio: 1.18 });
    expect(targets.lcpToSingle).toEqual({ met: true, ratio: 0.5 });
    expect(routeTargets('/account?tab=device', true, { federated: page(ok(99, 0, 1200)), htmlAlone }).lcpToHtmlAlone).toEqual({ met: true, ratio: 1.09 });
    // Judged on the exact ratio: 1.104 is over 1.10, though it reads 1.1.
    expect(routeTargets('/account?tab=device', true, { federated: page(ok(99, 0, 1104)), htmlAlone: page(ok(100, 0, 1000)) }).lcpToHtmlAlone).toEqual({ met: false, ratio: 1.1 });
    // A signed-in page without its floor measured: missed.
    expect(routeTargets('/account?tab=device', true, { federated }).lcpToHtmlAlone).toEqual({ met: false, ratio: null });
    // A public page has neither LCP target.
    expect(routeTargets('/', false, { federated, htmlAlone, single }).lcpToHtmlAlone).toBeNull();
  });

  it('wants CLS 0 in every run', () => {
    expect(routeTargets('/', false, { federated: page(ok(100, 0, 900, 0), ok(100, 0, 900, 0.001)) }).cls).toEqual({ met: false, runs: [0, 0.001] });
    expect(routeTargets('/', false, { federated: page(ok(100, 0, 900, 0), failed) }).cls).toEqual({ met: false, runs: [0, null] });
  });
});

describe('the longest tasks beside the targets', () => {
  const task = (ms: number, afterFirstPaint: boolean) => ({ atMs: 0, ms, afterFirstPaint, part: 'shell' });

  it("takes a run's longest task between the first paint and an interactive page, 0 when none was over 50 ms", () => {
    expect(longestTask({ longTasks: [task(300, false), task(120, true), task(80, true)] })).toBe(120);
    expect(longestTask({ longTasks: [task(300, false)] })).toBe(0);
    expect(longestTask({ longTasks: [] })).toBe(0);
  });

  it("takes the HTML alone's longest task whenever it ran", () => {
    expect(longestTaskAnyTime({ longTasks: [task(300, false), task(120, true)] })).toBe(300);
  });
});

describe("the federated site against the single bundle, and each route's targets", () => {
  const path = (gzip: number, chainDepth: number, scriptsGzip: number) => ({ gzip, chainDepth, scriptsRun: { gzip: scriptsGzip } });
  const recorded = (site: string, route: string, runs: Run[], more: Partial<RecordedPage> = {}): RecordedPage => ({ site, route, preset: 'mobile', runs, ...more });
  const pages: RecordedPage[] = [
    recorded('federated', '/', [ok(100, 30, 1000), ok(100, 50, 1200), ok(100, 40, 1100)], { criticalPath: path(150_000, 4, 300_000) }),
    recorded('single', '/', [ok(98, 100, 2000), ok(97, 0, 2400)], { criticalPath: path(200_000, 2, 400_000) }),
    recorded('html', '/', [ok(100, 0, 900, 0), failed]),
    // Desktop runs are reported, never compared nor judged.
    { ...recorded('federated', '/', [ok(100, 0, 500)]), preset: 'desktop' },
    recorded('federated', '/contact', [ok(100, 0, 900)], { criticalPath: path(100_000, 3, 200_000) }),
    recorded('single', '/contact', [failed], { failed: true }),
    recorded('federated', '/pricing', [failed, { ...ok(99, 10, 1500), longTasks: [{ atMs: 0, ms: 70, afterFirstPaint: true, part: 'shell' }] }]),
  ];

  it('compares the routes both sites measured (medians for LCP and TBT), leaving out a route either failed', () => {
    expect(siteComparison(pages, ['/', '/contact', '/pricing'])).toEqual([{ route: '/', criticalPathGzip: 0.75, scriptsRunGzip: 0.75, chainDepth: 2, lcp: 0.5, tbt: 0.8 }]);
  });

  it('gives no TBT ratio to a single bundle that blocked 0 ms', () => {
    const zero = [pages[0]!, recorded('single', '/', [ok(98, 0, 2000)], { criticalPath: path(200_000, 2, 400_000) })];
    expect(siteComparison(zero, ['/'])[0]?.tbt).toBeNull();
  });

  it("judges every route the federated site was measured on, with each run's longest task beside it (null: a failed run)", () => {
    const targets = targetsPerRoute(pages, ['/', '/contact', '/pricing', '/account'], ['/pricing']);
    expect(targets.map((t) => t.route)).toEqual(['/', '/contact', '/pricing']);
    const [home, contact, pricing] = targets;
    expect(home?.tbt).toEqual({ met: true, federatedMs: 40, htmlAloneMs: 0, singleMs: 50 });
    expect(home?.longestTaskHtmlAlone).toEqual([0, null]);
    expect(contact?.longestTaskSingle).toEqual([null]);
    expect(contact?.longestTaskHtmlAlone).toBeNull();
    expect(pricing?.signedIn).toBe(true);
    expect(pricing?.perf).toEqual({ met: false, atLeast: 99, runs: [null, 99] });
    expect(pricing?.longestTask).toEqual([null, 70]);
  });
});
