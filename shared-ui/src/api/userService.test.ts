/**
 * @jest-environment node
 */
import { createUserServiceClient } from './userService';

function recordingFetch(body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

it('posts to the user service with the current token as a Bearer header', async () => {
  const { calls, fetchImpl } = recordingFetch({ trialActivated: true });
  const client = createUserServiceClient(async () => 'token-123', { baseUrl: 'http://service.test', fetch: fetchImpl });
  const response = await client['get-user-info'].$post();
  expect(await response.json()).toEqual({ trialActivated: true });
  expect(calls[0]!.url).toBe('http://service.test/get-user-info');
  expect(calls[0]!.init.method).toBe('POST');
  expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer token-123');
  expect(calls[0]!.init.credentials).toBe('omit');
});

it('sends typed JSON bodies', async () => {
  const { calls, fetchImpl } = recordingFetch({ deviceId: 'p1', deviceName: 'Pixel' });
  const client = createUserServiceClient(async () => 't', { baseUrl: 'http://service.test', fetch: fetchImpl });
  await client['link-device'].$post({ json: { deviceId: 'p1', deviceName: 'Pixel' } });
  expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ deviceId: 'p1', deviceName: 'Pixel' });
});

it('sends no Authorization header when nobody is signed in', async () => {
  const { calls, fetchImpl } = recordingFetch({ subscribed: true });
  const client = createUserServiceClient(async () => null, { baseUrl: 'http://service.test', fetch: fetchImpl });
  await client.newsletter.$post({ json: { email: 'a@example.com' } });
  expect(new Headers(calls[0]!.init.headers).has('Authorization')).toBe(false);
});
