import { FIREBASE_DEFAULTS, type LoadedFirebase } from './firebase';

const auth = { useEmulator: jest.fn() };
const app = { name: '[DEFAULT]', auth: () => auth };
const compat = { apps: [] as (typeof app)[], initializeApp: jest.fn(() => app) };
jest.mock('firebase/compat/app', () => ({ __esModule: true, default: compat }));
jest.mock('firebase/compat/auth', () => ({}));
jest.mock('firebase/app', () => ({ getApp: jest.fn() }));
jest.mock('firebase/auth', () => ({
  initializeAuth: jest.fn(),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  browserSessionPersistence: {},
  inMemoryPersistence: {},
  debugErrorMap: {},
}));
jest.mock('../runtimeConfig', () => ({ runtimeConfig: () => ({ firebase: { apiKey: 'demo' }, authEmulatorUrl: null }) }));

/** A copy of the module of its own, as another bundle of the page (the shell's entry, shared-ui) has. */
function copyOfModule(): { loadFirebaseAuth: () => Promise<LoadedFirebase> } {
  let copy!: { loadFirebaseAuth: () => Promise<LoadedFirebase> };
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof import('./firebase')>('./firebase');
  });
  return copy;
}

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('@site/shared-ui firebase auth')];
  delete (globalThis as Record<string, unknown>)[FIREBASE_DEFAULTS];
  compat.initializeApp.mockClear();
  compat.initializeApp.mockImplementation(() => app);
});

describe("the page's one Firebase load", () => {
  it('is shared by every copy of the module in the page: the app is made once', async () => {
    const [first, second] = [copyOfModule(), copyOfModule()];
    expect(first).not.toBe(second);
    const started = first.loadFirebaseAuth();
    expect(second.loadFirebaseAuth()).toBe(started);
    expect((await started).auth).toBe(auth);
    expect(compat.initializeApp).toHaveBeenCalledTimes(1);
  });

  it('is tried again, by any copy, after it failed', async () => {
    compat.initializeApp.mockImplementationOnce(() => {
      throw new Error('offline');
    });
    const [first, second] = [copyOfModule(), copyOfModule()];
    await expect(first.loadFirebaseAuth()).rejects.toThrow('offline');
    expect((await second.loadFirebaseAuth()).auth).toBe(auth);
    expect(compat.initializeApp).toHaveBeenCalledTimes(2);
  });

  it("gives the SDK its settings' global, empty, before the app is made: the SDK then reads no cookie for them (a cookie of that name configures nothing)", async () => {
    expect(FIREBASE_DEFAULTS).toBe('__FIREBASE_DEFAULTS__');
    const defaultsWhenMade: unknown[] = [];
    compat.initializeApp.mockImplementation(() => {
      defaultsWhenMade.push((globalThis as Record<string, unknown>)[FIREBASE_DEFAULTS]);
      return app;
    });
    await copyOfModule().loadFirebaseAuth();
    expect(defaultsWhenMade).toEqual([{}]);
  });
});
