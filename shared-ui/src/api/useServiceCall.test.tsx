import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CALL_TIME_LIMIT_MS, SLOW_CALL_MS, type CallResult, type ServiceCall } from './callResult';
import { adoptHandedOverAnswers, forgetHandedOverAnswers, handOverAnswers } from './handedOver';
import { createSiteQueryClient, userQueryKey } from './queryClient';
import { useServiceAction, useServiceRead } from './useServiceCall';

// The session's uid as a read keys it (null: nobody known), changed by the tests that need another.
let mockUid: string | null = null;
jest.mock('../session/session', () => ({ ...jest.requireActual('../session/session'), useSessionUid: () => mockUid }));
afterEach(() => {
  mockUid = null;
});

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

describe("an answer the server handed over with a signed-in page it drew (TanStack Query's dehydrate and hydrate)", () => {
  afterEach(() => forgetHandedOverAnswers());

  /** The server's side: the answers in its render's client; the browser's: a fresh client hydrated with them. */
  function handedOver(answers: Record<string, unknown>, uid: string | null = null) {
    const state = JSON.parse(JSON.stringify(handOverAnswers(createSiteQueryClient(), uid as string, answers)));
    forgetHandedOverAnswers();
    const browser = withClient();
    adoptHandedOverAnswers(browser.client, state);
    return browser;
  }

  it('is drawn by the first read of it that mounts, at once, and nothing is asked', () => {
    const call = jest.fn(never);
    const { result } = renderHook(() => useServiceRead('get-device-info', call), handedOver({ 'get-device-info': { deviceId: 'd1', deviceName: 'Pixel' } }));
    expect(result.current.state).toEqual({ status: 'done', data: { deviceId: 'd1', deviceName: 'Pixel' } });
    expect(call).not.toHaveBeenCalled();
  });

  it('stands for that first read only: a read of it that mounts later (the tab opened again) asks afresh', async () => {
    const browser = handedOver({ 'get-device-info': { deviceId: 'd1', deviceName: 'Pixel' } });
    const first = renderHook(() => useServiceRead('get-device-info', jest.fn(never)), browser);
    await act(async () => undefined);
    first.unmount();
    const call = jest.fn(async () => ({ ok: true as const, data: { deviceId: 'd2', deviceName: 'Galaxy' } }));
    const again = renderHook(() => useServiceRead('get-device-info', call), browser);
    await act(async () => undefined);
    expect(call).toHaveBeenCalledTimes(1);
    expect(again.result.current.state).toEqual({ status: 'done', data: { deviceId: 'd2', deviceName: 'Galaxy' } });
  });

  it('is read afresh on retry', async () => {
    const call = jest.fn(async () => ({ ok: true as const, data: 'fresh' }));
    const { result } = renderHook(() => useServiceRead('get-user-info', call), handedOver({ 'get-user-info': 'handed over' }));
    expect(result.current.state).toEqual({ status: 'done', data: 'handed over' });
    await act(async () => result.current.retry());
    expect(call).toHaveBeenCalledTimes(1);
    expect(result.current.state).toEqual({ status: 'done', data: 'fresh' });
  });

  it("is not another read's, nor another user's: a read the server did not make asks", async () => {
    const call = jest.fn(never);
    const { result } = renderHook(() => useServiceRead('get-subscription-info', call), handedOver({ 'get-device-info': 'the device' }));
    await act(async () => undefined);
    expect(result.current.state).toEqual({ status: 'loading', slow: false });
    expect(call).toHaveBeenCalledTimes(1);
    const other = handedOver({ 'get-device-info': "another user's device" }, 'uid-other');
    const read = renderHook(() => useServiceRead('get-device-info', jest.fn(never)), other);
    expect(read.result.current.state).toEqual({ status: 'loading', slow: false });
  });
});

describe('a handed-over answer and a session that changes', () => {
  afterEach(() => forgetHandedOverAnswers());

  it("reads another user's answer when the session turns out to be theirs (the read mounted with the first user's key)", async () => {
    const state = JSON.parse(JSON.stringify(handOverAnswers(createSiteQueryClient(), 'uid-a', { 'get-device-info': "A's phone" })));
    forgetHandedOverAnswers();
    const browser = withClient();
    adoptHandedOverAnswers(browser.client, state);
    mockUid = 'uid-a';
    const call = jest.fn(async () => ({ ok: true as const, data: "B's phone" }));
    const { result, rerender } = renderHook(() => useServiceRead('get-device-info', call), browser);
    expect(result.current.state).toEqual({ status: 'done', data: "A's phone" });
    mockUid = 'uid-b';
    rerender();
    await act(async () => undefined);
    expect(call).toHaveBeenCalledTimes(1);
    expect(result.current.state).toEqual({ status: 'done', data: "B's phone" });
  });

  it('gives when the answer drawn was read: for a handed-over one, the time the server read it', () => {
    const client = createSiteQueryClient();
    const state = JSON.parse(JSON.stringify(handOverAnswers(client, null as unknown as string, { 'get-subscription-info': 'plan' })));
    const readAt = client.getQueryState(userQueryKey(null, 'get-subscription-info'))!.dataUpdatedAt;
    forgetHandedOverAnswers();
    const browser = withClient();
    adoptHandedOverAnswers(browser.client, state);
    const { result } = renderHook(() => useServiceRead('get-subscription-info', jest.fn(never)), browser);
    expect(result.current.answeredAt).toBe(readAt);
  });
});
