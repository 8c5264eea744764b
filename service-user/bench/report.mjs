// The service bench's report as Markdown: written by bench/load.ts and by the site's bench/run.mjs.

const table = (header, rows) => [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const runRows = (run) =>
  run.rows.map((r) => [
    `${run.label ?? ''}${run.loadAverage ? ` (load ${run.loadAverage[0]})` : ''}`,
    r.name,
    r.requestsPerSecond,
    r.ratioToBare ?? '',
    r.ratioToFloor === undefined ? '' : `${r.ratioToFloor}${r.targetRatio ? ` (target ${r.targetRatio})` : ''}`,
    r.p50Ms,
    r.p99Ms,
    r.failed ? `${r.total} (${r.failed} unanswered)` : r.total,
    r.serverCpuUsPerRequest ?? '',
  ]);

/** @param {{ seconds: number, connections: number, node: string, date: string, label?: string, loadAverage?: number[], rows: object[], history?: object[] }} report */
export function serviceReportMarkdown(report) {
  // The server's CPU per request (its own process; PostgreSQL's is not counted) moves less than req/s when the machine is shared.
  // The floor of the global middleware is the bare handler; a service's, the bare handler reading one row through the same database layer.
  const header = ['run', 'call', 'req/s', 'ratio to bare', 'ratio to its floor', 'p50 ms', 'p99 ms', 'requests', 'server CPU µs/request'];
  const lines = [
    '## User service (load, loopback)',
    '',
    `Latest run (${report.date}${report.label ? `, ${report.label}` : ''}): ${report.connections} connections for ${report.seconds} s, ` +
      `the load generator (autocannon) in its own process, each server in its own process; node ${report.node}` +
      `${report.loadAverage ? `, load average before the run ${report.loadAverage.join(' / ')}` : ''}.`,
    '',
    table(header, runRows(report)),
  ];
  if (report.history?.length) {
    lines.push('', '### Every recorded run, oldest first', '', table(header, report.history.flatMap(runRows)));
  }
  return lines.join('\n');
}
