/** @jest-environment node */
// The site's server following the service's page changes: a mark per user that holds only while
// nothing of that user's was heard to change, and no mark at all while the stream is not heard.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVERY_USER } from '@site/contract/page-changes';
import { followPageChanges, type PageChanges } from './pageChanges';

/** A service's /page-changes: each stream opened, to write events to or end; and what asked. */
async function changesService(answer: (request: IncomingMessage, response: ServerResponse) => boolean = () => true) {
  const streams: ServerResponse[] = [];
  const asked: (string | undefined)[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.headers.authorization);
    if (!answer(request, response)) return;
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.flushHeaders();
    streams.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const send = (event: string, data = '') => streams.at(-1)!.write(`event: ${event}\ndata: ${data}\n\n`);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, streams, asked, send };
}
const servers: Server[] = [];
const followers: PageChanges[] = [];
afterEach(async () => {
  for (const follower of followers.splice(0)) follower.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => (server.closeAllConnections(), server.close(done)))));
});

function follow(url: string, options: { silenceMs?: number } = {}) {
  const logged: string[] = [];
  const changes = followPageChanges({ serviceUrl: url, signRequest: async () => 'signed-request', log: (message) => logged.push(message), retryMs: [20, 40], ...options });
  followers.push(changes);
  return { changes, logged };
}

async function until(condition: () => boolean, what: string) {
  const giveUp = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it("marks nothing until the stream says it is ready; then a user's mark holds until a change of theirs, or everyone's, is heard", async () => {
  const service = await changesService();
  const { changes } = follow(service.url);
  // The first mark starts following; nothing is heard yet.
  expect(changes.mark('ana')).toBeNull();
  await until(() => service.streams.length === 1, 'the stream');
  expect(service.asked).toEqual(['Bearer signed-request']);
  expect(changes.mark('ana')).toBeNull();
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready');
  const ana = changes.mark('ana');
  const ion = changes.mark('ion');
  service.send('ping');
  service.send('changed', 'ion');
  await until(() => changes.mark('ion') !== ion, "ion's change");
  expect(changes.mark('ana')).toBe(ana);
  service.send('changed', 'ana');
  await until(() => changes.mark('ana') !== ana, "ana's change");
  const anaAfter = changes.mark('ana');
  const ionAfter = changes.mark('ion');
  service.send('changed', EVERY_USER);
  await until(() => changes.mark('ana') !== anaAfter, "everyone's change");
  expect(changes.mark('ion')).not.toBe(ionAfter);
});

it('never gives back a mark of before a change, however many users it forgets meanwhile', async () => {
  const service = await changesService();
  const changes = followPageChanges({ serviceUrl: service.url, signRequest: async () => 'signed-request', log: () => undefined, rememberedUsers: 2 });
  followers.push(changes);
  changes.mark('ana');
  await until(() => service.streams.length === 1, 'the stream');
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready');
  // Each user's marks given before their last change: none may come back, whoever was forgotten (two remembered at a time).
  const stale = new Map<string, Set<string>>();
  for (const user of ['ana', 'ion', 'eva', 'ana', 'dan', 'ion', 'ana', 'eva', 'dan', 'ana']) {
    const now = changes.mark(user)!;
    if (!stale.has(user)) stale.set(user, new Set());
    stale.get(user)!.add(now);
    service.send('changed', user);
    await until(() => changes.mark(user) !== now, `${user}'s change`);
    for (const [who, marks] of stale) expect(marks.has(changes.mark(who)!)).toBe(false);
  }
});

it('marks nothing once the stream ends, follows again, and no mark of the stream before holds on the next', async () => {
  const service = await changesService();
  const { changes, logged } = follow(service.url);
  changes.mark('ana');
  await until(() => service.streams.length === 1, 'the stream');
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready');
  const before = changes.mark('ana');
  // The service stops (or its replica lost its database's notifications): the stream ends.
  service.streams[0]!.end();
  await until(() => changes.mark('ana') === null, 'the end');
  expect(logged.join('\n')).toMatch(/not followed \(the service ended the stream\)/);
  await until(() => service.streams.length === 2, 'following again');
  expect(changes.mark('ana')).toBeNull();
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready again');
  expect(changes.mark('ana')).not.toBe(before);
});

it('takes a stream that says nothing for the silence for lost, even while its connection stays open', async () => {
  const service = await changesService();
  const { changes, logged } = follow(service.url, { silenceMs: 1_000 });
  changes.mark('ana');
  await until(() => service.streams.length === 1, 'the stream');
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready');
  // Pings keep it heard, for longer than the silence.
  for (let i = 0; i < 6; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    service.send('ping');
    expect(changes.mark('ana')).not.toBeNull();
  }
  // Then nothing: a stalled replica, a connection a proxy holds open.
  await until(() => changes.mark('ana') === null, 'silence');
  expect(logged.join('\n')).toMatch(/nothing heard for 1000 ms/);
});

it('marks nothing while the service refuses the request or cannot be reached, and says so once, not at every try', async () => {
  let refuse = true;
  const service = await changesService((_request, response) => {
    if (!refuse) return true;
    response.writeHead(401).end();
    return false;
  });
  const { changes, logged } = follow(service.url);
  changes.mark('ana');
  await until(() => service.asked.length >= 3, 'tries');
  expect(changes.mark('ana')).toBeNull();
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(/HTTP 401/);
  refuse = false;
  await until(() => service.streams.length === 1, 'the stream');
  service.send('ready');
  await until(() => changes.mark('ana') !== null, 'ready');
  const nowhere = follow('http://127.0.0.1:9');
  nowhere.changes.mark('ana');
  await until(() => nowhere.logged.length === 1, 'the failure said');
  expect(nowhere.logged[0]).toMatch(/could not be reached: ECONNREFUSED/);
  expect(nowhere.changes.mark('ana')).toBeNull();
});
