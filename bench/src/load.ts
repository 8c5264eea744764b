// The load bench's figures (bench/load.mjs measures them): what each target of the site's server
// under load is decided on, as pure functions of the measured rows, so that the decision is
// tested (load.test.ts), not only printed.

/** One route at one number of clients, as the load bench measured it. */
export interface LoadRow {
  route: string;
  signedIn: boolean;
  clients: number;
  pages: number;
  non2xx: number;
  /** How many answers had each status. */
  statusCodes?: Record<string, number>;
  errors: number;
  timeouts: number;
  perSecond: number;
  p50: number;
  p99: number;
  /**
   * Each request a page its user had not asked for yet (its address never asked before, and a new
   * note of the browser's own change): what no page, nor answers, kept for the user can answer.
   * Judged apart from the others (LoadSummary's firstViews).
   */
  firstView?: boolean;
  /** The share of signed-in pages drawn whole for their user (null for a public page). */
  drawnWhole: number | null;
  /** The site server's CPU time per page answered (its processes', not the load generator's). */
  cpuMsPerPage: number;
  /** The user service's CPU time per page answered (the reads, the view grant and the server's signals a page asks of it; absent in runs before it was measured). */
  serviceCpuMsPerPage?: number;
}

/** The targets of the site's server under load, and what each was measured at (null: not measured in this run). */
export interface LoadSummary {
  /** The smallest share of signed-in pages drawn whole at 50 clients, over the signed-in routes (target ≥ 0.99). */
  drawnWholeAt50: number | null;
  /** Signed-in pages a second at 10 clients (the slowest signed-in route) over the public `/`'s (target ≥ 0.5). */
  signedInThroughputAt10: number | null;
  /** The most CPU a signed-in page cost, at any number of clients (target ≤ 5 ms). */
  cpuMsPerSignedInPage: number | null;
  /** The worst p99 of a signed-in route at 10 clients (target ≤ 150 ms). */
  signedInP99At10: number | null;
  /** Answers that were not pages: errors, timeouts, non-2xx, over every row (target 0). */
  failures: number;
  met: { drawnWhole: boolean; throughput: boolean; cpu: boolean; p99: boolean; noFailures: boolean };
  /**
   * The same figures for the rows of first views alone (a page drawn for every request, none kept
   * for its user), beside the targets but not judged by them; null: no such rows in the run.
   */
  firstViews?: Pick<LoadSummary, 'drawnWholeAt50' | 'signedInThroughputAt10' | 'cpuMsPerSignedInPage' | 'signedInP99At10'> | null;
}

export const LOAD_TARGETS = { drawnWholeAt50: 0.99, signedInThroughputAt10: 0.5, cpuMsPerSignedInPage: 5, signedInP99At10: 150 } as const;

const min = (values: number[]) => (values.length > 0 ? Math.min(...values) : null);
const max = (values: number[]) => (values.length > 0 ? Math.max(...values) : null);

/** The figures of the targets over some signed-in rows, against the public `/` at 10 clients. */
function signedInFigures(signedIn: readonly LoadRow[], publicLanding: LoadRow | undefined) {
  const slowestSignedInAt10 = min(signedIn.filter((row) => row.clients === 10).map((row) => row.perSecond));
  return {
    drawnWholeAt50: min(signedIn.filter((row) => row.clients === 50).map((row) => row.drawnWhole ?? 0)),
    signedInThroughputAt10: publicLanding && slowestSignedInAt10 !== null && publicLanding.perSecond > 0 ? slowestSignedInAt10 / publicLanding.perSecond : null,
    cpuMsPerSignedInPage: max(signedIn.map((row) => row.cpuMsPerPage)),
    signedInP99At10: max(signedIn.filter((row) => row.clients === 10).map((row) => row.p99)),
  };
}

export function loadSummary(rows: readonly LoadRow[]): LoadSummary {
  const publicLanding = rows.find((row) => !row.signedIn && row.route === '/' && row.clients === 10);
  const { drawnWholeAt50, signedInThroughputAt10, cpuMsPerSignedInPage, signedInP99At10 } = signedInFigures(
    rows.filter((row) => row.signedIn && !row.firstView),
    publicLanding,
  );
  const firstViewRows = rows.filter((row) => row.signedIn && row.firstView);
  const failures = rows.reduce((sum, row) => sum + row.non2xx + row.errors + row.timeouts, 0);
  return {
    drawnWholeAt50,
    signedInThroughputAt10,
    cpuMsPerSignedInPage,
    signedInP99At10,
    failures,
    met: {
      drawnWhole: drawnWholeAt50 !== null && drawnWholeAt50 >= LOAD_TARGETS.drawnWholeAt50,
      throughput: signedInThroughputAt10 !== null && signedInThroughputAt10 >= LOAD_TARGETS.signedInThroughputAt10,
      cpu: cpuMsPerSignedInPage !== null && cpuMsPerSignedInPage <= LOAD_TARGETS.cpuMsPerSignedInPage,
      p99: signedInP99At10 !== null && signedInP99At10 <= LOAD_TARGETS.signedInP99At10,
      noFailures: failures === 0,
    },
    firstViews: firstViewRows.length > 0 ? signedInFigures(firstViewRows, publicLanding) : null,
  };
}

export interface LoadReport {
  date: string;
  seconds: number;
  subscribers: number;
  loadAverage: number;
  workers?: number;
  runs: { database: string; rows: LoadRow[] }[];
  summary: ({ database: string } & LoadSummary)[];
}

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`);
const figure = (value: number | null, digits = 2) => (value === null ? '–' : value.toFixed(digits));
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

/** The run as Markdown: every row, then each database's targets. */
export function loadReportMarkdown(report: LoadReport): string {
  const lines = [
    `## The site's server under load (${report.date}, ${report.seconds} s a row, ${report.subscribers} subscribers, load average ${report.loadAverage.toFixed(2)} at the end${report.workers ? `, ${report.workers} render processes` : ''})`,
    '',
  ];
  for (const run of report.runs) {
    lines.push(
      `### Service on ${run.database}`,
      '',
      '| route | clients | pages/s | p50 ms | p99 ms | drawn whole | server CPU ms/page | service CPU ms/page | failed |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const row of run.rows)
      lines.push(
        `| ${row.route} | ${row.clients} | ${row.perSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.signedIn ? percent(row.drawnWhole) : '–'} | ${row.cpuMsPerPage.toFixed(2)} | ${figure(row.serviceCpuMsPerPage ?? null)} | ${row.non2xx + row.errors + row.timeouts} |`,
      );
    const summary = report.summary.find((s) => s.database === run.database);
    if (summary)
      lines.push(
        '',
        `- drawn whole at 50 clients: ${percent(summary.drawnWholeAt50)} (≥ 99%: ${verdict(summary.met.drawnWhole)})`,
        `- signed-in pages/s at 10 clients ÷ the public /'s: ${figure(summary.signedInThroughputAt10)} (≥ 0.5: ${verdict(summary.met.throughput)})`,
        `- server CPU per signed-in page: ${figure(summary.cpuMsPerSignedInPage)} ms (≤ 5 ms: ${verdict(summary.met.cpu)})`,
        `- p99 of a signed-in page at 10 clients: ${figure(summary.signedInP99At10, 0)} ms (≤ 150 ms: ${verdict(summary.met.p99)})`,
        `- failed answers: ${summary.failures} (${verdict(summary.met.noFailures)})`,
        ...(summary.firstViews
          ? [
              `- first views alone (every page drawn for its request from answers read for it, neither kept for its user; not judged): drawn whole at 50 clients ${percent(summary.firstViews.drawnWholeAt50)}, ` +
                `pages/s at 10 ÷ the public /'s ${figure(summary.firstViews.signedInThroughputAt10)}, server CPU ${figure(summary.firstViews.cpuMsPerSignedInPage)} ms a page, p99 at 10 clients ${figure(summary.firstViews.signedInP99At10, 0)} ms`,
            ]
          : []),
        '',
      );
  }
  return lines.join('\n');
}

/** A recorded load run, with every earlier recorded run (bench/run.mjs keeps them in results.json). */
export type RecordedLoad = LoadReport & { history?: LoadReport[] };

/** The load section of bench/results.md: the latest run whole, then every recorded run's targets, one line a database. */
export function loadMarkdown(load: RecordedLoad | null, failure: string | null = null): string {
  const lines: string[] = [];
  if (failure) lines.push(`## The site's server under load`, '', `The latest run failed: ${failure}`, '');
  if (!load) return [...lines, failure ? '' : "## The site's server under load\n\nnot measured"].join('\n').trim();
  lines.push(loadReportMarkdown(load));
  const runs = load.history ?? [load];
  lines.push(
    '### Every recorded run',
    '',
    '| date | processes | load average | database | drawn whole at 50 | signed-in ÷ public at 10 | CPU ms / signed-in page | p99 at 10 ms | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const run of runs)
    for (const summary of run.summary)
      lines.push(
        `| ${run.date} | ${run.workers ?? '–'} | ${run.loadAverage.toFixed(2)} | ${summary.database} | ${percent(summary.drawnWholeAt50)} | ${figure(summary.signedInThroughputAt10)} | ${figure(summary.cpuMsPerSignedInPage)} | ${figure(summary.signedInP99At10, 0)} | ${summary.failures} |`,
      );
  return lines.join('\n');
}
