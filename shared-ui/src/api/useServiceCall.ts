import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSessionUid } from '../session/session';
import { SLOW_CALL_MS, withTimeLimit, type CallFailure, type CallResult, type ServiceCall } from './callResult';
import { claimHandedOver, isHandedOver } from './handedOver';
import { failureOf, ServiceCallFailure, userQueryKey } from './queryClient';

export type CallState<T> = { status: 'loading'; slow: boolean } | { status: 'failed'; failure: CallFailure; code: string | null } | { status: 'done'; data: T };

export type ActionState<T> = { status: 'idle' } | { status: 'working' } | CallState<T>;

/** Runs a call under the time limit, throwing its failure (as TanStack Query expects of a query or a mutation). */
async function answerOrThrow<T>(call: ServiceCall<T>, cancel?: AbortSignal): Promise<T> {
  const result = await withTimeLimit(call, cancel);
  if (!result.ok) throw new ServiceCallFailure(result.failure, result.code);
  return result.data;
}

/** True once a wait has lasted SLOW_CALL_MS; false again when it ends (each new wait counts afresh). */
export function useTakingLonger(waiting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CALL_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [waiting]);
  return waiting && slow;
}

/**
 * Reads from the user service (a TanStack query, keyed by the signed-in user's uid and `key`):
 * loading (and, after SLOW_CALL_MS, "slow"), then the answer, or a failure that retry() runs
 * again, under the time limit. Each mount reads afresh: what a page shows, and what the trial
 * guard decides on, is never an answer from before a change the user made on another page.
 * With `enabled` false nothing is asked (the state stays "loading"). `answered`: an answer already
 * read for this mount (sent ahead of it, while the session was not yet known): it stands as the
 * read's, and nothing is asked. So does an answer the server handed over with a signed-in page it
 * drew (./handedOver.ts), for the first read of it that mounts: the page hydrates as drawn.
 *
 * A change of state is drawn in a transition (useDeferredValue): TanStack Query hands it over
 * through useSyncExternalStore, which React renders at once, in the task the answer arrived in;
 * what an answer draws (a whole tab, or the page a guard lets through) is then one long task on a
 * slow phone. Deferred, React draws it yielding to the browser between components, the previous
 * state shown until then.
 */
export function useServiceRead<T>(key: string, call: ServiceCall<T>, { enabled = true, answered }: { enabled?: boolean; answered?: T } = {}) {
  const uid = useSessionUid();
  const queryKey = userQueryKey(uid, key);
  const client = useQueryClient();
  // Decided when the read mounts, for the key it mounted with: the answer in the query client was
  // handed over for it. (Another user's key, should the session change to them, is read.)
  const [handedOverKey] = useState(() => (isHandedOver(queryKey) && client.getQueryData(queryKey) !== undefined ? hashKey(queryKey) : null));
  const handedOver = handedOverKey === hashKey(queryKey);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => answerOrThrow(call, signal),
    enabled: enabled && answered === undefined && !handedOver,
  });
  useEffect(() => {
    if (handedOver) claimHandedOver(queryKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key of the mount's answer, claimed once
  }, [handedOver]);
  const fresh = query.status === 'success' && query.isFetchedAfterMount;
  const given = answered !== undefined || (handedOver && query.status === 'success');
  const waiting = !given && !fresh && (query.isFetching || query.status === 'pending');
  const slow = useTakingLonger(waiting);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const status = given && !fresh ? 'answered' : fresh ? 'fresh' : waiting ? 'loading' : 'failed';
  const data = status === 'answered' ? (answered !== undefined ? answered : (query.data as T)) : status === 'fresh' ? (query.data as T) : undefined;
  const { failure, code } = failureOf(query.error);
  // One object per state (not per render): the deferred value changes only when the state does.
  const state = useMemo((): CallState<T> => {
    if (status === 'answered' || status === 'fresh') return { status: 'done', data: data as T };
    if (status === 'loading') return { status: 'loading', slow };
    return { status: 'failed', failure, code };
  }, [status, data, slow, failure, code]);
  // When the answer drawn was given (the server's read, for one it handed over): what it says of time
  // is worked out as of then, the same on the server and in the browser that hydrates it.
  const answeredAt = status === 'answered' || status === 'fresh' ? query.dataUpdatedAt || undefined : undefined;
  return { state: useDeferredValue(state), retry, answeredAt };
}

/**
 * A call the user starts (unlink, checkout, a deletion: a TanStack mutation): idle, working,
 * then the answer or a failure, under the time limit. run() answers the call's result too.
 */
export function useServiceAction<T>() {
  const mutation = useMutation<T, unknown, ServiceCall<T>>({ mutationFn: (call) => answerOrThrow(call) });
  const { mutateAsync } = mutation;
  const run = useCallback(
    (call: ServiceCall<T>): Promise<CallResult<T>> =>
      mutateAsync(call).then(
        (data): CallResult<T> => ({ ok: true, data }),
        (error: unknown): CallResult<T> => ({ ok: false, ...failureOf(error) }),
      ),
    [mutateAsync],
  );
  let state: ActionState<T>;
  if (mutation.status === 'idle') state = { status: 'idle' };
  else if (mutation.status === 'pending') state = { status: 'working' };
  else if (mutation.status === 'success') state = { status: 'done', data: mutation.data };
  else state = { status: 'failed', ...failureOf(mutation.error) };
  return { state, run };
}
