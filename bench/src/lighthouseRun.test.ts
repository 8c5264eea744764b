import {
  benchmarkIndexOf,
  bootupByScript,
  chainDepth,
  criticalPathFigures,
  failureOf,
  longTasksOf,
  mainThreadWork,
  medianRun,
  pageFigures,
  requestsBeforeLcp,
  runFigures,
  scriptsRun,
  workBreakdown,
  type Report,
  type SizedFile,
} from './lighthouseRun';

const PAGE = 'http://localhost:3000/contact';
const classify = (url: string) => {
  const { port, pathname } = new URL(url);
  const file = pathname.slice(1);
  return port === '3000' ? { part: 'shell', app: 'shell', file } : { part: 'remote code', app: 'mfe-marketing', file };
};

/** A report of a completed run, with the figures a test sets. */
function report({
  score = 0.97 as number | null,
  audits = {} as Report['audits'],
  categories = {} as Report['categories'],
  runtimeError = undefined as Report['runtimeError'],
} = {}): Report {
  return {
    finalDisplayedUrl: PAGE,
    runtimeError,
    categories: { performance: { score, auditRefs: [] }, ...categories },
    audits: {
      'total-blocking-time': { id: 'total-blocking-time', score: 1, numericValue: 41.6 },
      'largest-contentful-paint': { id: 'largest-contentful-paint', score: 1, numericValue: 1234.4 },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', score: 1, numericValue: 0.01234 },
      'first-contentful-paint': { id: 'first-contentful-paint', score: 1, numericValue: 900.5 },
      'speed-index': { id: 'speed-index', score: 1, numericValue: 1500.4 },
      metrics: { id: 'metrics', score: null, details: { items: [{ firstContentfulPaint: 1000, interactive: 3000, observedLargestContentfulPaint: 1200 }] } },
      ...audits,
    },
  };
}

describe('whether a Lighthouse run counts', () => {
  it("fails a run with Lighthouse's own error, with no performance score, or with a score of 0", () => {
    expect(failureOf(report())).toBeNull();
    expect(failureOf(report({ runtimeError: { code: 'NO_NAVSTART', message: 'no navigationStart' } }))).toBe('NO_NAVSTART: no navigationStart');
    expect(failureOf(report({ runtimeError: { code: 'NO_FCP' } }))).toBe('NO_FCP:');
    expect(failureOf(report({ score: null }))).toBe('performance score missing');
    expect(failureOf(report({ score: 0 }))).toBe('performance score 0');
  });
});

describe("a run's figures", () => {
  it('rounds the score to a whole percent, TBT and LCP to whole ms, CLS to three decimals', () => {
    expect(runFigures(report(), classify)).toEqual({ performance: 97, tbtMs: 42, lcpMs: 1234, cls: 0.012, longTasks: [], benchmarkIndex: null });
  });

  it('names what ran each long task, and marks those between the first paint and an interactive page', () => {
    const tasks = {
      id: 'long-tasks',
      score: null,
      details: {
        debugData: {
          urls: ['Unattributable', PAGE, 'http://localhost:3001/main.js', 'http://localhost:3000/vendor.js'],
          tasks: [
            { urlIndex: 0, startTime: 100.4, duration: 60.2 }, // over before the first paint (1000 ms)
            { urlIndex: 1, startTime: 950, duration: 80 }, // ends after the first paint
            { urlIndex: 2, startTime: 2000, duration: 120 },
            { urlIndex: 3, startTime: 3000, duration: 70 }, // starts once the page is interactive
          ],
        },
      },
    };
    expect(longTasksOf(report({ audits: { 'long-tasks': tasks } }), classify)).toEqual([
      { atMs: 100, ms: 60, afterFirstPaint: false, part: 'unattributable' },
      { atMs: 950, ms: 80, afterFirstPaint: true, part: 'HTML' },
      { atMs: 2000, ms: 120, afterFirstPaint: true, part: 'remote code', file: 'mfe-marketing/main.js' },
      { atMs: 3000, ms: 70, afterFirstPaint: false, part: 'shell', file: 'shell/vendor.js' },
    ]);
  });
});

describe('the run that stands for a page', () => {
  it('is the one with the median performance score, the lower middle of an even count', () => {
    const run = (score: number) => ({ report: report({ score }), score });
    expect(medianRun([run(0.9), run(1), run(0.95)])?.score).toBe(0.95);
    expect(medianRun([run(0.9), run(1), run(0.95), run(0.8)])?.score).toBe(0.9);
    expect(medianRun([])).toBeNull();
  });
});

describe("a page's scores", () => {
  it('lists the audits that cost points in accessibility, best practices or SEO, not those of performance or weighed 0', () => {
    const categories = {
      accessibility: { score: 0.95, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
      'best-practices': { score: 1, auditRefs: [{ id: 'errors-in-console', weight: 0 }] },
      seo: { score: 1, auditRefs: [] },
    };
    const audits = {
      'color-contrast': { id: 'color-contrast', score: 0 },
      'errors-in-console': { id: 'errors-in-console', score: 0 },
      'render-blocking-resources': { id: 'render-blocking-resources', score: 0.5 },
    };
    expect(pageFigures(report({ categories, audits }))).toEqual({
      scores: { performance: 97, accessibility: 95, bestPractices: 100, seo: 100 },
      metrics: { lcpMs: 1234, tbtMs: 42, cls: 0.012, fcpMs: 901, speedIndexMs: 1500 },
      runtimeError: undefined,
      failedAudits: ['color-contrast'],
    });
  });
});

describe('the critical path', () => {
  const request = (url: string, end: number, more = {}) => ({
    url,
    networkRequestTime: 100,
    networkEndTime: end,
    statusCode: 200,
    transferSize: 1000,
    resourceType: 'Script',
    ...more,
  });

  it('counts the requests finished by the observed LCP (from the first request) that brought something', () => {
    const requests = [
      request(PAGE, 300, { resourceType: 'Document' }),
      request('http://localhost:3000/main.js', 1300),
      request('http://localhost:3000/late.js', 1301),
      request('data:image/png;base64,AAAA', 200),
      request('http://localhost:3000/blocked.json', 250, { statusCode: -1 }),
    ];
    const audits = { 'network-requests': { id: 'network-requests', score: null, details: { items: requests } } };
    expect(requestsBeforeLcp(report({ audits })).map((r) => r.url)).toEqual([PAGE, 'http://localhost:3000/main.js']);
  });

  it("counts the script files the page ran, not the page's inline scripts", () => {
    const nodes = [{ name: PAGE }, { name: 'http://localhost:3000/main.js' }, { name: 'inline script' }, { name: 'http://localhost:3003/remoteEntry.js' }];
    const audits = { 'script-treemap-data': { id: 'script-treemap-data', score: null, details: { nodes } } };
    expect(scriptsRun(report({ audits }))).toEqual(['http://localhost:3000/main.js', 'http://localhost:3003/remoteEntry.js']);
  });

  it('measures the depth of the longest request chain', () => {
    expect(chainDepth(undefined)).toBe(0);
    expect(chainDepth({ a: { children: { b: { children: { c: {} } } } }, d: {} })).toBe(3);
  });

  it('adds up the bytes by part, the scripts alone, and every script the page ran', () => {
    const file = (part: string, file: string, gzip: number, more: Partial<SizedFile> = {}): SizedFile => ({
      part,
      app: part,
      file,
      raw: gzip * 3,
      gzip,
      brotli: gzip - 10,
      ...more,
    });
    const beforeLcp = [
      file('HTML', 'contact', 5000, { type: 'Document' }),
      file('shell', 'main.js', 20_000, { type: 'Script' }),
      file('shared dependencies', 'react.js', 40_000, { type: 'Script', shared: 'react' }),
      file('shared dependencies', 'react-dom.js', 50_000, { type: 'Script', shared: 'react-dom' }),
    ];
    const ran = [file('shell', 'main.js', 20_000), file('remote code', 'page.js', 8_000), file('remote code', 'form.js', 2_000)];
    const chains = { html: { children: { main: {} } } };
    const figures = criticalPathFigures(report({ audits: { 'critical-request-chains': { id: 'critical-request-chains', score: null, details: { chains } } } }), beforeLcp, ran);
    expect(figures).toEqual({
      scriptsRun: { files: 3, gzip: 30_000, brotli: 29_970, byPart: { shell: 20_000, 'remote code': 10_000 } },
      observedLcpMs: 1200,
      requests: 4,
      gzip: 115_000,
      brotli: 114_960,
      jsGzip: 110_000,
      jsBrotli: 109_970,
      chainDepth: 2,
      byPart: {
        HTML: { requests: 1, gzip: 5000, brotli: 4990 },
        shell: { requests: 1, gzip: 20_000, brotli: 19_990 },
        'shared dependencies': { requests: 2, gzip: 90_000, brotli: 89_980 },
      },
      sharedLoaded: ['react', 'react-dom'],
      chunksBeforeLcp: ['HTML/contact', 'shell/main.js', 'shared dependencies/react.js', 'shared dependencies/react-dom.js'],
    });
  });
});

describe("a run's host and main-thread work", () => {
  // As Lighthouse 12 writes them: the environment, the bootup-time and mainthread-work-breakdown audits (their tables).
  const environment = {
    networkUserAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022))',
    hostUserAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    benchmarkIndex: 1712.5,
    credits: {},
  };
  const bootupTime = {
    id: 'bootup-time',
    score: 0.98,
    numericValue: 612.3,
    details: {
      type: 'table',
      headings: [{ key: 'url', valueType: 'url', label: 'URL' }],
      items: [
        { url: 'http://localhost:3000/main.js', total: 420.6, scripting: 380.2, scriptParseCompile: 20.4 },
        { url: PAGE, total: 310.2, scripting: 150.7, scriptParseCompile: 3.3 },
        { url: 'Unattributable', total: 180.4, scripting: 5.1, scriptParseCompile: 0 },
        { url: 'http://localhost:3001/page.1a2b.js', total: 60, scripting: 52.4, scriptParseCompile: 4.6 },
      ],
      summary: { wastedMs: 612.3 },
      sortedBy: ['total'],
    },
  };
  const breakdown = {
    id: 'mainthread-work-breakdown',
    score: 0.96,
    numericValue: 1345.6,
    details: {
      type: 'table',
      headings: [{ key: 'groupLabel', valueType: 'text', label: 'Category' }],
      items: [
        { group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 650.4 },
        { group: 'other', groupLabel: 'Other', duration: 300.2 },
        { group: 'styleLayout', groupLabel: 'Style & Layout', duration: 200.5 },
        { group: 'paintCompositeRender', groupLabel: 'Rendering', duration: 120 },
        { group: 'parseHTML', groupLabel: 'Parse HTML & CSS', duration: 45.1 },
        { group: 'scriptParseCompile', groupLabel: 'Script Parsing & Compilation', duration: 29.4 },
      ],
      sortedBy: ['duration'],
    },
  };
  const withWork = (more: Partial<Report> = {}) => ({ ...report({ audits: { 'bootup-time': bootupTime, 'mainthread-work-breakdown': breakdown } }), ...more });

  it("reads the host's benchmarkIndex Lighthouse measured, whole; none when the report has none or a broken one", () => {
    expect(benchmarkIndexOf(withWork({ environment }))).toBe(1713);
    expect(runFigures(withWork({ environment }), classify).benchmarkIndex).toBe(1713);
    expect(benchmarkIndexOf(report())).toBeNull();
    expect(benchmarkIndexOf(withWork({ environment: { ...environment, benchmarkIndex: 0 } }))).toBeNull();
    expect(benchmarkIndexOf(withWork({ environment: { ...environment, benchmarkIndex: Number.NaN } }))).toBeNull();
  });

  it("names each script's work by what it is: an app's file, the page's HTML, or unattributable", () => {
    expect(bootupByScript(withWork(), classify)).toEqual([
      { script: 'shell/main.js', part: 'shell', totalMs: 421, scriptingMs: 380, parseCompileMs: 20 },
      { script: 'HTML', part: 'HTML', totalMs: 310, scriptingMs: 151, parseCompileMs: 3 },
      { script: 'unattributable', part: 'unattributable', totalMs: 180, scriptingMs: 5, parseCompileMs: 0 },
      { script: 'mfe-marketing/page.1a2b.js', part: 'remote code', totalMs: 60, scriptingMs: 52, parseCompileMs: 5 },
    ]);
  });

  it("reads the work by kind, in the audit's order (the largest first)", () => {
    expect(workBreakdown(withWork())).toEqual([
      { group: 'scriptEvaluation', label: 'Script Evaluation', ms: 650 },
      { group: 'other', label: 'Other', ms: 300 },
      { group: 'styleLayout', label: 'Style & Layout', ms: 201 },
      { group: 'paintCompositeRender', label: 'Rendering', ms: 120 },
      { group: 'parseHTML', label: 'Parse HTML & CSS', ms: 45 },
      { group: 'scriptParseCompile', label: 'Script Parsing & Compilation', ms: 29 },
    ]);
  });

  it('adds the totals (bootup time, all the work), and says none when the audits did not run', () => {
    const work = mainThreadWork(withWork(), classify);
    expect(work.bootupMs).toBe(612);
    expect(work.workMs).toBe(1346);
    expect(work.byScript).toHaveLength(4);
    expect(work.breakdown).toHaveLength(6);
    expect(mainThreadWork(report(), classify)).toEqual({ bootupMs: null, workMs: null, byScript: [], breakdown: [] });
  });
});
