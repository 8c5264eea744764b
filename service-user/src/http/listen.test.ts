import { Hono } from 'hono';
import { listenGracefully } from './listen';

it('keeps answering while a request is in flight, then finishes it and accepts no new connection', async () => {
  let release!: () => void;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const app = new Hono()
    .get('/slow', async (c) => {
      markStarted();
      await new Promise<void>((resolve) => (release = resolve));
      return c.json({ finished: true });
    })
    .get('/quick', (c) => c.json({ quick: true }));
  const server = await listenGracefully(app, { port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${server.port}`;

  const inFlight = fetch(`${url}/slow`);
  await started;
  let closed = false;
  const closing = server.close().then(() => (closed = true));

  // A load balancer that has not yet seen readiness go off still gets an answer, told to reconnect.
  const late = await fetch(`${url}/quick`);
  expect(await late.json()).toEqual({ quick: true });
  expect(late.headers.get('Connection')).toBe('close');
  expect(closed).toBe(false);

  release();
  expect(await (await inFlight).json()).toEqual({ finished: true });
  await closing;
  expect(closed).toBe(true);
  await expect(fetch(`${url}/quick`)).rejects.toThrow();
});
