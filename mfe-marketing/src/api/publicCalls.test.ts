/**
 * @jest-environment node
 */
import { sendContactMessage } from './publicCalls';

afterEach(() => jest.restoreAllMocks());

it("sends a contact message with its submission's idempotency key, the same on a retry", async () => {
  const fetched = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify({ id: 'msg-1' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
  const message = { firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: 'Întrebare', message: 'Bună ziua' };
  expect(await sendContactMessage(message, 'key-of-one-submission')).toEqual({ ok: true, data: { id: 'msg-1' } });
  await sendContactMessage(message, 'key-of-one-submission');
  expect(fetched).toHaveBeenCalledTimes(2);
  for (const [url, init] of fetched.mock.calls) {
    expect(String(url)).toMatch(/\/contact$/);
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('key-of-one-submission');
    expect(JSON.parse(String(init?.body))).toEqual(message);
  }
});
