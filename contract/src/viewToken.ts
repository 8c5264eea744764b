// The view token: what makes a health beacon count. The site's server signs one with each page it
// serves (HMAC-SHA256, a JWS by jose) naming the deployments that page's visitor is given (each
// remote's version and cohort, from the remotes document in force), and sets it in a cookie beside
// the page, never in the page's HTML (the public pages stay cached); the shell sends it with its
// beacons; the service counts the events of a beacon only with a valid token, for a remote the
// token names, at most once per token, remote and kind. A forged, expired or replayed token, or an
// event for a remote or version the server never gave, changes no figure.
//
// Both sides share the secret (VIEW_TOKEN_SECRET). Local mode has a public default, refused
// elsewhere by the service's and the site's server's configuration alike.
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { COHORTS, TELEMETRY_REMOTES, VERSION_PATTERN, VIEW_TOKEN_MAX_LENGTH, VIEW_TOKEN_TTL_S, type Cohort, type TelemetryRemote } from './telemetry';

export { LOCAL_VIEW_TOKEN_SECRET, VIEW_TOKEN_COOKIE, VIEW_TOKEN_MAX_LENGTH, VIEW_TOKEN_TTL_S } from './telemetry';

export interface ViewDeployment {
  version: string;
  cohort: Cohort;
}
export type ViewDeployments = Partial<Record<TelemetryRemote, ViewDeployment>>;

const AUDIENCE = 'telemetry';
const ALGORITHM = 'HS256';

const deploymentsClaim = z.partialRecord(z.enum(TELEMETRY_REMOTES), z.tuple([z.string().regex(VERSION_PATTERN), z.enum(COHORTS)]));

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a view token for the deployments a page's visitor is given. */
export async function signViewToken(
  secret: string,
  deployments: ViewDeployments,
  { now = Date.now(), id = crypto.randomUUID() }: { now?: number; id?: string } = {},
): Promise<string> {
  const d = Object.fromEntries(Object.entries(deployments).map(([remote, deployment]) => [remote, [deployment.version, deployment.cohort]]));
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ d })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(AUDIENCE)
    .setJti(id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VIEW_TOKEN_TTL_S)
    .sign(key(secret));
}

export interface VerifiedViewToken {
  /** The token's own id (a random nonce): what a count is kept once for. */
  id: string;
  deployments: ViewDeployments;
  /** When it stops counting (ms since the epoch). */
  expiresAt: number;
}

/** The token's deployments when its signature, audience and time hold; null for anything else. */
export async function verifyViewToken(secret: string, token: unknown, { now = Date.now() }: { now?: number } = {}): Promise<VerifiedViewToken | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > VIEW_TOKEN_MAX_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      currentDate: new Date(now),
      maxTokenAge: VIEW_TOKEN_TTL_S,
      requiredClaims: ['jti', 'iat', 'exp'],
    });
    const d = deploymentsClaim.safeParse(payload.d);
    if (!d.success || typeof payload.jti !== 'string' || payload.jti.length > 64 || payload.exp === undefined) return null;
    // A token that claims to live longer than the server ever signs for is not the server's.
    if (payload.exp - (payload.iat ?? 0) > VIEW_TOKEN_TTL_S) return null;
    const deployments: ViewDeployments = {};
    for (const [remote, [version, cohort]] of Object.entries(d.data) as [TelemetryRemote, [string, Cohort]][]) deployments[remote] = { version, cohort };
    return { id: payload.jti, deployments, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

// A view grant: before it signs a view token, the site's server asks the service whether the
// visitor's address may have one more (VIEW_TOKENS_PER_ADDRESS a minute, counted by the service
// under a keyed hash of the address, so that every replica of the site's server shares the
// count). The request is a short JWS of the same secret, for the audience 'view-grant', naming the
// address: nobody without the secret can spend or probe another address's allowance.
const GRANT_AUDIENCE = 'view-grant';
/** A grant request is good this long after it is signed. */
export const VIEW_GRANT_TTL_S = 60;
/** The window VIEW_TOKENS_PER_ADDRESS is counted over; a refusal says when the address's ends, a window at most. */
export const VIEW_GRANT_WINDOW_MS = 60_000;
/** The longest address a grant request names (an IPv6 address with a zone, written out). */
export const VIEW_GRANT_ADDRESS_MAX_LENGTH = 64;

/** Signs the request for a view token for a visitor's address ('unknown' when the server has none). */
export async function signViewGrantRequest(secret: string, address: string, { now = Date.now() }: { now?: number } = {}): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ a: address.slice(0, VIEW_GRANT_ADDRESS_MAX_LENGTH) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(GRANT_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VIEW_GRANT_TTL_S)
    .sign(key(secret));
}

/** The address a grant request names when its signature, audience and time hold; null for anything else. */
export async function verifyViewGrantRequest(secret: string, request: unknown, { now = Date.now() }: { now?: number } = {}): Promise<string | null> {
  if (typeof request !== 'string' || request.length === 0 || request.length > VIEW_TOKEN_MAX_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(request, key(secret), {
      algorithms: [ALGORITHM],
      audience: GRANT_AUDIENCE,
      currentDate: new Date(now),
      maxTokenAge: VIEW_GRANT_TTL_S,
      requiredClaims: ['iat', 'exp'],
    });
    const address = payload.a;
    return typeof address === 'string' && address.length > 0 && address.length <= VIEW_GRANT_ADDRESS_MAX_LENGTH ? address : null;
  } catch {
    return null;
  }
}

// What the site's server saw itself as it drew pages (release health's signals no browser can
// send): per page given a view token, the remote's version and cohort it was drawn from, and
// whether it was drawn or served unrendered (its manifest or render entry could not be fetched or
// verified, or its render failed or timed out). Signed with the same secret for the audience
// 'server-signals', with an id counted once.
const SIGNALS_AUDIENCE = 'server-signals';
/**
 * The most signals one report carries: a signal is one deployment's pages with one outcome, and a
 * site process gathers a second's pages into a report (sending it sooner when it holds this many).
 */
export const SERVER_SIGNALS_MAX = 20;
/** The most pages one signal counts (a process's pages of one deployment in a report's second, with room to spare). */
export const SERVER_SIGNAL_PAGES_MAX = 100_000;
export const SERVER_OUTCOMES = ['drawn', 'unrendered'] as const;
export type ServerOutcome = (typeof SERVER_OUTCOMES)[number];
export interface ServerSignalReport {
  remote: TelemetryRemote;
  version: string;
  cohort: Cohort;
  outcome: ServerOutcome;
  /** How many pages had this outcome (1 when not said). */
  pages?: number;
}

const signal = [z.enum(TELEMETRY_REMOTES), z.string().regex(VERSION_PATTERN), z.enum(COHORTS), z.enum(SERVER_OUTCOMES)] as const;
const signalsClaim = z
  .array(z.union([z.tuple([...signal, z.number().int().min(1).max(SERVER_SIGNAL_PAGES_MAX)]), z.tuple([...signal])]))
  .min(1)
  .max(SERVER_SIGNALS_MAX);

/** Signs a report of what the site's server saw. */
export async function signServerSignals(
  secret: string,
  signals: ServerSignalReport[],
  { now = Date.now(), id = crypto.randomUUID() }: { now?: number; id?: string } = {},
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ s: signals.map(({ remote, version, cohort, outcome, pages = 1 }) => [remote, version, cohort, outcome, pages]) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(SIGNALS_AUDIENCE)
    .setJti(id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + VIEW_GRANT_TTL_S)
    .sign(key(secret));
}

/** A report's id, signals and end when its signature, audience and time hold; null for anything else. */
export async function verifyServerSignals(
  secret: string,
  report: unknown,
  { now = Date.now() }: { now?: number } = {},
): Promise<{ id: string; signals: ServerSignalReport[]; expiresAt: number } | null> {
  if (typeof report !== 'string' || report.length === 0 || report.length > 4 * VIEW_TOKEN_MAX_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(report, key(secret), {
      algorithms: [ALGORITHM],
      audience: SIGNALS_AUDIENCE,
      currentDate: new Date(now),
      maxTokenAge: VIEW_GRANT_TTL_S,
      requiredClaims: ['jti', 'iat', 'exp'],
    });
    const s = signalsClaim.safeParse(payload.s);
    if (!s.success || typeof payload.jti !== 'string' || payload.jti.length > 64 || payload.exp === undefined) return null;
    return {
      id: payload.jti,
      signals: s.data.map(([remote, version, cohort, outcome, pages = 1]) => ({ remote, version, cohort, outcome, pages })),
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}
