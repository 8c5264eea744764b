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
const imported = () => new Promise((resolve) => setTimeout(resolve, 0));

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
