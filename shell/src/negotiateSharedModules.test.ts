import { loadShare } from '@module-federation/enhanced/runtime';
import { startReadingRemotesDocument } from './remotes/remotesDocumentRead';

// Each task the negotiation waits for, resolved by the test: one step at a time.
const mockTasks: Array<() => void> = [];
jest.mock('@site/shared-ui/next-task', () => ({ nextTask: () => new Promise<void>((resolve) => mockTasks.push(resolve)) }));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadShare: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('./remotes/remotesDocumentRead', () => ({ startReadingRemotesDocument: jest.fn() }));
jest.mock('./session/signedInStart', () => ({ signedInPageAt: () => null }));
jest.mock('./bootstrap', () => ({}));

/** The next task: the start runs until it waits again. */
async function nextStep() {
  expect(mockTasks).toHaveLength(1);
  mockTasks.shift()!();
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe("the shell's negotiation of its shared modules (the task after main.js's)", () => {
  it('asks for the remotes document, then negotiates one shared module per task (no version check of its own: the release gate checks them)', async () => {
    await import('./negotiateSharedModules');
    expect(startReadingRemotesDocument).toHaveBeenCalledTimes(1);
    expect(loadShare).not.toHaveBeenCalled();

    await nextStep();
    expect(loadShare).toHaveBeenCalledTimes(1);
    expect(loadShare).toHaveBeenCalledWith('react');

    await nextStep();
    expect(loadShare).toHaveBeenCalledTimes(2);
    expect(loadShare).toHaveBeenLastCalledWith('react-dom');
  });
});
