import { nextTask } from './nextTask';

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler;
  jest.useRealTimers();
});

describe('nextTask', () => {
  it('resolves in a later task, not in the microtasks of the current one', async () => {
    jest.useFakeTimers();
    let resumed = false;
    const step = nextTask().then(() => {
      resumed = true;
    });
    // Every microtask of this task runs, and the step still waits for the next task.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(resumed).toBe(false);
    jest.runOnlyPendingTimers();
    await step;
    expect(resumed).toBe(true);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToBrowser = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToBrowser };
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
