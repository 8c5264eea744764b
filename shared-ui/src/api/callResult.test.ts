/**
 * @jest-environment node
 */
import { runServiceCall } from './callResult';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('settling a call to the user service', () => {
  it('answers the data of a successful call', async () => {
    expect(await runServiceCall(async () => json(201, { id: '7' }))).toEqual({ ok: true, data: { id: '7' } });
  });

  it('names a refused rate limit, refused input and a failing service, with the error code', async () => {
    expect(await runServiceCall(async () => json(429, { error: { code: 'rate_limited', message: '' } }))).toEqual({ ok: false, failure: 'rate_limited', code: 'rate_limited' });
    expect(await runServiceCall(async () => json(400, { error: { code: 'invalid_body', message: '' } }))).toEqual({ ok: false, failure: 'invalid', code: 'invalid_body' });
    expect(await runServiceCall(async () => json(503, { error: { code: 'unavailable', message: '' } }))).toEqual({ ok: false, failure: 'unavailable', code: 'unavailable' });
  });

  it('turns a network error or an answer that is not JSON into a failure, never an exception', async () => {
    expect(
      await runServiceCall(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ ok: false, failure: 'unavailable', code: null });
    expect(await runServiceCall(async () => new Response('<html>', { status: 502 }))).toEqual({ ok: false, failure: 'unavailable', code: null });
  });
});
