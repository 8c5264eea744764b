/** @jest-environment node */
// The shell's start, one step per task: which modules each task evaluates, in order. The server's
// style element is adopted in the task after styled-components is evaluated and before shared-ui
// (whose modules make the site's styled components); shared-ui's i18n set-up, its router and its
// components have a task each, and the page's history entry is marked in one of its own after the
// router.
const mockTasks: Array<() => void> = [];
const mockEvaluated: string[] = [];
jest.mock('@site/shared-ui/next-task', () => ({ nextTask: () => new Promise<void>((resolve) => mockTasks.push(resolve)) }));
jest.mock('react-dom/client', () => (mockEvaluated.push('react-dom/client'), {}));
jest.mock('styled-components', () => (mockEvaluated.push('styled-components'), {}));
jest.mock('@site/rendering/server-styles', () => (mockEvaluated.push('server styles'), { adoptServerStyles: () => mockEvaluated.push('server styles adopted') }));
jest.mock('@tanstack/react-query', () => (mockEvaluated.push('@tanstack/react-query'), {}));
jest.mock('i18next', () => (mockEvaluated.push('i18next'), {}));
jest.mock('@site/shared-ui/i18n', () => (mockEvaluated.push('@site/shared-ui/i18n'), {}));
jest.mock('@site/shared-ui/router', () => (mockEvaluated.push('@site/shared-ui/router'), { markHistoryEntry: () => mockEvaluated.push('history entry marked') }));
jest.mock('@site/shared-ui/components', () => (mockEvaluated.push('@site/shared-ui/components'), {}));
jest.mock('@site/shared-ui', () => (mockEvaluated.push('@site/shared-ui'), {}));
jest.mock('./remotes/federation', () => (mockEvaluated.push('federation'), {}));
jest.mock('./navigation/prefetch', () => (mockEvaluated.push('prefetch'), {}));
jest.mock('./session/SessionFollower', () => (mockEvaluated.push('SessionFollower'), {}));
jest.mock('./footer/Footer', () => (mockEvaluated.push('Footer'), {}));
jest.mock('./header/Header', () => (mockEvaluated.push('Header'), {}));
jest.mock('./app/App', () => (mockEvaluated.push('App'), {}));
jest.mock('./app/mountShell', () => (mockEvaluated.push('mountShell'), { mountShell: async () => void mockEvaluated.push('shell mounted') }));
jest.mock('@site/shared-ui/cookies', () => ({
  holdCookies: () => (mockEvaluated.push('cookies held'), () => mockEvaluated.push('cookies released')),
}));

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the start's tasks one by one: what each evaluated. */
async function runTasks() {
  const tasks: string[][] = [];
  while (mockTasks.length > 0) {
    const done = mockEvaluated.length;
    mockTasks.shift()!();
    await settle();
    tasks.push(mockEvaluated.slice(done));
  }
  return tasks;
}

it("evaluates React, styled-components, the server styles (adopted), TanStack Query, i18next, the i18n set-up, the router, marks the page's history entry, evaluates the components of shared-ui, the rest of it, the shell's remotes' loading, its route table, its session's follower, its footer, its header (the app's imports in their order), its app and what mounts it, each in a task of its own, then mounts the shell, the cookies held from its start until then", async () => {
  jest.isolateModules(() => require('./bootstrap'));
  await settle();
  expect(mockEvaluated).toEqual(['cookies held']);
  mockEvaluated.length = 0;
  expect(await runTasks()).toEqual([
    ['react-dom/client'],
    ['styled-components'],
    ['server styles', 'server styles adopted'],
    ['@tanstack/react-query'],
    ['i18next'],
    ['@site/shared-ui/i18n'],
    ['@site/shared-ui/router'],
    ['history entry marked'],
    ['@site/shared-ui/components'],
    ['@site/shared-ui'],
    ['federation'],
    ['prefetch'],
    ['SessionFollower'],
    ['Footer'],
    ['Header'],
    ['App'],
    ['mountShell'],
    ['cookies released', 'shell mounted'],
  ]);
});
