import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, UnsecuredJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface VerifiedUser {
  uid: string;
  email: string | null;
  /** Firebase checked that the user owns the address (only then is data kept under it shown as theirs). */
  emailVerified?: boolean;
  /** When the user last signed in (seconds): deleting the account asks for a recent sign-in. */
  authTime?: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedUser>;

/** Why a token was refused; the code is what the client sees with the 401. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(
    readonly code: 'token_expired' | 'token_invalid' | 'token_claims_unusable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The keys that verify tokens could not be had (Google's key set unreachable, slow or broken):
 * the fault is ours, not the user's session, so the client is told to retry, not to sign in again.
 */
export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}

const CLOCK_TOLERANCE_S = 5;
/** Firebase ID tokens live one hour; a longer-lived one was not minted by Firebase. */
const MAX_TOKEN_LIFETIME_S = 3600;

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// A lone surrogate (half of a UTF-16 pair) has no UTF-8 form: a driver would store another character in its place.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL cannot keep this text as it is (a text column refuses NUL), or null when it can. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'half of a UTF-16 surrogate pair';
  return null;
}

/**
 * What the service takes from a token is input like any other: the uid scopes every query, the
 * email is stored and compared. Checked here, once, before any query sees it: a claim the
 * database cannot store refuses the token (401), instead of failing the query (a 500).
 */
function checkStorableClaims(payload: JWTPayload): void {
  for (const claim of ['sub', 'email', 'name'] as const) {
    const value = payload[claim];
    const why = typeof value === 'string' ? unstorable(value) : null;
    if (why) throw new InvalidTokenError('token_claims_unusable', `its ${claim === 'sub' ? 'user id (sub)' : claim} holds ${why}`);
  }
}

function checkClaims(payload: JWTPayload): VerifiedUser {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new InvalidTokenError('token_invalid', 'the token has no subject');
  }
  checkStorableClaims(payload);
  const now = Date.now() / 1000;
  const authTime = payload.auth_time;
  if (!isTime(authTime) || authTime > now + CLOCK_TOLERANCE_S) {
    throw new InvalidTokenError('token_invalid', 'the token has no valid auth_time');
  }
  const { iat, exp } = payload;
  if (!isTime(iat) || iat > now + CLOCK_TOLERANCE_S) throw new InvalidTokenError('token_invalid', 'the token has no valid iat');
  if (!isTime(exp)) throw new InvalidTokenError('token_invalid', 'the token has no exp');
  if (exp - iat > MAX_TOKEN_LIFETIME_S) throw new InvalidTokenError('token_invalid', 'the token lives longer than an hour');
  return {
    uid: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : null,
    emailVerified: payload.email_verified === true,
    authTime,
  };
}

function translate(error: unknown): never {
  if (error instanceof InvalidTokenError || error instanceof IdentityUnavailableError) throw error;
  if (error instanceof errors.JWTExpired) throw new InvalidTokenError('token_expired', 'the token has expired');
  throw new InvalidTokenError('token_invalid', 'the token could not be verified');
}

/**
 * Google's key set behind a getter that tells a missing key (the token's fault: 401) from a key
 * set that could not be fetched or read (ours: 503, logged).
 */
/** Where a key set that cannot be fetched is reported (the service's pino logger). */
export type IdentityLog = { error(details: object, message: string): void };
const consoleLog: IdentityLog = { error: (details, message) => console.error(message, details) };

function remoteKeys(jwksUrl: string, log: IdentityLog): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUrl));
  const isEmpty = () => remote.jwks()?.keys.length === 0;
  return async (header, token) => {
    try {
      // An empty set is never kept (jose would for 30 s): the next request asks again.
      if (isEmpty()) await remote.reload();
      return await remote(header, token);
    } catch (error) {
      // No key at all is Google's outage, not the token's fault.
      if (error instanceof errors.JWKSNoMatchingKey && isEmpty()) {
        log.error({}, `the key set at ${jwksUrl} has no key`);
        throw new IdentityUnavailableError('the key set that verifies tokens is empty', { cause: error });
      }
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      log.error({ err: error }, `the key set at ${jwksUrl} could not be fetched`);
      throw new IdentityUnavailableError('the key set that verifies tokens could not be fetched', { cause: error });
    }
  };
}

/**
 * Firebase ID tokens. Production: RS256 signatures against Google's published keys (fetched
 * once and cached by jose), issuer https://securetoken.google.com/<projectId>, audience
 * <projectId>, exp, iat (not in the future, at most an hour before exp), auth_time and subject.
 * Emulator: the emulator signs nothing (alg none); the same claims are still checked. Which one
 * is decided by configuration, never by the token.
 */
export function createTokenVerifier(options: { projectId: string; emulator: boolean; jwksUrl?: string; keys?: JWTVerifyGetKey; log?: IdentityLog }): TokenVerifier {
  const issuer = `https://securetoken.google.com/${options.projectId}`;
  const audience = options.projectId;

  if (options.emulator) {
    return async (token) => {
      try {
        const { payload } = UnsecuredJWT.decode(token, { issuer, audience, clockTolerance: CLOCK_TOLERANCE_S });
        return checkClaims(payload);
      } catch (error) {
        return translate(error);
      }
    };
  }

  const keys = options.keys ?? remoteKeys(options.jwksUrl as string, options.log ?? consoleLog);
  return async (token) => {
    try {
      if (decodeProtectedHeader(token).alg !== 'RS256') throw new InvalidTokenError('token_invalid', 'the token is not signed with RS256');
      const { payload } = await jwtVerify(token, keys, { issuer, audience, algorithms: ['RS256'], clockTolerance: CLOCK_TOLERANCE_S });
      return checkClaims(payload);
    } catch (error) {
      return translate(error);
    }
  };
}
