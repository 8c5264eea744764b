/**
 * A piece of the service's background work, run on an interval in this replica, one run at a time:
 * asked for while a run is under way, it answers that run. (Which replica does the work, when
 * several run, is the work's own rule: a claim or a lock in the database.)
 */
export function periodicWork<T>(work: () => Promise<T>, everyMs: number) {
  let running: Promise<T> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const now = (): Promise<T> =>
    (running ??= work().finally(() => {
      running = null;
    }));
  return {
    /** A run now, or the one under way. */
    now,
    /** Runs now, then every `everyMs` (the timer keeps no process alive). */
    start() {
      timer ??= setInterval(() => void now(), everyMs).unref();
      void now();
    },
    /** No more runs; resolves once the one under way has ended. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
