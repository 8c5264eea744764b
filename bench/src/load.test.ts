import { loadMarkdown, loadReportMarkdown, loadSummary, type LoadRow } from './load';

const row = (route: string, signedIn: boolean, clients: number, figures: Partial<LoadRow> = {}): LoadRow => ({
  route,
  signedIn,
  clients,
  pages: 100,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  perSecond: 100,
  p50: 10,
  p99: 50,
  drawnWhole: signedIn ? 1 : null,
  cpuMsPerPage: 2,
  ...figures,
});

/** One run on PGlite of these rows, as Markdown. */
const reportOf = (rows: LoadRow[]) =>
  loadReportMarkdown({ date: 'd', seconds: 8, subscribers: 6, loadAverage: 1, runs: [{ database: 'pglite', rows }], summary: [{ database: 'pglite', ...loadSummary(rows) }] });

describe("the load bench's targets", () => {
  it('are decided on the worst signed-in route: drawn whole at 50 clients, throughput and p99 at 10, CPU at any', () => {
    const rows = [
      row('/', false, 10, { perSecond: 400, cpuMsPerPage: 0.5 }),
      row('/account?tab=device', true, 10, { perSecond: 250, p99: 120 }),
      row('/pricing', true, 10, { perSecond: 190, p99: 160 }),
      row('/account?tab=device', true, 50, { drawnWhole: 0.995, cpuMsPerPage: 4.9 }),
      row('/pricing', true, 50, { drawnWhole: 0.98, cpuMsPerPage: 5.1 }),
    ];
    const summary = loadSummary(rows);
    expect(summary.drawnWholeAt50).toBe(0.98);
    expect(summary.signedInThroughputAt10).toBeCloseTo(190 / 400);
    expect(summary.cpuMsPerSignedInPage).toBe(5.1);
    expect(summary.signedInP99At10).toBe(160);
    expect(summary.met).toEqual({ drawnWhole: false, throughput: false, cpu: false, p99: false, noFailures: true });
  });

  it('meets each target at its bound, and counts every answer that was not a page', () => {
    const rows = [
      row('/', false, 10, { perSecond: 400 }),
      row('/pricing', true, 10, { perSecond: 200, p99: 150 }),
      row('/pricing', true, 50, { drawnWhole: 0.99, cpuMsPerPage: 5, non2xx: 1, timeouts: 2 }),
    ];
    const summary = loadSummary(rows);
    expect(summary.met).toEqual({ drawnWhole: true, throughput: true, cpu: true, p99: true, noFailures: false });
    expect(summary.failures).toBe(3);
  });

  it("judges the pages kept for their users' next requests by the targets, and reports first views apart", () => {
    const rows = [
      row('/', false, 10, { perSecond: 400 }),
      row('/account?tab=device', true, 10, { perSecond: 250, p99: 90, cpuMsPerPage: 2.5 }),
      row('/account?tab=device', true, 50, { drawnWhole: 1, cpuMsPerPage: 2.4 }),
      row('/account?tab=device (first views)', true, 10, { perSecond: 120, p99: 140, cpuMsPerPage: 5.2, firstView: true }),
      row('/account?tab=device (first views)', true, 50, { drawnWhole: 0.97, cpuMsPerPage: 4.8, firstView: true }),
    ];
    const summary = loadSummary(rows);
    expect(summary.met).toEqual({ drawnWhole: true, throughput: true, cpu: true, p99: true, noFailures: true });
    expect(summary.firstViews).toEqual({ drawnWholeAt50: 0.97, signedInThroughputAt10: 0.3, cpuMsPerSignedInPage: 5.2, signedInP99At10: 140 });
    const markdown = reportOf(rows);
    expect(markdown).toContain(
      "first views alone (every page drawn for its request from answers read for it, neither kept for its user; not judged): drawn whole at 50 clients 97.0%, pages/s at 10 ÷ the public /'s 0.30, server CPU 5.20 ms a page, p99 at 10 clients 140 ms",
    );
    expect(loadSummary(rows.slice(0, 3)).firstViews).toBeNull();
  });

  it('says a target was not measured rather than met when its rows are missing', () => {
    const summary = loadSummary([row('/', false, 1)]);
    expect([summary.drawnWholeAt50, summary.signedInThroughputAt10, summary.cpuMsPerSignedInPage, summary.signedInP99At10]).toEqual([null, null, null, null]);
    expect(summary.met.drawnWhole || summary.met.throughput || summary.met.cpu || summary.met.p99).toBe(false);
  });

  it('reports every row and each verdict', () => {
    const rows = [
      row('/', false, 10, { perSecond: 400, serviceCpuMsPerPage: 0.8 }),
      row('/pricing', true, 10, { perSecond: 100, p99: 300, serviceCpuMsPerPage: 1.25 }),
      row('/pricing', true, 50, { drawnWhole: 0.5 }),
    ];
    const markdown = reportOf(rows);
    expect(markdown.split('\n').filter((line) => line.startsWith('| /'))).toHaveLength(3);
    // The user service's CPU beside the site server's; a row of a run before it was measured says so.
    expect(markdown).toContain('| /pricing | 10 | 100 | 10 | 300 | 100.0% | 2.00 | 1.25 | 0 |');
    expect(markdown).toContain('| /pricing | 50 | 100 | 10 | 50 | 50.0% | 2.00 | – | 0 |');
    expect(markdown).toContain('drawn whole at 50 clients: 50.0% (≥ 99%: **missed**)');
    expect(markdown).toContain('p99 of a signed-in page at 10 clients: 300 ms (≤ 150 ms: **missed**)');
  });
});

describe("the load section of the bench's results", () => {
  const rows = [row('/', false, 10, { perSecond: 400 }), row('/pricing', true, 10, { perSecond: 100 }), row('/pricing', true, 50, { drawnWhole: 1 })];
  const run = (date: string) => ({
    date,
    seconds: 8,
    subscribers: 6,
    loadAverage: 1.5,
    workers: 2,
    runs: [{ database: 'pglite', rows }],
    summary: [{ database: 'pglite', ...loadSummary(rows) }],
  });

  it('shows the latest run whole and a line for every recorded run', () => {
    const markdown = loadMarkdown({ ...run('second'), history: [run('first'), run('second')] });
    expect(markdown).toContain('### Service on pglite');
    expect(markdown.split('\n').filter((line) => /^\| (first|second) \| 2 \| 1\.50 \| pglite \| 100\.0% \| 0\.25 \|/.test(line))).toHaveLength(2);
  });

  it('says when the latest run failed, keeping the earlier figures, and when nothing was measured', () => {
    const markdown = loadMarkdown({ ...run('first'), history: [run('first')] }, 'the site did not start');
    expect(markdown).toContain('The latest run failed: the site did not start');
    expect(markdown).toContain('| first |');
    expect(loadMarkdown(null)).toContain('not measured');
  });
});
