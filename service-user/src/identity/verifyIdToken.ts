import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, UnsecuredJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface VerifiedUser {
  uid: string;
  email: string | null;
}

export type TokenVerifier = (token: string) => Promise<VerifiedUser>;

/** Why a token was refused; the code is what the client sees with the 401. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(
    readonly code: 'token_expired' | 'token_invalid',
    message: string,
  ) {
    super(message);
  }
}

const CLOCK_TOLERANCE_S = 5;

function checkClaims(payload: JWTPayload): VerifiedUser {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new InvalidTokenError('token_invalid', 'the token has no subject');
  }
  const authTime = payload.auth_time;
  if (typeof authTime !== 'number' || authTime > Date.now() / 1000 + CLOCK_TOLERANCE_S) {
    throw new InvalidTokenError('token_invalid', 'the token has no valid auth_time');
  }
  return { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : null };
}

function translate(error: unknown): never {
  if (error instanceof InvalidTokenError) throw error;
  if (error instanceof errors.JWTExpired) throw new InvalidTokenError('token_expired', 'the token has expired');
  throw new InvalidTokenError('token_invalid', 'the token could not be verified');
}

/**
 * Firebase ID tokens. Production: RS256 signatures against Google's published keys (fetched
 * once and cached by jose), issuer https://securetoken.google.com/<projectId>, audience
 * <projectId>, expiry, auth_time and subject. Emulator: the emulator signs nothing (alg none);
 * the same claims are still checked. Which one is decided by configuration, never by the token.
 */
export function createTokenVerifier(options: {
  projectId: string;
  emulator: boolean;
  jwksUrl?: string;
  keys?: JWTVerifyGetKey;
}): TokenVerifier {
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

  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl as string));
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
