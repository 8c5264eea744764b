import { routeTargets, type Run } from './figures';
import { calibrationRecord, hostCalibration, indexRange } from './calibration';
import {
  calibrationHistoryRows,
  calibrationLines,
  failedRunLines,
  lighthouseRow,
  mainThreadRow,
  resultsMarkdown,
  table,
  targetRow,
  type ReportedPage,
  type Results,
} from './report';

const ok = (performance: number, tbtMs: number, lcpMs: number, cls = 0): Run => ({ performance, tbtMs, lcpMs, cls, longTasks: [] });
const failed = (failure: string): Run => ({ failure });

const measured = (site: string, route: string, runs: Run[]): ReportedPage => ({
  site,
  route,
  preset: 'mobile',
  runs,
  scores: { performance: 100, accessibility: 100, bestPractices: 96, seo: 100 },
  metrics: { lcpMs: 1000, tbtMs: 10, cls: 0, fcpMs: 800, speedIndexMs: 900 },
  failedAudits: [],
});

describe("the report's failed runs", () => {
  it('lists every run that failed with its site, route, preset, place among the runs and reason', () => {
    const pages = [
      measured('federated', '/', [ok(100, 10, 1000), failed('NO_NAVSTART: no navigationStart'), ok(100, 20, 1100)]),
      { site: 'single', route: '/pricing', preset: 'mobile', runs: [failed('no session: sign-in timed out')], failed: true },
    ];
    expect(failedRunLines(pages)).toEqual(['- federated / mobile, run 2: NO_NAVSTART: no navigationStart', '- single /pricing mobile, run 1: no session: sign-in timed out']);
  });

  it('says none when every run completed', () => {
    expect(failedRunLines([measured('federated', '/', [ok(100, 10, 1000)])])).toEqual(['none']);
  });

  it('shows a page no run of which completed by its runs alone, each ✗', () => {
    const row = lighthouseRow({ site: 'html', route: '/login', preset: 'mobile', runs: [failed('NO_FCP'), failed('NO_FCP')], failed: true });
    expect(row.slice(0, 5)).toEqual(['html', '/login', 'mobile', '✗ (✗ / ✗)', '']);
    expect(row[7]).toBe('(✗ / ✗)');
  });

  it("shows a measured page's medians over its completed runs, then every run", () => {
    const row = lighthouseRow(measured('federated', '/', [ok(100, 30, 1300), failed('NO_NAVSTART'), ok(98, 10, 1100), ok(99, 20, 1200)]));
    expect(row.slice(3, 9)).toEqual(['99 (100 / ✗ / 98 / 99)', 100, 96, 100, '1200 (1300 / ✗ / 1100 / 1200)', '20 (30 / ✗ / 10 / 20)']);
  });
});

describe("the report's targets", () => {
  it('marks each target ✓ met or ✗ missed with its figures, – where a public page has none', () => {
    const federated = { runs: [ok(100, 40, 1000), ok(99, 60, 1000)] };
    const htmlAlone = { runs: [ok(100, 0, 900)] };
    const row = targetRow({ ...routeTargets('/', false, { federated, htmlAlone }), longestTask: [0, 120], longestTaskSingle: null, longestTaskHtmlAlone: [null] });
    expect(row).toEqual(['/', '✗ ≥ 100: 100 / 99', '✓ 50 / 0 (–)', '–', '–', '✓ 0 / 0', '0 / 120', '–', '✗']);
  });

  it("says a signed-in page's LCP ratio that could not be measured, and misses it", () => {
    const federated = { runs: [ok(99, 0, 1000)] };
    const row = targetRow({
      ...routeTargets('/pricing', true, { federated, single: { runs: [ok(90, 0, 2000)] } }),
      longestTask: [0],
      longestTaskSingle: [0],
      longestTaskHtmlAlone: null,
    });
    expect(row.slice(3, 5)).toEqual(['✗ not measured', '✓ 0.5×']);
  });
});

describe('the whole report', () => {
  const results: Results = {
    date: '2026-11-27T21:00:00.000Z',
    machine: { cpuModel: 'CPU', cores: 2, memoryGiB: 8, loadAverageAtStart: [1, 2, 3], loadAverageAtEnd: [2, 2, 2], node: 'v22', chromium: 'Chromium 140' },
    lighthouse: '12.8.0',
    runsPerPage: { mobile: 5, desktop: 3 },
    pages: [measured('federated', '/', [ok(100, 10, 1000), failed('NO_NAVSTART')])],
    comparison: [{ route: '/', criticalPathGzip: 0.8, scriptsRunGzip: 0.9, chainDepth: 2, lcp: 0.5, tbt: null }],
    targets: [],
  };

  it('heads with the run, the machine, and ends with the service section', () => {
    const md = resultsMarkdown(results, '## User service (load, loopback)\n\nnot measured').split('\n');
    expect(md[0]).toBe('# Benchmark (2026-11-27T21:00:00.000Z, Lighthouse 12.8.0, medians of 5 runs on mobile, 3 on desktop)');
    expect(md[2]).toBe('Machine: CPU, 2 cores, 8 GiB; load average 1 / 2 / 3 at start, 2 / 2 / 2 at the end; Chromium 140, Node v22.');
    expect(md).toContain('- federated / mobile, run 2: NO_NAVSTART');
    // No TBT ratio to a single bundle that blocked 0 ms: its figure is said instead.
    expect(md).toContain('| / | 0.8 | 2 | 0.5 | single 0 ms | 0.9 |');
    expect(md.slice(-3)).toEqual(['## User service (load, loopback)', '', 'not measured']);
  });

  it("says the runs' CPU slowdown and its index, or Lighthouse's fixed 4× for results recorded before", () => {
    const calibration = { ...hostCalibration([1700, 1650, 1680]), runs: indexRange([1500, 1720, 1690]) };
    expect(calibrationLines(calibration)).toEqual([
      `CPU slowdown (mobile, every site): 4.63×, calibrated for the reference device, ${calibration.referenceDevice} (bench/src/calibration.ts); the host's benchmarkIndex at the start 1680 (samples 1700, 1650, 1680), each run's own index 1500–1720 (median 1690, 3 runs). Desktop keeps its preset's (none).`,
    ]);
    expect(calibrationLines({ ...hostCalibration([1700], 4), runs: null })[0]).toMatch(
      /^CPU slowdown \(mobile, every site\): 4×, fixed \(BENCH_CPU_SLOWDOWN\), not calibrated .* no run recorded its own index/,
    );
    expect(calibrationLines(undefined)).toEqual(["CPU slowdown (mobile): Lighthouse's fixed 4×, not calibrated (the host's benchmarkIndex was not recorded)."]);
    const md = resultsMarkdown({ ...results, calibration }, '').split('\n');
    expect(md[4]).toMatch(/^CPU slowdown \(mobile, every site\): 4.63×/);
    expect(md).toContain("## Tasks over 50 ms at the runs' 4.63× CPU slowdown (mobile, every run)");
    expect(resultsMarkdown(results, '').split('\n')).toContain("## Tasks over 50 ms at Lighthouse's 4× CPU slowdown (mobile, every run)");
  });

  it("shows a page's main-thread work by script and by kind beside its TBT, and nothing for a page recorded without it", () => {
    const page: ReportedPage = {
      ...measured('federated', '/login', [ok(100, 30, 1000), ok(100, 50, 1000), ok(100, 10, 1000)]),
      mainThread: {
        bootupMs: 612,
        workMs: 1346,
        byScript: [
          { script: 'shell/main.js', part: 'shell', totalMs: 421, scriptingMs: 380, parseCompileMs: 20 },
          { script: 'HTML', part: 'HTML', totalMs: 310, scriptingMs: 151, parseCompileMs: 3 },
        ],
        breakdown: [
          { group: 'scriptEvaluation', label: 'Script Evaluation', ms: 650 },
          { group: 'other', label: 'Other', ms: 300 },
        ],
      },
    };
    expect(mainThreadRow(page)).toEqual([
      'federated',
      '/login',
      'mobile',
      '30 (30 / 50 / 10)',
      612,
      1346,
      'shell/main.js 421 (380 / 20), HTML 310 (151 / 3)',
      'Script Evaluation 650, Other 300',
    ]);
    expect(mainThreadRow(measured('federated', '/', [ok(100, 10, 1000)]))).toBeNull();
    const md = resultsMarkdown({ ...results, pages: [page] }, '').split('\n');
    expect(md).toContain('| federated | /login | mobile | 30 (30 / 50 / 10) | 612 | 1346 | shell/main.js 421 (380 / 20), HTML 310 (151 / 3) | Script Evaluation 650, Other 300 |');
  });

  it("lists every recorded run's pages with its host index, slowdown and the runs' own indices", () => {
    const record = (date: string, samples: number[], fixed?: number) =>
      calibrationRecord({
        date,
        label: fixed ? 'uncalibrated' : null,
        machine: { loadAverageAtStart: [1.5, 1, 1], loadAverageAtEnd: [2, 1, 1] },
        calibration: { ...hostCalibration(samples, fixed), runs: indexRange([1500, 1600]) },
        pages: [{ site: 'single', route: '/', preset: 'mobile', runs: [ok(100, 20, 900), failed('NO_FCP'), ok(100, 40, 900)], mainThread: { bootupMs: 200, workMs: 700 } }],
      });
    const history = [record('2026-11-29T10:00:00.000Z', [1766]), record('2026-11-29T11:00:00.000Z', [1300], 4)];
    expect(calibrationHistoryRows(history)).toEqual([
      ['2026-11-29 10:00', 1.5, 1766, '5×', '1500–1600', 'single', '/', '30 (20 / ✗ / 40)', 200, 700],
      ['2026-11-29 11:00 uncalibrated', 1.5, 1300, '4× fixed', '1500–1600', 'single', '/', '30 (20 / ✗ / 40)', 200, 700],
    ]);
    const md = resultsMarkdown({ ...results, calibrationHistory: history }, '').split('\n');
    expect(md).toContain('| 2026-11-29 10:00 | 1.5 | 1766 | 5× | 1500–1600 | single | / | 30 (20 / ✗ / 40) | 200 | 700 |');
  });

  it('writes a Markdown table: header, rule, one row each', () => {
    expect(table(['a', 'b'], [[1, 2]])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });
});
