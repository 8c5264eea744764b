// The bench's figures that people act on: medians over a page's runs, the ratios between the sites,
// and the targets each route meets or misses. Pure functions of the runs (bench/run.mjs measures
// them), so that what decides a target is tested (figures.test.ts), not only printed.

/** One Lighthouse run of a page: its figures, or why it failed (a failed run stays in the report). */
export interface Run {
  failure?: string;
  performance?: number;
  tbtMs?: number;
  lcpMs?: number;
  cls?: number;
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

/** a / b to two decimals; null when either is missing or b is 0 (no ratio to nothing). */
export const ratio = (a: number | null | undefined, b: number | null | undefined): number | null =>
  typeof a === 'number' && typeof b === 'number' && b !== 0 ? Math.round((a / b) * 100) / 100 : null;

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
  /** The federated site's median TBT at most the HTML alone's median + 50 ms (the floor no code goes below here). */
  tbt: (Target & { federatedMs: number; htmlAloneMs: number; singleMs: number | null }) | null;
  /** Signed-in pages: the median LCP at most 1.10× the HTML alone's median LCP. */
  lcpToHtmlAlone: (Target & { ratio: number }) | null;
  /** Signed-in pages: the median LCP at most 0.75× the single bundle's (which cannot draw them on the server). */
  lcpToSingle: (Target & { ratio: number }) | null;
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
  const toHtmlAlone = ratio(lcp, medianOf(htmlAlone, 'lcpMs'));
  const toSingle = ratio(lcp, medianOf(single, 'lcpMs'));
  return {
    route,
    signedIn,
    perf: { met: everyRun(federated, (run) => (run.performance ?? 0) >= atLeast), atLeast, runs: each(federated, 'performance') },
    tbt:
      tbtFederated !== null && tbtFloor !== null
        ? { met: tbtFederated <= tbtFloor + TARGETS.tbtOverHtmlAloneMs, federatedMs: tbtFederated, htmlAloneMs: tbtFloor, singleMs: medianOf(single, 'tbtMs') }
        : null,
    lcpToHtmlAlone: signedIn && toHtmlAlone !== null ? { met: toHtmlAlone <= TARGETS.lcpToHtmlAlone, ratio: toHtmlAlone } : null,
    lcpToSingle: signedIn && toSingle !== null ? { met: toSingle <= TARGETS.lcpToSingle, ratio: toSingle } : null,
    cls: { met: everyRun(federated, (run) => run.cls === 0), runs: each(federated, 'cls') },
  };
}
