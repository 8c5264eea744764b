import { Hono } from 'hono';
import { trustedProxies, trustedProxy, visitorAddress } from './proxy';
import { visitorIdOf } from './visitor';

/** A request as the Node server hands it to the app: its socket's address in the env. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

const app = new Hono().get('/', (c) => {
  visitorIdOf(c);
  return c.text(String(visitorAddress(c)));
});

describe('TRUST_PROXY', () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });
  const visitorCookie = async (remoteAddress: string, headers: Record<string, string>) => {
    const response = await app.request('http://site.example/', { headers }, from(remoteAddress));
    return { cookie: response.headers.get('Set-Cookie') ?? '', address: await response.text() };
  };
  const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9, 10.0.0.2' };

  it("makes the visitor's cookies Secure when a configured proxy says the visitor's connection is HTTPS, and reads its address", async () => {
    process.env.TRUST_PROXY = '10.0.0.0/8';
    const { cookie, address } = await visitorCookie('10.0.0.1', forwarded);
    expect(cookie).toMatch(/; Secure/);
    expect(address).toBe('203.0.113.9');
    // An IPv4 proxy on a dual-stack socket.
    expect((await visitorCookie('::ffff:10.0.0.1', forwarded)).cookie).toMatch(/; Secure/);
    expect((await visitorCookie('10.0.0.1', { 'X-Forwarded-Proto': 'http' })).cookie).not.toMatch(/Secure/);
  });

  it('believes nobody by default, nor anyone the setting does not name', async () => {
    delete process.env.TRUST_PROXY;
    expect(await visitorCookie('10.0.0.1', forwarded)).toEqual({ cookie: expect.not.stringMatching(/Secure/), address: '10.0.0.1' });
    process.env.TRUST_PROXY = '10.0.0.0/8';
    expect(await visitorCookie('192.0.2.7', forwarded)).toEqual({ cookie: expect.not.stringMatching(/Secure/), address: '192.0.2.7' });
  });

  it('reads loopback, addresses and ranges of both families, and refuses anything else at the start', () => {
    const proxies = trustedProxies('loopback, 192.0.2.1, 2001:db8::/32');
    expect(['127.0.0.1', '::1', '192.0.2.1', '2001:db8::5'].map(proxies.trusts)).toEqual([true, true, true, true]);
    expect(['192.0.2.2', '10.0.0.1', '', 'nonsense'].map(proxies.trusts)).toEqual([false, false, false, false]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/x']) expect(() => trustedProxies(bad)).toThrow(/TRUST_PROXY must list/);
    expect(() => trustedProxy({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
