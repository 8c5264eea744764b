/**
 * @jest-environment node
 */
import { sendContactMessage } from './publicCalls';

afterEach(() => jest.restoreAllMocks());

// The key itself, one per submission and the same on its retries, is the form's: ContactForm.test.tsx.
it('sends a contact message to POST /contact with the idempotency key it is given as its Idempotency-Key header, and reads the answer', async () => {
  const fetched = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify({ id: 'msg-1' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
  const message = { firstname: 'Ana', lastname: 'Pop', email: 'ana@example.com', subject: 'Întrebare', message: 'Bună ziua' };
  expect(await sendContactMessage(message, 'key-of-one-submission')).toEqual({ ok: true, data: { id: 'msg-1' } });
  await sendContactMessage(message, 'key-of-another-submission');
  const sent = fetched.mock.calls.map(([url, init]) => ({
    url: String(url).replace(/^.*(?=\/contact$)/, ''),
    method: init?.method,
    key: new Headers(init?.headers).get('Idempotency-Key'),
    body: JSON.parse(String(init?.body)) as unknown,
  }));
  expect(sent).toEqual([
    { url: '/contact', method: 'POST', key: 'key-of-one-submission', body: message },
    { url: '/contact', method: 'POST', key: 'key-of-another-submission', body: message },
  ]);
});
