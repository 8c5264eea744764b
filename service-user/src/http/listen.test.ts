import { Hono } from 'hono';
import { listenGracefully } from './listen';

it('finishes the requests in flight before it closes, and accepts no new ones', async () => {
  let release!: () => void;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const app = new Hono().get('/slow', async (c) => {
    markStarted();
    await new Promise<void>((resolve) => (release = resolve));
    return c.json({ finished: true });
  });
  const server = await listenGracefully(app, { port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${server.port}/slow`;

  const inFlight = fetch(url);
  await started;
  let closed = false;
  const closing = server.close().then(() => (closed = true));

  await expect(fetch(url)).rejects.toThrow();
  expect(closed).toBe(false);

  release();
  expect(await (await inFlight).json()).toEqual({ finished: true });
  await closing;
  expect(closed).toBe(true);
});
