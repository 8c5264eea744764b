/**
 * The global middleware's list (globalMiddleware in src/app.ts: request id, request log and
 * metrics, headers, deadline) built up one part at a time, in its order: each step is the one
 * before it plus one part, the last the whole list. bench/load.ts measures them
 * (BENCH_TARGETS=bare,middleware-steps), bench/bare.ts serves one (BARE_MIDDLEWARE_STEP).
 */
export const MIDDLEWARE_STEPS = {
  'middleware-request-id': { parts: 1, logLine: false },
  // The request log measures the request and gives its figures to the metrics; its line is not written.
  'middleware-metrics': { parts: 2, logLine: false },
  'middleware-log': { parts: 2, logLine: true },
  'middleware-headers': { parts: 3, logLine: true },
  middleware: { parts: 4, logLine: true },
} as const;

export type MiddlewareStep = keyof typeof MIDDLEWARE_STEPS;

/** The steps in their order. */
export const middlewareSteps = Object.keys(MIDDLEWARE_STEPS) as MiddlewareStep[];

export const isMiddlewareStep = (name: string): name is MiddlewareStep => Object.hasOwn(MIDDLEWARE_STEPS, name);
