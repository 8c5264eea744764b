import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CALL_TIME_LIMIT_MS, SLOW_CALL_MS, type CallResult, type ServiceCall } from './callResult';
import { createSiteQueryClient, userQueryKey } from './queryClient';
import { useServiceAction, useServiceRead } from './useServiceCall';

const never: ServiceCall<string> = () => new Promise<CallResult<string>>(() => undefined);

function withClient() {
  const client = createSiteQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

afterEach(() => jest.useRealTimers());

describe('a read from the user service', () => {
  it('is loading, says so once it is slow, gives up at the time limit, and loads again on retry', async () => {
    jest.useFakeTimers();
    const call = jest.fn(never);
    const { result } = renderHook(() => useServiceRead('thing', call), withClient());
    expect(result.current.state).toEqual({ status: 'loading', slow: false });
    await act(() => jest.advanceTimersByTimeAsync(SLOW_CALL_MS));
    expect(result.current.state).toEqual({ status: 'loading', slow: true });
    await act(() => jest.advanceTimersByTimeAsync(CALL_TIME_LIMIT_MS));
    expect(result.current.state).toEqual({ status: 'failed', failure: 'unavailable', code: null });
    // The abort reached the request too.
    expect(call.mock.calls[0]![0].signal?.aborted).toBe(true);

    call.mockImplementation(async () => ({ ok: true, data: 'answer' }));
    await act(async () => result.current.retry());
    expect(result.current.state).toEqual({ status: 'done', data: 'answer' });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('says the failure the service gave, with its code', async () => {
    const { result } = renderHook(() => useServiceRead('thing', async () => ({ ok: false, failure: 'invalid', code: 'token_expired' })), withClient());
    await act(async () => undefined);
    expect(result.current.state).toEqual({ status: 'failed', failure: 'invalid', code: 'token_expired' });
  });

  it("is kept under the user's key, and forgotten when the client is cleared (the session's end)", async () => {
    const { client, wrapper } = withClient();
    renderHook(() => useServiceRead('thing', async () => ({ ok: true, data: 'answer' })), { wrapper });
    await act(async () => undefined);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['user-service', null, 'thing']]);
    act(() => client.clear());
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('draws its answer in a transition: the render in which the answer arrives still shows the loading state', async () => {
    const { client, wrapper } = withClient();
    // Each render: whether the answer is in the client yet, and the state the hook gives.
    const renders: [boolean, string][] = [];
    const { result } = renderHook(
      () => {
        const { state } = useServiceRead('thing', async () => ({ ok: true, data: 'answer' }));
        renders.push([client.getQueryData(userQueryKey(null, 'thing')) !== undefined, state.status]);
        return state;
      },
      { wrapper },
    );
    await act(async () => undefined);
    expect(result.current).toEqual({ status: 'done', data: 'answer' });
    // The urgent render (TanStack Query's store changed) keeps the previous state; the transition draws the answer.
    const arrived = renders.findIndex(([hasAnswer]) => hasAnswer);
    expect(renders[arrived]).toEqual([true, 'loading']);
    expect(renders.at(-1)).toEqual([true, 'done']);
  });

  it('asks nothing while it is not enabled', async () => {
    const call = jest.fn(never);
    const { result } = renderHook(() => useServiceRead('thing', call, { enabled: false }), withClient());
    await act(async () => undefined);
    expect(call).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('loading');
  });
});

describe('an action the user starts', () => {
  it('is idle, working, then done with its answer', async () => {
    let answer!: (result: CallResult<number>) => void;
    const { result } = renderHook(() => useServiceAction<number>(), withClient());
    expect(result.current.state).toEqual({ status: 'idle' });
    let settled!: Promise<CallResult<number>>;
    await act(async () => {
      settled = result.current.run(() => new Promise((resolve) => (answer = resolve)));
    });
    expect(result.current.state).toEqual({ status: 'working' });
    await act(async () => answer({ ok: true, data: 7 }));
    expect(result.current.state).toEqual({ status: 'done', data: 7 });
    expect(await settled).toEqual({ ok: true, data: 7 });
  });

  it('gives up at the time limit: a failure, answered to the caller too', async () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useServiceAction<number>(), withClient());
    let settled!: Promise<CallResult<number>>;
    await act(async () => {
      settled = result.current.run(() => new Promise<CallResult<number>>(() => undefined));
    });
    await act(() => jest.advanceTimersByTimeAsync(CALL_TIME_LIMIT_MS));
    expect(result.current.state).toEqual({ status: 'failed', failure: 'unavailable', code: null });
    expect(await settled).toEqual({ ok: false, failure: 'unavailable', code: null });
  });
});
