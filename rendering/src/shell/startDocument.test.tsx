// The shell's start in the browser, step by step: what answers whether the server's HTML can be
// hydrated (the remotes' registration, run as the remotes document arrives), the page's parts set
// aside, and React's root each run in a task of their own, not in one microtask checkpoint (one
// long task on a slow phone). React's roots are stood in for: only when each is made is asked here.
import { MARKERS } from '../contract';
import { type DocumentStart, startDocument } from './startDocument';

const mockHydrateRoot = jest.fn();
const mockCreateRoot = jest.fn(() => ({ render: jest.fn() }));
jest.mock('react-dom/client', () => ({
  hydrateRoot: (...args: unknown[]) => mockHydrateRoot(...args),
  createRoot: (...args: unknown[]) => mockCreateRoot(...(args as [])),
}));

const MANIFEST = 'http://localhost:3001/mf-manifest.json';

/** A promise, and what settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Runs every microtask queued now and those they queue, without letting a task pass. */
async function drainMicrotasks() {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
}

/** Lets the tasks queued before this one run (timers of 0 ms run in the order they were set). */
const aTaskLater = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The server's HTML of `/`, drawn from the build of its remote at MANIFEST. */
function servedPage() {
  document.documentElement.removeAttribute(MARKERS.freshRenderAttribute);
  document.body.innerHTML = `<div id="root" ${MARKERS.prerenderedAttribute}="/" ${MARKERS.renderedManifestAttribute}="${MANIFEST}"><h1>Acasă</h1></div>`;
}

/** The start of the page, the build this browser loads answered by `manifest` once it is resolved. */
function starting(manifest: Promise<string | undefined>) {
  const beforeHydrating = jest.fn();
  const start: DocumentStart<'marketing'> = {
    app: <h1>Acasă</h1>,
    route: { remote: 'marketing' },
    manifestInForce: () => manifest,
    onRecoverableError: () => () => {},
    handedOver: false,
    beforeHydrating,
  };
  return { started: startDocument(start), beforeHydrating };
}

beforeEach(() => {
  mockHydrateRoot.mockClear();
  mockCreateRoot.mockClear();
  window.history.replaceState(null, '', '/');
  servedPage();
});

describe('startDocument', () => {
  it("hydrates the server's HTML in three tasks: the registration that answers, the parts set aside, the root's start", async () => {
    const manifest = deferred<string | undefined>();
    const { started, beforeHydrating } = starting(manifest.promise);

    // The remotes document arrives: the registration runs in its task, and nothing of React's.
    manifest.resolve(MANIFEST);
    await drainMicrotasks();
    expect(beforeHydrating).not.toHaveBeenCalled();
    expect(mockHydrateRoot).not.toHaveBeenCalled();

    // The next task sets the page's parts aside, and makes no root yet.
    await aTaskLater();
    expect(beforeHydrating).toHaveBeenCalledTimes(1);
    expect(beforeHydrating).toHaveBeenCalledWith(document.getElementById('root'));
    await drainMicrotasks();
    expect(mockHydrateRoot).not.toHaveBeenCalled();

    // The one after hydrates.
    await aTaskLater();
    expect(mockHydrateRoot).toHaveBeenCalledTimes(1);
    expect(mockHydrateRoot.mock.calls[0][0]).toBe(document.getElementById('root'));
    await started;
    expect(mockCreateRoot).not.toHaveBeenCalled();
  });

  it('draws the page afresh in a task after the registration that found its HTML from another build', async () => {
    const manifest = deferred<string | undefined>();
    const { started, beforeHydrating } = starting(manifest.promise);

    manifest.resolve('http://localhost:3001/canary/mf-manifest.json');
    await drainMicrotasks();
    expect(mockCreateRoot).not.toHaveBeenCalled();

    await aTaskLater();
    await started;
    expect(mockCreateRoot).toHaveBeenCalledTimes(1);
    expect(mockHydrateRoot).not.toHaveBeenCalled();
    expect(beforeHydrating).not.toHaveBeenCalled();
  });
});
