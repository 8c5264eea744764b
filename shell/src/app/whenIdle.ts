/** Runs work once the browser is idle (soon after, where requestIdleCallback is missing): never on the first paint's path. */
export function whenIdle(work: () => void): void {
  (window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1)))(work);
}
