import { periodicWork } from './periodicWork';

describe("a piece of the service's background work", () => {
  it('runs one at a time: asked again while a run is under way, it answers that run; then a new one', async () => {
    let finish!: (value: number) => void;
    let runs = 0;
    const work = periodicWork(
      () =>
        new Promise<number>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
      60_000,
    );
    const first = work.now();
    expect(work.now()).toBe(first);
    finish(1);
    expect(await first).toBe(1);
    const second = work.now();
    expect(second).not.toBe(first);
    expect(runs).toBe(2);
    finish(2);
    await second;
  });

  it('stops its timer, and stop resolves only once the run under way has ended', async () => {
    jest.useFakeTimers();
    try {
      let finish!: () => void;
      let runs = 0;
      const work = periodicWork(
        () =>
          new Promise<void>((resolve) => {
            runs += 1;
            finish = resolve;
          }),
        1_000,
      );
      work.start();
      expect(runs).toBe(1);
      let stopped = false;
      const stopping = work.stop().then(() => (stopped = true));
      await Promise.resolve();
      expect(stopped).toBe(false);
      finish();
      await stopping;
      jest.advanceTimersByTime(5_000);
      expect(runs).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
