import type { CallFailure, CallResult } from '@site/shared-ui';
import { useCallback, useEffect, useState } from 'react';
import { CALL_TIMEOUT_MS, SLOW_CALL_MS } from '../constants';
import type { AccountCall } from './accountCalls';

export type CallState<T> =
  | { status: 'loading'; slow: boolean }
  | { status: 'failed'; failure: CallFailure; code: string | null }
  | { status: 'done'; data: T };

/** Runs a call under a time limit: one still unanswered then is a failure ("unavailable"), never a wait forever. */
export async function callWithTimeout<T>(call: AccountCall<T>, cancel?: AbortSignal): Promise<CallResult<T>> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, CALL_TIMEOUT_MS);
  cancel?.addEventListener('abort', abort);
  try {
    return await call({ signal: controller.signal });
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', abort);
  }
}

const failed = <T,>(result: Extract<CallResult<T>, { ok: false }>): CallState<T> => ({ status: 'failed', failure: result.failure, code: result.code });

/**
 * Reads from the user service when the component mounts: loading (and, after a while, "slow"),
 * then the answer or a failure that retry() runs again. `call` must be stable (a module constant).
 */
export function useAccountCall<T>(call: AccountCall<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CallState<T>>({ status: 'loading', slow: false });
  useEffect(() => {
    const cancel = new AbortController();
    setState({ status: 'loading', slow: false });
    const slow = setTimeout(() => setState((s) => (s.status === 'loading' ? { status: 'loading', slow: true } : s)), SLOW_CALL_MS);
    void callWithTimeout(call, cancel.signal).then((result) => {
      clearTimeout(slow);
      if (!cancel.signal.aborted) setState(result.ok ? { status: 'done', data: result.data } : failed(result));
    });
    return () => {
      clearTimeout(slow);
      cancel.abort();
    };
  }, [call, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

export type ActionState<T> = { status: 'idle' } | { status: 'working' } | CallState<T>;

/** A call the user starts (unlink, checkout): idle, working, then the answer or a failure. */
export function useAccountAction<T>() {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const run = useCallback(async (call: AccountCall<T>): Promise<CallResult<T>> => {
    setState({ status: 'working' });
    const result = await callWithTimeout(call);
    setState(result.ok ? { status: 'done', data: result.data } : failed(result));
    return result;
  }, []);
  return { state, run };
}
