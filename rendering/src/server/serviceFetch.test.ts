/** @jest-environment node */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SERVICE_ANSWER_MAX_BYTES, serviceFetch } from './serviceFetch';

/** A stand-in user service: the requests it took, and its answers (a JSON read, an error with a body, one never answered in time). */
async function service() {
  const asked: { method: string; path: string; authorization: string | null; type: string | null; body: string }[] = [];
  const held: (() => void)[] = [];
  const app = new Hono()
    .post('/get-device-info', async (c) => {
      asked.push({
        method: c.req.method,
        path: c.req.path,
        authorization: c.req.header('Authorization') ?? null,
        type: c.req.header('Content-Type') ?? null,
        body: await c.req.text(),
      });
      return c.json({ deviceId: 'telefon-1', deviceName: 'Pixel' });
    })
    .post('/refused', (c) => c.json({ error: { code: 'unauthenticated', message: 'Sign in again.' } }, 401))
    .post('/huge', (c) => c.text('x'.repeat(SERVICE_ANSWER_MAX_BYTES + 1)))
    .post('/slow', () => new Promise<Response>((resolve) => held.push(() => resolve(new Response('{}')))));
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked,
    close: () => {
      for (const release of held.splice(0)) release();
      return new Promise((done) => server.close(done));
    },
  };
}

let running: Awaited<ReturnType<typeof service>>;
beforeEach(async () => {
  running = await service();
});
afterEach(() => running.close());

it('sends the method, headers (a Headers object too) and body, and reads the answer as fetch would', async () => {
  const headers = new Headers({ Authorization: 'Bearer jeton', 'Content-Type': 'application/json' });
  const answer = await serviceFetch(`${running.url}/get-device-info`, { method: 'POST', headers, body: '{"a":1}' });
  expect([answer.ok, answer.status]).toEqual([true, 200]);
  expect(await answer.json()).toEqual({ deviceId: 'telefon-1', deviceName: 'Pixel' });
  expect(running.asked).toEqual([{ method: 'POST', path: '/get-device-info', authorization: 'Bearer jeton', type: 'application/json', body: '{"a":1}' }]);
});

it('answers a refusal with its status and body, and the connection serves the next call', async () => {
  const refused = await serviceFetch(`${running.url}/refused`, { method: 'POST' });
  expect([refused.ok, refused.status]).toEqual([false, 401]);
  expect(JSON.parse(await refused.text())).toEqual({ error: { code: 'unauthenticated', message: 'Sign in again.' } });
  // Refusals whose bodies nobody reads hold no connection: many in a row, then a read still answers.
  for (let i = 0; i < 30; i += 1) await serviceFetch(`${running.url}/refused`, { method: 'POST' });
  expect((await serviceFetch(`${running.url}/get-device-info`, { method: 'POST' })).status).toBe(200);
});

it('refuses an answer larger than any the service gives, and the next call is answered', async () => {
  await expect(serviceFetch(`${running.url}/huge`, { method: 'POST' })).rejects.toThrow(/more than/);
  expect((await serviceFetch(`${running.url}/get-device-info`, { method: 'POST' })).status).toBe(200);
});

it('fails as fetch fails: past its signal, and when nothing listens', async () => {
  await expect(serviceFetch(`${running.url}/slow`, { method: 'POST', signal: AbortSignal.timeout(100) })).rejects.toThrow();
  await expect(serviceFetch('http://127.0.0.1:9/get-device-info', { method: 'POST' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});

it('makes a call again on a new connection when the kept one was closed by the service as it was reused', async () => {
  // A service that answers a connection's first request, keeps it open, and resets it when a
  // second request comes on it (what a kept connection closed at the service's idle timeout meets).
  let connections = 0;
  const sockets: Socket[] = [];
  const raw = createServer((socket) => {
    connections += 1;
    sockets.push(socket);
    let requests = 0;
    socket.on('data', () => {
      requests += 1;
      if (requests === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n{"ok":true}');
      else socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/get-user-info`;
  try {
    expect(await (await serviceFetch(url, { method: 'POST' })).json()).toEqual({ ok: true });
    expect(await (await serviceFetch(url, { method: 'POST' })).json()).toEqual({ ok: true });
    expect(connections).toBe(2);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => raw.close(done));
  }
});
