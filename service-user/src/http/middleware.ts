import { createHash, timingSafeEqual } from 'node:crypto';
import { zValidator } from '@hono/zod-validator';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { rateLimiter } from 'hono-rate-limiter';
import type { ZodType } from 'zod';
import { IdentityUnavailableError, InvalidTokenError, type TokenVerifier } from '../identity/verifyIdToken';
import type { AppEnv, Deps } from './env';
import { ApiError, errorBody, RETRY_AFTER_SECONDS } from './errors';
import { databaseRateLimitStore } from '../store/rateLimits';
import { addressHasher } from './addressHash';
import { answeringRoute } from './logging';
import { requestHeader } from './nodeMessages';

/**
 * Authorization: Bearer <Firebase ID token>. Cookies are never read (no cross-site request
 * forgery to defend against). Sets c.var.user for the routes, which scope every query to it.
 */
export function requireUser(verifyToken: TokenVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = requestHeader(c, 'authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) throw new ApiError(401, 'token_missing', 'Sign in first: the Authorization header must carry a Bearer token.');
    try {
      c.set('user', await verifyToken(match[1] as string));
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        const message =
          error.code === 'token_expired'
            ? 'Your session has expired. Please sign in again.'
            : error.code === 'token_claims_unusable'
              ? `The sign-in token cannot be used: ${error.message}.`
              : 'The sign-in token is not valid.';
        throw new ApiError(401, error.code, message);
      }
      if (error instanceof IdentityUnavailableError) {
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ApiError(503, 'identity_unavailable', 'Sign-in cannot be checked right now. Please try again in a moment.');
      }
      throw error;
    }
    await next();
  };
}

/** Bodies are JSON: anything else is refused before it is read. */
export const requireJson: MiddlewareHandler = async (c, next) => {
  const type = requestHeader(c, 'content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  await next();
};

/**
 * Refuses a body over maxSize bytes with 413, before it is read. Each route that reads a body sets
 * its own. The rest of the body is never read, so the connection cannot carry another request:
 * `Connection: close` tells the client to open a new one.
 */
export const limitBody = (maxSize: number): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody('payload_too_large', 'The request body is too large.'), 413, { Connection: 'close' }),
  });

/** Validates a JSON body with zod at the edge; a failure is a 400 that names the fields. */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator('json', schema, (result) => {
    if (!result.success) {
      const fields = result.error.issues.map((i) => i.path.join('.') || '(body)').join(', ');
      throw new ApiError(400, 'invalid_body', `Invalid or missing fields: ${fields}.`);
    }
  });

/**
 * The client's address. Behind `trustedProxies` proxies, each of which appends the address it
 * received the request from to X-Forwarded-For, the client is the entry that many from the right;
 * entries further left are written by the client and prove nothing.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const entries = (c.req.header('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim());
    const forwarded = entries[Math.max(0, entries.length - trustedProxies)];
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A limit of `limit` calls per `windowMs` for each key. On PostgreSQL the counters are in the
 * database, shared by every replica and kept across restarts; PGlite runs as one process, so its
 * counters stay in memory. Each `prefix` counts apart.
 */
function rateLimit<E extends Env>(
  { metrics, db }: Pick<Deps, 'metrics' | 'db'>,
  { prefix, limit, key, message }: { prefix: string; limit: { limit: number; windowMs: number }; key: (c: Context<E>) => string; message: string },
): MiddlewareHandler<E> {
  return rateLimiter<E>({
    ...(db.kind === 'postgres' ? { store: databaseRateLimitStore<E>(db, prefix) } : {}),
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-7',
    keyGenerator: key,
    handler: (c) => {
      metrics.rateLimitRefused(answeringRoute(c));
      return c.json(errorBody('rate_limited', message), 429);
    },
  });
}

/** Per-client limit for the calls anyone can make without signing in (a client is its address, kept hashed under a key). */
export function publicRateLimit(
  { config, metrics, db }: Pick<Deps, 'config' | 'metrics' | 'db'>,
  // A call with a budget of its own (the health beacons) counts apart, under its own prefix.
  { prefix = 'public', limit = config.publicRateLimit }: { prefix?: string; limit?: { limit: number; windowMs: number } } = {},
): MiddlewareHandler {
  // Counted under a keyed hash of the address (addressHash.ts): the counters name no client.
  const hash = addressHasher(config.addressHashSecret);
  return rateLimit({ metrics, db }, { prefix, limit, key: (c) => hash(clientAddress(c, config.trustProxy)), message: 'Too many requests. Please try again in a minute.' });
}

/**
 * Per-user limit for a signed-in call (after requireUser), wherever the user calls from. The
 * counters are keyed by a hash of the uid: nothing names the user once the window is over.
 */
export function userRateLimit(deps: Pick<Deps, 'metrics' | 'db'>, { prefix, limit }: { prefix: string; limit: { limit: number; windowMs: number } }): MiddlewareHandler<AppEnv> {
  return rateLimit<AppEnv>(deps, {
    prefix,
    limit,
    key: (c) => createHash('sha256').update(c.get('user').uid).digest('hex'),
    message: `Too many requests. Please try again in ${Math.ceil(limit.windowMs / 60_000)} minutes.`,
  });
}

// Digests of equal length, so the comparison takes the same time whatever the length presented.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * An operator's call (GET /metrics, GET /telemetry/summary): with its token configured it needs
 * `Authorization: Bearer <token>`; without it, it is open in local mode only, and elsewhere
 * answers 404 as if it were not there (fail closed).
 */
export function requireOperatorToken({ token, local, refusal }: { token?: string; local: boolean; refusal: { code: string; message: string } }): MiddlewareHandler {
  const expected = token ? digest(`Bearer ${token}`) : null;
  return async (c, next) => {
    if (!expected && !local) throw new ApiError(404, 'not_found', 'There is no such call.');
    if (expected && !timingSafeEqual(digest(c.req.header('Authorization') ?? ''), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, refusal.code, refusal.message);
    }
    await next();
  };
}
