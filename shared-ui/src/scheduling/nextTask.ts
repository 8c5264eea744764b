// Work split into tasks of the main thread: between two steps the browser paints, answers input
// and runs what is more urgent, so that no step of a page's start becomes one long task (a slow
// phone's blocking time). Its own entry (@site/shared-ui/next-task), imported without the rest
// of shared-ui: the shell's start awaits it before shared-ui itself is evaluated.

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (the rest of the work
 * keeps its place ahead of other queued tasks), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
