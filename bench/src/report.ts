// The bench's results as Markdown (bench/results.md): every table of the report, from the results
// bench/run.mjs writes to results.json. Pure, tested in report.test.ts (the failed runs, the targets).
import type { Calibration, CalibrationRecord } from './calibration';
import { medianOf, TARGETS, type RecordedPage, type RouteReport, type SiteComparison } from './figures';
import type { criticalPathFigures, mainThreadWork, pageFigures } from './lighthouseRun';

/** What Lighthouse's simulated LCP waits for (bench/src/lighthouse.mjs, lcpSimulation), or why it could not be told. */
export type LcpSimulation =
  | { failure: string }
  | {
      failure?: undefined;
      lcpMs: number;
      requests: number;
      transferred: number;
      lastRequest: { file: string; transferred: number; endMs: number };
      afterLastRequestMs: number;
      authLookupEndMs: number | null;
    };

/** A page as results.json records it: its runs, and, when a run completed, the median run's figures. */
export type ReportedPage = RecordedPage &
  Partial<ReturnType<typeof pageFigures>> & {
    signedIn?: boolean;
    criticalPath?: ReturnType<typeof criticalPathFigures>;
    lcpSimulation?: LcpSimulation;
    /** The median run's main-thread work by script and by kind (absent in pages recorded before it was). */
    mainThread?: ReturnType<typeof mainThreadWork>;
  };

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  node: string;
  chromium: string;
}

export interface Results {
  date: string;
  machine: Machine;
  lighthouse: string;
  runsPerPage: { mobile: number; desktop: number };
  pages: ReportedPage[];
  comparison: SiteComparison[];
  targets: RouteReport[];
  /** The mobile runs' CPU slowdown and the host's index it came from (absent in results recorded before: Lighthouse's fixed 4×). */
  calibration?: Calibration;
  /** Every recorded run's calibration and figures, oldest first. */
  calibrationHistory?: CalibrationRecord[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A Markdown table. */
export const table = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** A list of each run's figure, ✗ for a run that failed. */
const list = (values: readonly (number | null | undefined)[]) => values.map((v) => v ?? '✗').join(' / ');

/** Every run that failed, one line each (site, route, preset, which run, why), or "none". */
export function failedRunLines(pages: readonly ReportedPage[]): string[] {
  const lines = pages.flatMap((p) => p.runs.flatMap((run, i) => (run.failure ? [`- ${p.site} ${p.route} ${p.preset}, run ${i + 1}: ${run.failure}`] : [])));
  return lines.length > 0 ? lines : ['none'];
}

/** A page's row of the Lighthouse table: the medians and every run; a page with no run completed, its runs only. */
export function lighthouseRow(p: ReportedPage): unknown[] {
  const each = (key: 'performance' | 'lcpMs' | 'tbtMs') => list(p.runs.map((run) => run[key]));
  if (p.failed || !p.scores || !p.metrics) return [p.site, p.route, p.preset, `✗ (${each('performance')})`, '', '', '', `(${each('lcpMs')})`, `(${each('tbtMs')})`, '', '', ''];
  return [
    p.site,
    p.route,
    p.preset,
    `${medianOf(p, 'performance')} (${each('performance')})`,
    p.scores.accessibility,
    p.scores.bestPractices,
    p.scores.seo,
    `${medianOf(p, 'lcpMs')} (${each('lcpMs')})`,
    `${medianOf(p, 'tbtMs')} (${each('tbtMs')})`,
    p.metrics.cls,
    p.metrics.fcpMs,
    p.metrics.speedIndexMs,
  ];
}

/** A route's row of the targets' table: each target ✓ met or ✗ missed (– none for this route), then its figures. */
export function targetRow(t: RouteReport): unknown[] {
  const mark = (target: { met: boolean } | null) => (target ? (target.met ? '✓' : '✗') : '–');
  const lcpRatio = (target: RouteReport['lcpToSingle']) => (target ? `${mark(target)} ${target.ratio ?? 'not measured'}${target.ratio === null ? '' : '×'}` : '–');
  return [
    t.route,
    `${mark(t.perf)} ≥ ${t.perf.atLeast}: ${list(t.perf.runs)}`,
    `${mark(t.tbt)} ${t.tbt.federatedMs ?? '–'} / ${t.tbt.htmlAloneMs ?? '–'} (${t.tbt.singleMs ?? '–'})`,
    lcpRatio(t.lcpToHtmlAlone),
    lcpRatio(t.lcpToSingle),
    `${mark(t.cls)} ${list(t.cls.runs)}`,
    list(t.longestTask),
    t.longestTaskSingle ? list(t.longestTaskSingle) : '–',
    t.longestTaskHtmlAlone ? list(t.longestTaskHtmlAlone) : '–',
  ];
}

/** The CPU slowdown of the mobile runs, and the host's index it was derived from, as the report's opening says it. */
export function calibrationLines(calibration: Calibration | undefined): string[] {
  if (!calibration) return ["CPU slowdown (mobile): Lighthouse's fixed 4×, not calibrated (the host's benchmarkIndex was not recorded)."];
  const runs = calibration.runs;
  const runsLine = runs ? `each run's own index ${runs.min}–${runs.max} (median ${runs.median}, ${runs.count} runs)` : 'no run recorded its own index';
  const how =
    calibration.mode === 'fixed'
      ? `fixed (BENCH_CPU_SLOWDOWN), not calibrated for the reference device (${calibration.referenceDevice})`
      : `calibrated for the reference device, ${calibration.referenceDevice} (bench/src/calibration.ts)`;
  return [
    `CPU slowdown (mobile, every site): ${calibration.cpuSlowdownMultiplier}×, ${how}; the host's benchmarkIndex at the start ${calibration.hostBenchmarkIndex ?? 'not measured'} (samples ${calibration.hostSamples.join(', ') || 'none'}), ${runsLine}. Desktop keeps its preset's (none).`,
  ];
}

/** A page's main-thread row: its median TBT (every run), then the median run's bootup time, all its work, the work by script and by kind. */
export function mainThreadRow(p: ReportedPage): unknown[] | null {
  const m = p.mainThread;
  if (!m) return null;
  const scripts = m.byScript.map((s) => `${s.script} ${s.totalMs} (${s.scriptingMs} / ${s.parseCompileMs})`).join(', ') || 'none over 50 ms';
  const kinds = m.breakdown.map((b) => `${b.label} ${b.ms}`).join(', ');
  return [p.site, p.route, p.preset, `${medianOf(p, 'tbtMs')} (${list(p.runs.map((run) => run.tbtMs))})`, m.bootupMs ?? '–', m.workMs ?? '–', scripts, kinds];
}

/** The calibration history's rows: each recorded run's pages, with the run's host index, slowdown and the runs' own indices. */
export function calibrationHistoryRows(history: readonly CalibrationRecord[]): unknown[][] {
  return history.flatMap((h) =>
    h.pages.map((p) => [
      `${h.date.slice(0, 16).replace('T', ' ')}${h.label ? ` ${h.label}` : ''}`,
      h.loadAverage.atStart[0] ?? '–',
      h.hostBenchmarkIndex ?? '–',
      `${h.cpuSlowdownMultiplier}×${h.mode === 'fixed' ? ' fixed' : ''}`,
      h.runs ? `${h.runs.min}–${h.runs.max}` : '–',
      p.site,
      p.route,
      `${p.tbtMs ?? '✗'} (${list(p.tbtRuns)})`,
      p.bootupMs ?? '–',
      p.workMs ?? '–',
    ]),
  );
}

/** The whole report; `serviceSection`: the user service's part (its own report, or why it is missing). */
export function resultsMarkdown(results: Results, serviceSection: string): string {
  const { pages, comparison, targets, runsPerPage, machine } = results;
  return [
    `# Benchmark (${results.date}, Lighthouse ${results.lighthouse}, medians of ${runsPerPage.mobile} runs on mobile, ${runsPerPage.desktop} on desktop)`,
    '',
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at the end; ${machine.chromium}, Node ${machine.node}.`,
    '',
    ...calibrationLines(results.calibration),
    '',
    '## Lighthouse',
    'perf, LCP and TBT: the median of the runs that completed, then every run (✗ a run that failed: see below); the other',
    "scores and FCP, SI: the run whose score is the median's.",
    '',
    table(['site', 'route', 'preset', 'perf (runs)', 'a11y', 'best pr.', 'SEO', 'LCP ms (runs)', 'TBT ms (runs)', 'CLS', 'FCP ms', 'SI ms'], pages.map(lighthouseRow)),
    '',
    '## Runs that failed',
    ...failedRunLines(pages),
    '',
    '## Critical path (requests finished before the observed LCP, mobile)',
    table(
      ['site', 'route', 'requests', 'chain depth', 'all gzip KB', 'all brotli KB', 'JS gzip KB', 'JS brotli KB', 'shell gzip KB', 'shared deps gzip KB', 'remote gzip KB'],
      pages.flatMap((p) => {
        const c = p.criticalPath;
        if (!c) return [];
        const part = (name: string) => kb(c.byPart[name]?.gzip ?? 0);
        return [
          [p.site, p.route, c.requests, c.chainDepth, kb(c.gzip), kb(c.brotli), kb(c.jsGzip), kb(c.jsBrotli), part('shell'), part('shared dependencies'), part('remote code')],
        ];
      }),
    ),
    '',
    "## What the simulated LCP waits for (mobile, the median run: Lighthouse's simulation, request by request)",
    'The requests it counts (all that finished before the observed LCP) and what they transfer; the last of them to',
    "finish in the simulation, and the page's work after it; when the auth SDK's lookup of the stored user is done.",
    '',
    table(
      ['site', 'route', 'LCP ms', 'requests', 'transferred KB', 'last request', 'its KB', 'done at ms', 'then ms', 'auth lookup done at ms'],
      pages.flatMap((p) => {
        const s = p.lcpSimulation;
        if (!s) return [];
        if (s.failure !== undefined) return [[p.site, p.route, `✗ ${s.failure}`, '', '', '', '', '', '', '']];
        return [
          [
            p.site,
            p.route,
            s.lcpMs,
            s.requests,
            kb(s.transferred),
            s.lastRequest.file,
            kb(s.lastRequest.transferred),
            s.lastRequest.endMs,
            s.afterLastRequestMs,
            s.authLookupEndMs ?? '–',
          ],
        ];
      }),
    ),
    '',
    "## All the JavaScript each page ran (mobile: its script files, not the HTML's inline scripts; mostly after LCP on a prerendered page)",
    table(
      ['site', 'route', 'scripts', 'gzip KB', 'brotli KB', 'shell gzip KB', 'shared deps gzip KB', 'remote gzip KB'],
      pages.flatMap((p) => {
        const r = p.criticalPath?.scriptsRun;
        if (!r) return [];
        return [[p.site, p.route, r.files, kb(r.gzip), kb(r.brotli), kb(r.byPart.shell ?? 0), kb(r.byPart['shared dependencies'] ?? 0), kb(r.byPart['remote code'] ?? 0)]];
      }),
    ),
    '',
    '## Federated / single bundle (mobile)',
    table(
      ['route', 'critical-path bytes', 'request-chain depth', 'LCP', 'TBT', 'all JS run'],
      // No ratio to a single bundle that blocked 0 ms: its figure is said instead.
      comparison.map((c) => [c.route, c.criticalPathGzip, c.chainDepth, c.lcp, c.tbt ?? 'single 0 ms', c.scriptsRunGzip]),
    ),
    '',
    '## The targets (mobile, the federated site against its HTML alone and the single bundle, in this run)',
    `Each: ✓ met or ✗ missed (a figure not measured misses it), then the figures (bench/src/figures.ts). Performance ${TARGETS.publicPerf} in every run of a public page, ${TARGETS.signedInPerf} or`,
    `more of a signed-in page; the median TBT at most the HTML alone's median + ${TARGETS.tbtOverHtmlAloneMs} ms (the page with every script blocked:`,
    `the floor no code goes below on this machine); a signed-in page's median LCP at most ${TARGETS.lcpToHtmlAlone}× its HTML alone's and ${TARGETS.lcpToSingle}× the`,
    "single bundle's (which cannot draw a signed-in page on the server); CLS 0 in every run. Beside them, reported only: the",
    "longest task of each run between the first paint and an interactive page (0: none over 50 ms), the single bundle's, and",
    "the HTML alone's at any time (its simulated first paint counts the blocked requests as fetched).",
    '',
    table(
      [
        'route',
        'perf (runs)',
        'TBT ms median: federated / HTML alone (single)',
        'LCP ÷ HTML alone',
        'LCP ÷ single',
        'CLS (runs)',
        'longest task ms (runs)',
        'single bundle',
        'HTML alone, any time',
      ],
      targets.map(targetRow),
    ),
    '',
    `## Tasks over 50 ms at ${results.calibration ? `the runs' ${results.calibration.cpuSlowdownMultiplier}×` : "Lighthouse's 4×"} CPU slowdown (mobile, every run)`,
    "What ran each: the page's HTML (its parsing, its inline scripts), an app's file (shell, shared dependencies, remote",
    'code, single bundle) or nothing Lighthouse could name (unattributable: style, layout, paint). ms, then what ran it;',
    '† marks a task between the first paint and an interactive page (it ends after FCP, starts before TTI: where TBT counts).',
    '',
    table(
      ['site', 'route', 'run', 'tasks', 'TBT ms', 'each task'],
      pages
        .filter((p) => p.preset === 'mobile')
        .flatMap((p) =>
          p.runs.map((run, i) => [
            p.site,
            p.route,
            i + 1,
            run.failure ? '✗' : (run.longTasks?.length ?? 0),
            run.tbtMs ?? '✗',
            run.failure ? '' : (run.longTasks ?? []).map((task) => `${task.ms}${task.afterFirstPaint ? '†' : ''} ${task.file ?? task.part}`).join(', ') || 'none',
          ]),
        ),
    ),
    '',
    "## Main-thread work beside TBT (the median run's, at the run's CPU slowdown)",
    "TBT: the median, then every run. Then the median run's (Lighthouse's bootup-time and mainthread-work-breakdown audits,",
    'simulated at the CPU slowdown as TBT is): the bootup time (the evaluation, parse and compile of the scripts that took 50 ms',
    'or more), all the main-thread work, each such script (total, then scripting / parse and compile) and the work by kind, ms.',
    '',
    table(
      ['site', 'route', 'preset', 'TBT ms (runs)', 'bootup ms', 'main-thread ms', 'by script: total (scripting / parse, compile)', 'by kind'],
      pages.flatMap((p) => {
        const row = mainThreadRow(p);
        return row ? [row] : [];
      }),
    ),
    '',
    '## CPU calibration: every recorded run (mobile)',
    "Each run of the bench (whole or narrowed): when it ended, its label, the load average (1 min) and the host's benchmarkIndex",
    "at its start and the CPU slowdown it gave, the runs' own indices, then each page: the median TBT (every run) and the median",
    "run's bootup and main-thread work, ms.",
    '',
    table(
      ['run', 'load', 'host index', 'slowdown', "runs' index", 'site', 'route', 'TBT ms (runs)', 'bootup ms', 'main-thread ms'],
      calibrationHistoryRows(results.calibrationHistory ?? []),
    ),
    '',
    '## Shared dependencies loaded before LCP (federated, mobile)',
    ...pages.filter((p) => p.site === 'federated' && p.criticalPath).map((p) => `- ${p.route}: ${p.criticalPath?.sharedLoaded.join(', ') || 'none'}`),
    '',
    '## What loads before LCP on / (mobile)',
    ...pages.filter((p) => p.route === '/' && p.criticalPath).map((p) => `- ${p.site}: ${p.criticalPath?.chunksBeforeLcp.join(', ')}`),
    '',
    serviceSection,
  ].join('\n');
}
