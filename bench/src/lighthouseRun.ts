// What the bench reads from one Lighthouse report: why a run does not count, its figures, its long
// tasks and what ran them, the page's scores and the critical path's figures. Pure functions of the
// report (bench/src/lighthouse.mjs runs Lighthouse), tested in lighthouseRun.test.ts.
import type { LongTask, Run } from './figures';

/** The part of Lighthouse's report (its LHR) the bench reads. */
export interface Report {
  runtimeError?: { code?: string; message?: string };
  finalDisplayedUrl: string;
  /** The host as Lighthouse measured it at the run's start (benchmarkIndex: its CPU/memory power). */
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  // Each audit's details differ by audit: read where they are used.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  audits: Record<string, { id: string; score: number | null; numericValue?: number; details?: any }>;
}

/** What a file of a page is: shell, shared dependency, remote code or the single bundle, from which app. */
export interface FilePart {
  part: string;
  app: string;
  file: string;
  shared?: string;
}
export type Classify = (url: string) => FilePart;

/** Why a Lighthouse run does not count: its own error, or no performance score (a 0 is a failure too). */
export function failureOf(report: Report): string | null {
  if (report.runtimeError?.code) return `${report.runtimeError.code}: ${report.runtimeError.message ?? ''}`.trim();
  const score = report.categories.performance?.score;
  return score ? null : `performance score ${score === null || score === undefined ? 'missing' : '0'}`;
}

const numeric = (report: Report, id: string) => report.audits[id]?.numericValue ?? NaN;

/** What ran a task or a script of a page: its HTML (its parsing, its inline scripts), an app's file, or nothing Lighthouse could name. */
function whatRan(report: Report, url: string, classify: Classify): { part: string; file?: string } {
  if (!/^https?:/.test(url)) return { part: 'unattributable' };
  if (new URL(url).pathname === new URL(report.finalDisplayedUrl).pathname) return { part: 'HTML' };
  const { part, app, file } = classify(url);
  return { part, file: `${app}/${file}` };
}

/**
 * The run's tasks over 50 ms at the run's CPU slowdown (Lighthouse's simulated durations, as TBT counts
 * them), each with what ran it: the page's HTML (its parsing and inline scripts), an app's file, or
 * nothing Lighthouse could name (style, layout and paint: "unattributable"); and whether it blocks
 * between the first paint and an interactive page (it ends after FCP and starts before TTI, both
 * simulated: TBT's window).
 */
export function longTasksOf(report: Report, classify: Classify): LongTask[] {
  const debug = report.audits['long-tasks']?.details?.debugData as { tasks: { urlIndex: number; startTime: number; duration: number }[]; urls: string[] } | undefined;
  if (!debug) return [];
  const { firstContentfulPaint: fcp, interactive: tti } = report.audits.metrics?.details.items[0] as { firstContentfulPaint: number; interactive: number };
  return debug.tasks.map((task) => ({
    atMs: Math.round(task.startTime),
    ms: Math.round(task.duration),
    afterFirstPaint: task.startTime + task.duration > fcp && task.startTime < tti,
    ...whatRan(report, debug.urls[task.urlIndex] ?? '', classify),
  }));
}

/** The host's benchmarkIndex Lighthouse measured at the run's start, or null when the report has none (or a broken one). */
export function benchmarkIndexOf(report: Report): number | null {
  const index = report.environment?.benchmarkIndex;
  return typeof index === 'number' && Number.isFinite(index) && index > 0 ? Math.round(index) : null;
}

/** A script's main-thread work in a run (Lighthouse's bootup-time audit, at the run's CPU slowdown), ms. */
export interface ScriptWork {
  /** HTML (the page's parsing and inline scripts), an app's file (app/file) or unattributable. */
  script: string;
  part: string;
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

/**
 * The main-thread work of each script that took 50 ms or more (Lighthouse's bootup-time: every task
 * the script caused, its evaluation, its parse and compile), longest first, as Lighthouse sorts them.
 */
export function bootupByScript(report: Report, classify: Classify): ScriptWork[] {
  const items = (report.audits['bootup-time']?.details?.items ?? []) as { url: string; total: number; scripting: number; scriptParseCompile: number }[];
  return items.map((item) => {
    const { part, file } = whatRan(report, item.url, classify);
    return { script: file ?? part, part, totalMs: Math.round(item.total), scriptingMs: Math.round(item.scripting), parseCompileMs: Math.round(item.scriptParseCompile) };
  });
}

/** The main thread's work by kind (Lighthouse's mainthread-work-breakdown: its task groups), ms, the largest first. */
export function workBreakdown(report: Report): { group: string; label: string; ms: number }[] {
  const items = (report.audits['mainthread-work-breakdown']?.details?.items ?? []) as { group: string; groupLabel?: string; duration: number }[];
  return items.map((item) => ({ group: item.group, label: item.groupLabel ?? item.group, ms: Math.round(item.duration) }));
}

/**
 * A run's main-thread work, as the report shows it beside TBT: the JavaScript's bootup time (the
 * evaluation, parse and compile of the scripts listed), all the main thread's work, each by script
 * and by kind. Both audits count at the run's CPU slowdown, as TBT does (null: the audit did not run).
 */
export function mainThreadWork(report: Report, classify: Classify) {
  const total = (id: string) => {
    const value = report.audits[id]?.numericValue;
    return typeof value === 'number' ? Math.round(value) : null;
  };
  return { bootupMs: total('bootup-time'), workMs: total('mainthread-work-breakdown'), byScript: bootupByScript(report, classify), breakdown: workBreakdown(report) };
}

/** A completed run's figures: the performance score (0–100), TBT and LCP (ms), CLS (3 decimals), its long tasks and the host's benchmarkIndex at its start. */
export const runFigures = (report: Report, classify: Classify): Run => ({
  performance: Math.round((report.categories.performance?.score ?? 0) * 100),
  tbtMs: Math.round(numeric(report, 'total-blocking-time')),
  lcpMs: Math.round(numeric(report, 'largest-contentful-paint')),
  cls: Math.round(numeric(report, 'cumulative-layout-shift') * 1000) / 1000,
  longTasks: longTasksOf(report, classify),
  benchmarkIndex: benchmarkIndexOf(report),
});

/** The run that stands for a page: the one with the median performance score (the lower middle of an even count). */
export function medianRun<T extends { report: Report }>(audits: readonly T[]): T | null {
  const score = ({ report }: T) => report.categories.performance?.score ?? 0;
  return [...audits].sort((a, b) => score(a) - score(b))[Math.floor((audits.length - 1) / 2)] ?? null;
}

/** The depth of the longest chain of Lighthouse's critical request chains (0: none). */
export function chainDepth(chains: Record<string, { children?: Record<string, unknown> }> | undefined): number {
  if (!chains) return 0;
  return Math.max(0, ...Object.values(chains).map((node) => 1 + chainDepth(node.children as Record<string, { children?: Record<string, unknown> }> | undefined)));
}

/** The page's four scores (0–100), its metrics, and the audits that cost it points in accessibility, best practices and SEO. */
export function pageFigures(report: Report) {
  const metric = (id: string) => Math.round(numeric(report, id) * 1000) / 1000;
  const category = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const weighed = (auditId: string) =>
    ['accessibility', 'best-practices', 'seo'].some((id) => report.categories[id]?.auditRefs.some((ref) => ref.id === auditId && ref.weight > 0));
  return {
    scores: { performance: category('performance'), accessibility: category('accessibility'), bestPractices: category('best-practices'), seo: category('seo') },
    metrics: {
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: metric('cumulative-layout-shift'),
      fcpMs: Math.round(metric('first-contentful-paint')),
      speedIndexMs: Math.round(metric('speed-index')),
    },
    runtimeError: report.runtimeError?.code,
    failedAudits: Object.values(report.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && weighed(audit.id))
      .map((audit) => audit.id),
  };
}

/** A request of Lighthouse's network log. */
export interface NetworkRequest {
  url: string;
  resourceType?: string;
  networkRequestTime: number;
  networkEndTime: number;
  statusCode: number;
  transferSize: number;
}

/** The requests that finished before the observed LCP and brought something (not a data: URL, not blocked or unanswered: status -1). */
export function requestsBeforeLcp(report: Report): NetworkRequest[] {
  const observedLcp = (report.audits.metrics?.details.items[0] as { observedLargestContentfulPaint: number }).observedLargestContentfulPaint;
  const requests = (report.audits['network-requests']?.details.items ?? []) as NetworkRequest[];
  const start = Math.min(...requests.map((r) => r.networkRequestTime));
  return requests.filter((r) => r.networkEndTime - start <= observedLcp && !r.url.startsWith('data:') && r.statusCode !== -1);
}

/**
 * Every script file the page ran (Lighthouse's script treemap: parsed by V8, so a prefetched chunk
 * not yet run is not in it), not the HTML's inline scripts (named by the page itself).
 */
export function scriptsRun(report: Report): string[] {
  const page = new URL(report.finalDisplayedUrl);
  return ((report.audits['script-treemap-data']?.details?.nodes ?? []) as { name: string }[])
    .map((node) => node.name)
    .filter((name) => {
      if (!/^https?:/.test(name)) return false;
      const { origin, pathname } = new URL(name);
      return !(origin === page.origin && pathname === page.pathname);
    });
}

/** A file the page fetched, with what it is and its sizes (as sent, and compressed at the highest settings). */
export interface SizedFile extends FilePart {
  url?: string;
  type?: string;
  transferred?: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/** The critical path's figures: what was fetched before the observed LCP, by part, and every script the page ran. */
export function criticalPathFigures(report: Report, beforeLcp: readonly SizedFile[], ran: readonly SizedFile[]) {
  const sum = (list: readonly SizedFile[], key: 'gzip' | 'brotli') => list.reduce((total, f) => total + f[key], 0);
  const js = beforeLcp.filter((f) => f.type === 'Script');
  const byPart: Record<string, { requests: number; gzip: number; brotli: number }> = {};
  for (const f of beforeLcp) {
    const part = (byPart[f.part] ??= { requests: 0, gzip: 0, brotli: 0 });
    part.requests += 1;
    part.gzip += f.gzip;
    part.brotli += f.brotli;
  }
  const ranByPart: Record<string, number> = {};
  for (const f of ran) ranByPart[f.part] = (ranByPart[f.part] ?? 0) + f.gzip;
  const observedLcp = (report.audits.metrics?.details.items[0] as { observedLargestContentfulPaint: number }).observedLargestContentfulPaint;
  return {
    scriptsRun: { files: ran.length, gzip: sum(ran, 'gzip'), brotli: sum(ran, 'brotli'), byPart: ranByPart },
    observedLcpMs: Math.round(observedLcp),
    requests: beforeLcp.length,
    gzip: sum(beforeLcp, 'gzip'),
    brotli: sum(beforeLcp, 'brotli'),
    jsGzip: sum(js, 'gzip'),
    jsBrotli: sum(js, 'brotli'),
    chainDepth: chainDepth(report.audits['critical-request-chains']?.details?.chains),
    byPart,
    sharedLoaded: [...new Set(beforeLcp.filter((f) => f.shared).map((f) => f.shared as string))],
    chunksBeforeLcp: beforeLcp.map((f) => `${f.app}/${f.file}`),
  };
}
