/** @jest-environment node */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { ServiceReadName } from '@site/shared-ui/service-reads';
import { readForSignedInPage } from './signedInReads';

/** An ID token as the auth emulator makes them (unsigned: what the service verifies is not this test's). */
const tokenOf = (sub: string) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ exp: 4_000_000_000, sub })).toString('base64url')}.`;
const ana = tokenOf('uid-ana');
const ion = tokenOf('uid-ion');

/** A user service whose answers to POST /page-reads wait until released: every request it had, by token. */
async function heldService() {
  const asked: string[] = [];
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  const app = new Hono().post('/page-reads', async (c) => {
    asked.push(c.req.header('Authorization') ?? '');
    const { reads } = await c.req.json<{ reads: string[] }>();
    await held;
    return c.json(Object.fromEntries(reads.map((read) => [read, { read, answeredAt: asked.length }])));
  });
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  servers.push(server);
  releases.push(() => release());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    release: () => {
      release();
      held = Promise.resolve();
    },
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
  };
}
const servers: ServerType[] = [];
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

const READS = ['get-user-info', 'get-device-info'] as const;
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("a signed-in page's reads", () => {
  it("are asked of the service once for the same user's pages asked for at once, each user's for themselves, and afresh once answered", async () => {
    const service = await heldService();
    const read = (token: string, reads: readonly ServiceReadName[] = READS) => readForSignedInPage({ token, reads, serviceUrl: service.url, budgetMs: 5_000 });
    // Three of Ana's pages (the same reads, in any order) and one of Ion's, while the service holds its answers.
    const pages = [read(ana), read(ana, [...READS].reverse()), read(ion), read(ana)];
    await until(() => service.asked.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    service.release();
    expect([...service.asked].sort()).toEqual([`Bearer ${ana}`, `Bearer ${ion}`]);
    const [first, second, his, third] = await Promise.all(pages);
    expect(first).toMatchObject({ outcome: 'answered', user: { uid: 'uid-ana' } });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(his).toMatchObject({ outcome: 'answered', user: { uid: 'uid-ion' } });
    // Nothing kept once answered: Ana's next page asks again, and so do other reads of hers.
    service.hold();
    const next = [read(ana), read(ana, ['get-user-info', 'get-subscription-info'])];
    await until(() => service.asked.length >= 4);
    service.release();
    await Promise.all(next);
    expect(service.asked).toHaveLength(4);
  });
});
