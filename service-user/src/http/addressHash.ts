import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { DAY_MS } from '@site/contract/retention';

/**
 * How a client address is kept (the rate limits' counters, the telemetry cap): HMAC-SHA256 under
 * a key derived from ADDRESS_HASH_SECRET for the current UTC day. The secret is never in the
 * database, so a copy of the tables gives no address (enumerating a /16 needs the key), and the
 * keys of two days differ, so a day's records cannot be linked to the next's. A window that spans
 * midnight starts afresh (at most one extra window's allowance, once a day).
 */
export function addressHasher(secret: string, now: () => number = Date.now) {
  let day = -1;
  let key: Buffer = Buffer.alloc(0);
  return (address: string): string => {
    const today = Math.floor(now() / DAY_MS);
    if (today !== day) {
      day = today;
      key = createHmac('sha256', secret).update(`client-address-key:${today}`).digest();
    }
    return createHmac('sha256', key).update(address).digest('base64url');
  };
}

export type AddressHasher = ReturnType<typeof addressHasher>;

/**
 * The network an address is in, as release health counts networks: the /24 of an IPv4 address
 * (an IPv4 address written as IPv6 included), the /48 of an IPv6 one; anything else as itself.
 */
export function networkOf(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(plain) !== 6) return plain;
  // The first three groups of the address written out in full.
  const [head = '', tail] = plain.toLowerCase().split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/48`;
}

/**
 * How release health keeps a network (networkOf): HMAC-SHA256 under a key derived from
 * ADDRESS_HASH_SECRET for this use. Not rotated by day, as the address hashes are, so that a
 * window over midnight still counts a network once; the hashes are deleted once the summary's
 * longest window has passed them (retention/sweep.ts).
 */
export function networkHasher(secret: string) {
  const key = createHmac('sha256', secret).update('client-network-key').digest();
  return (address: string): string => createHmac('sha256', key).update(networkOf(address)).digest('base64url');
}
