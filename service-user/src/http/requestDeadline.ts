import type { MiddlewareHandler } from 'hono';
import { withDeadline } from '../db/database';

/**
 * Bounds each request's database work: past `ms` its statement in flight is cancelled and no new
 * one starts, and the answer is sent once the handler has stopped, so a 503 `timeout` never hides
 * a write that was committed after it (hono's `timeout` answered while the handler went on).
 */
export const requestDeadline =
  (ms: number): MiddlewareHandler =>
  (c, next) =>
    withDeadline(ms, next);
