import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import type { TokenVerifier, VerifiedUser } from './verifyIdToken';

/** Enough for every user signed in at once on a replica; each entry is a token (about 1 KB) and its user. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

/**
 * Remembers tokens that passed full verification until their `exp`, so a signed-in user's calls
 * after the first skip the RSA signature check. Keyed by the whole token: another token, even of
 * the same user, is verified afresh. A refused token is never remembered (its next try is checked
 * again), and nothing is remembered past `exp`, so what is served from here is what verification
 * would answer (Firebase ID tokens are not revocable before `exp` by a signature check either).
 */
export function cacheVerifiedTokens(
  verify: TokenVerifier,
  { maxEntries = TOKEN_CACHE_MAX_ENTRIES, clock = Date }: { maxEntries?: number; clock?: { now(): number } } = {},
): TokenVerifier {
  // ttlResolution 0: read the clock on every look-up, so no entry outlives its exp by a tick.
  const verified = new LRUCache<string, VerifiedUser>({ max: maxEntries, perf: clock, ttlResolution: 0 });
  return async (token) => {
    const cached = verified.get(token);
    if (cached) return cached;
    const user = await verify(token);
    // Verification passed, so the token is well formed and its exp is the one that was checked.
    const { exp } = decodeJwt(token);
    const ttl = typeof exp === 'number' ? exp * 1000 - clock.now() : 0;
    if (ttl > 0) verified.set(token, Object.freeze(user), { ttl });
    return user;
  };
}
