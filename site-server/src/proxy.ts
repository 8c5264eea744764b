// Behind a proxy (a TLS terminator, a load balancer): TRUST_PROXY names the proxies whose
// X-Forwarded-Proto and X-Forwarded-For are believed, as a comma-separated list of addresses and
// CIDR ranges (`10.0.0.0/8, ::1`; `loopback` for 127.0.0.0/8 and ::1). Unset, the default, none
// is: the headers are anyone's to write, and a visitor's connection is the one the server sees.
// A request from a trusted proxy is as the proxy says: HTTPS when its X-Forwarded-Proto (the last
// value, the one it wrote) is `https`, from the nearest address of X-Forwarded-For that is not a
// trusted proxy's. Cookies are Secure whenever the visitor's connection is HTTPS (secureCookies).
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

import { siteEnv, type Env } from './config';

export interface TrustedProxies {
  trusts(address: string | null | undefined): boolean;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket reports one) read as IPv4. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** The proxies TRUST_PROXY names; a value that is no address or range refuses the start (a typo must not trust nobody silently). */
export function trustedProxies(setting: string | undefined): TrustedProxies {
  const list = new BlockList();
  let any = false;
  for (const entry of (setting ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    any = true;
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const bits = prefix === undefined ? null : Number(prefix);
    const family = familyOf(address);
    if (isIP(address) === 0 || (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 'ipv6' ? 128 : 32)))) {
      throw new Error(`TRUST_PROXY must list the proxies' addresses or CIDR ranges, separated by commas, or "loopback" (it has "${entry}")`);
    }
    if (bits === null) list.addAddress(address, family);
    else list.addSubnet(address, bits, family);
  }
  return {
    trusts: (address) => {
      if (!any || !address) return false;
      const read = plain(address);
      return isIP(read) !== 0 && list.check(read, familyOf(read));
    },
  };
}

let cached: { setting: string | undefined; proxies: TrustedProxies } | null = null;
/** The proxies this server trusts (TRUST_PROXY, read once per value). */
export function trustedProxy(env: Env = siteEnv()): TrustedProxies {
  if (cached === null || cached.setting !== env.TRUST_PROXY) cached = { setting: env.TRUST_PROXY, proxies: trustedProxies(env.TRUST_PROXY) };
  return cached.proxies;
}

/** The address the request came from: the socket's (the Node server's request, Hono's env), or null (a request made in-process). */
const peerOf = (c: Context): string | null => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? null;

const lastValue = (header: string | undefined) => header?.split(',').at(-1)?.trim().toLowerCase();

/** Whether the visitor's connection is HTTPS: its own, or as a trusted proxy says. */
export function visitorUsesHttps(c: Context, proxies: TrustedProxies = trustedProxy()): boolean {
  if (proxies.trusts(peerOf(c))) {
    const forwarded = lastValue(c.req.header('X-Forwarded-Proto'));
    if (forwarded) return forwarded === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** The visitor's address: the socket's, or, from a trusted proxy, the nearest X-Forwarded-For entry that is not a trusted proxy. */
export function visitorAddress(c: Context, proxies: TrustedProxies = trustedProxy()): string | null {
  let address = peerOf(c);
  if (!proxies.trusts(address)) return address;
  const hops = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (hops.length > 0 && proxies.trusts(address)) {
    const hop = hops.pop()!;
    if (isIP(plain(hop)) === 0) break;
    address = hop;
  }
  return address;
}
