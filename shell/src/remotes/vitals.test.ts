// The field speed of the page a visit starts on: which page's vitals are reported, and until when.
// web-vitals itself is tried in a real browser (e2e/tests/release.spec.ts: a canary rolled back on INP).
export {};
type VitalObserver = (metric: { name: string; value: number }) => void;

const observers: Record<string, VitalObserver> = {};
jest.mock('web-vitals', () => ({
  onLCP: (report: VitalObserver) => (observers.LCP = report),
  onINP: (report: VitalObserver) => (observers.INP = report),
  onCLS: (report: VitalObserver) => (observers.CLS = report),
}));
jest.mock('../app/whenIdle', () => ({ whenIdle: (work: () => void) => work() }));
// Each task the start waits for, resolved by the test.
const mockTasks: Array<() => void> = [];
jest.mock('@site/shared-ui/next-task', () => ({ nextTask: () => new Promise<void>((resolve) => mockTasks.push(resolve)) }));
jest.mock('./health', () => ({ reportRemoteVital: jest.fn() }));

/** A fresh copy of the module, as a new page load gets it, at `path`. */
async function pageLoadAt(path: string) {
  window.history.replaceState(null, '', path);
  for (const name of Object.keys(observers)) delete observers[name];
  let loaded!: { measureVitalsOf: (remote: 'mfe_marketing' | 'mfe_account') => void; report: jest.Mock };
  jest.isolateModules(() => {
    loaded = { measureVitalsOf: require('./vitals').measureVitalsOf, report: require('./health').reportRemoteVital };
  });
  loaded.report.mockClear();
  return loaded;
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The library imported and every observer started, each in its task. */
async function imported() {
  await settled();
  while (mockTasks.length > 0) {
    mockTasks.shift()!();
    await settled();
  }
}

it('starts each observer in a task of its own, after the task that evaluated the library', async () => {
  const { measureVitalsOf } = await pageLoadAt('/');
  measureVitalsOf('mfe_marketing');
  await settled();
  expect(Object.keys(observers)).toEqual([]);
  for (const started of [['LCP'], ['LCP', 'INP'], ['LCP', 'INP', 'CLS']]) {
    expect(mockTasks).toHaveLength(1);
    mockTasks.shift()!();
    await settled();
    expect(Object.keys(observers)).toEqual(started);
  }
  expect(mockTasks).toHaveLength(0);
});

it("reports the landing page's vitals under its remote, until the visitor moves on to another page", async () => {
  const { measureVitalsOf, report } = await pageLoadAt('/');
  measureVitalsOf('mfe_marketing');
  measureVitalsOf('mfe_account'); // a second page's view: the document's vitals are the first page's
  await imported();
  observers.LCP!({ name: 'LCP', value: 1200 });
  observers.INP!({ name: 'INP', value: 80 });
  expect(report.mock.calls).toEqual([
    ['mfe_marketing', 'lcp', 1200],
    ['mfe_marketing', 'inp', 80],
  ]);
  window.history.pushState(null, '', '/contact');
  observers.INP!({ name: 'INP', value: 900 });
  window.history.pushState(null, '', '/');
  observers.CLS!({ name: 'CLS', value: 0.3 });
  expect(report).toHaveBeenCalledTimes(2);
});

it("measures nothing for a remote's page reached by a client-side navigation (the document's LCP was another page's)", async () => {
  const { measureVitalsOf, report } = await pageLoadAt('/no-such-page');
  window.history.pushState(null, '', '/aboutus');
  measureVitalsOf('mfe_marketing');
  await imported();
  expect(observers.LCP).toBeUndefined();
  expect(report).not.toHaveBeenCalled();
});
