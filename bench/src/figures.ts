// The bench's figures that people act on: medians over a page's runs, the ratios between the sites,
// and the targets each route meets or misses. Pure functions of the runs (bench/run.mjs measures
// them), so that what decides a target is tested (figures.test.ts), not only printed.

/**
 * A task over 50 ms of a run, at the run's CPU slowdown (bench/src/calibration.ts): when it started and how long it took,
 * whether it blocks between the first paint and an interactive page (TBT's window), and what ran it.
 */
export interface LongTask {
  atMs: number;
  ms: number;
  afterFirstPaint: boolean;
  part: string;
  file?: string;
}

/** One Lighthouse run of a page: its figures, or why it failed (a failed run stays in the report). */
export interface Run {
  failure?: string;
  performance?: number;
  tbtMs?: number;
  lcpMs?: number;
  cls?: number;
  longTasks?: LongTask[];
  /** The host's benchmarkIndex, as Lighthouse measured it at the run's start (null: the report had none; absent in runs recorded before it was). */
  benchmarkIndex?: number | null;
}

/** A page of one site as the bench recorded it: every run, in order. */
export interface MeasuredPage {
  runs: Run[];
}

type Figure = 'performance' | 'tbtMs' | 'lcpMs' | 'cls';

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A figure of every completed run (a failed run has none). */
export const figures = (page: MeasuredPage, figure: Figure): number[] =>
  page.runs.filter((run) => !run.failure && typeof run[figure] === 'number').map((run) => run[figure] as number);

/** The median of a figure over the completed runs of a page (null: none completed, or no page). */
export const medianOf = (page: MeasuredPage | null | undefined, figure: Figure): number | null => (page ? median(figures(page, figure)) : null);

/** a / b, unrounded (what a target is judged on); null when either is missing or b is 0 (no ratio to nothing). */
export const exactRatio = (a: number | null | undefined, b: number | null | undefined): number | null => (typeof a === 'number' && typeof b === 'number' && b !== 0 ? a / b : null);

/** a / b to two decimals, for the report; null as exactRatio. */
export const ratio = (a: number | null | undefined, b: number | null | undefined): number | null => {
  const exact = exactRatio(a, b);
  return exact === null ? null : Math.round(exact * 100) / 100;
};

/** A target that every run must meet: a failed run misses it, having no figures. */
export const everyRun = (page: MeasuredPage, met: (run: Run) => boolean): boolean => page.runs.length > 0 && page.runs.every((run) => !run.failure && met(run));

export interface Target {
  met: boolean;
}

/** The targets of one route (mobile), from the runs of the federated site, the single bundle and the page's HTML alone. */
export interface RouteTargets {
  route: string;
  signedIn: boolean;
  /** Public pages: 100 in every run; signed-in pages: 99 or more in every run. */
  perf: Target & { atLeast: number; runs: (number | null)[] };
  /**
   * The federated site's median TBT at most the HTML alone's median + 50 ms (the floor no code goes
   * below here). Missed, with null figures, when either was not measured.
   */
  tbt: Target & { federatedMs: number | null; htmlAloneMs: number | null; singleMs: number | null };
  /** Signed-in pages: the median LCP at most 1.10× the HTML alone's median LCP (missed when not measured); null for a public page. */
  lcpToHtmlAlone: (Target & { ratio: number | null }) | null;
  /** Signed-in pages: the median LCP at most 0.75× the single bundle's (which cannot draw them on the server); null for a public page. */
  lcpToSingle: (Target & { ratio: number | null }) | null;
  /** CLS 0 in every run. */
  cls: Target & { runs: (number | null)[] };
}

export const TARGETS = { publicPerf: 100, signedInPerf: 99, tbtOverHtmlAloneMs: 50, lcpToHtmlAlone: 1.1, lcpToSingle: 0.75 } as const;

const each = (page: MeasuredPage, figure: Figure) => page.runs.map((run) => (run.failure ? null : (run[figure] ?? null)));

/** The route's targets, each met or missed with the figures that decide it. */
export function routeTargets(
  route: string,
  signedIn: boolean,
  { federated, single, htmlAlone }: { federated: MeasuredPage; single?: MeasuredPage | null; htmlAlone?: MeasuredPage | null },
): RouteTargets {
  const atLeast = signedIn ? TARGETS.signedInPerf : TARGETS.publicPerf;
  const tbtFederated = medianOf(federated, 'tbtMs');
  const tbtFloor = medianOf(htmlAlone, 'tbtMs');
  const lcp = medianOf(federated, 'lcpMs');
  /** A ratio target, judged on the exact ratio (reported to two decimals); missed when not measured. */
  const ratioTarget = (to: number | null, atMost: number) => {
    const exact = exactRatio(lcp, to);
    return { met: exact !== null && exact <= atMost, ratio: exact === null ? null : ratio(lcp, to) };
  };
  return {
    route,
    signedIn,
    perf: { met: everyRun(federated, (run) => (run.performance ?? 0) >= atLeast), atLeast, runs: each(federated, 'performance') },
    tbt: {
      met: tbtFederated !== null && tbtFloor !== null && tbtFederated <= tbtFloor + TARGETS.tbtOverHtmlAloneMs,
      federatedMs: tbtFederated,
      htmlAloneMs: tbtFloor,
      singleMs: medianOf(single, 'tbtMs'),
    },
    lcpToHtmlAlone: signedIn ? ratioTarget(medianOf(htmlAlone, 'lcpMs'), TARGETS.lcpToHtmlAlone) : null,
    lcpToSingle: signedIn ? ratioTarget(medianOf(single, 'lcpMs'), TARGETS.lcpToSingle) : null,
    cls: { met: everyRun(federated, (run) => run.cls === 0), runs: each(federated, 'cls') },
  };
}

/** The run's longest task between the first paint and an interactive page (0: none over 50 ms). */
export const longestTask = (run: Run): number => Math.max(0, ...(run.longTasks ?? []).filter((task) => task.afterFirstPaint).map((task) => task.ms));

/**
 * The run's longest task, whenever it ran: for the HTML alone, whose simulated first paint and
 * interactive page count its blocked requests as fetched (Lantern keeps failed requests in its
 * graph), so that they are later than the page drew; its tasks are its own.
 */
export const longestTaskAnyTime = (run: Run): number => Math.max(0, ...(run.longTasks ?? []).map((task) => task.ms));

/** What the critical path of a page weighs (requests finished before the observed LCP), as the comparison reads it. */
export interface CriticalPathFigures {
  gzip: number;
  chainDepth: number;
  scriptsRun: { gzip: number };
}

/** A page of one site, one preset, as the bench records it (failed: no run completed, or the page was not the one meant). */
export interface RecordedPage extends MeasuredPage {
  site: string;
  route: string;
  preset: string;
  failed?: boolean;
  criticalPath?: CriticalPathFigures;
}

/** The recorded page of a site, route and preset. */
export const findPage = <P extends RecordedPage>(pages: readonly P[], site: string, route: string, preset: string): P | undefined =>
  pages.find((page) => page.site === site && page.route === route && page.preset === preset);

/** The federated site against the single bundle, per route (mobile): ratios, federated ÷ single. */
export interface SiteComparison {
  route: string;
  criticalPathGzip: number | null;
  scriptsRunGzip: number | null;
  chainDepth: number | null;
  lcp: number | null;
  tbt: number | null;
}

/** Each route both sites measured on mobile, compared (a route either failed on is left out). */
export function siteComparison(pages: readonly RecordedPage[], routes: readonly string[]): SiteComparison[] {
  const measured = (route: string, site: string) => {
    const page = findPage(pages, site, route, 'mobile');
    return page && !page.failed && page.criticalPath ? { ...page, criticalPath: page.criticalPath } : null;
  };
  return routes.flatMap((route) => {
    const fed = measured(route, 'federated');
    const one = measured(route, 'single');
    if (!fed || !one) return [];
    return [
      {
        route,
        criticalPathGzip: ratio(fed.criticalPath.gzip, one.criticalPath.gzip),
        scriptsRunGzip: ratio(fed.criticalPath.scriptsRun.gzip, one.criticalPath.scriptsRun.gzip),
        chainDepth: ratio(fed.criticalPath.chainDepth, one.criticalPath.chainDepth),
        // From the medians of the runs (not the one run that stands for the page): what one noisy run moves less.
        lcp: ratio(medianOf(fed, 'lcpMs'), medianOf(one, 'lcpMs')),
        tbt: ratio(medianOf(fed, 'tbtMs'), medianOf(one, 'tbtMs')),
      },
    ];
  });
}

/** A route's targets with the longest tasks of each run beside them (reported, not judged; null: a failed run). */
export interface RouteReport extends RouteTargets {
  longestTask: (number | null)[];
  longestTaskSingle: (number | null)[] | null;
  longestTaskHtmlAlone: (number | null)[] | null;
}

/** Each route the federated site was measured on (mobile): its targets, and its runs' longest tasks. */
export function targetsPerRoute(pages: readonly RecordedPage[], routes: readonly string[], signedInRoutes: readonly string[]): RouteReport[] {
  const longest = (page: RecordedPage | undefined, of: (run: Run) => number) => (page ? page.runs.map((run) => (run.failure ? null : of(run))) : null);
  return routes.flatMap((route) => {
    const federated = findPage(pages, 'federated', route, 'mobile');
    if (!federated) return [];
    const single = findPage(pages, 'single', route, 'mobile');
    const htmlAlone = findPage(pages, 'html', route, 'mobile');
    return [
      {
        ...routeTargets(route, signedInRoutes.includes(route), { federated, single, htmlAlone }),
        longestTask: longest(federated, longestTask) ?? [],
        longestTaskSingle: longest(single, longestTask),
        longestTaskHtmlAlone: longest(htmlAlone, longestTaskAnyTime),
      },
    ];
  });
}
