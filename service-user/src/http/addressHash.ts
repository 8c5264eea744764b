import { createHmac } from 'node:crypto';
import { DAY_MS } from '../contract/retention';

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
