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
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
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

/** What each of this file's documents is: its audience and how long it is good after it is signed. */
interface Kind {
  audience: string;
  ttlS: number;
}

/** Signs claims as a document of a kind (with an id when the receiver counts it once). */
function sign(secret: string, claims: Record<string, unknown>, { audience, ttlS }: Kind, { now, id }: { now: number; id?: string }): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: ALGORITHM }).setAudience(audience);
  if (id !== undefined) jwt.setJti(id);
  return jwt
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlS)
    .sign(key(secret));
}

/**
 * A document's claims when it is a string of at most `maxLength`, its signature and audience hold,
 * it was signed within the kind's life and names the claims required (an id too, when `counted`:
 * one of at most 64 characters); null for anything else.
 */
async function verified(
  secret: string,
  document: unknown,
  { audience, ttlS }: Kind,
  { now, maxLength, counted }: { now: number; maxLength: number; counted: boolean },
): Promise<JWTPayload | null> {
  if (typeof document !== 'string' || document.length === 0 || document.length > maxLength) return null;
  try {
    const { payload } = await jwtVerify(document, key(secret), {
      algorithms: [ALGORITHM],
      audience,
      currentDate: new Date(now),
      maxTokenAge: ttlS,
      requiredClaims: counted ? ['jti', 'iat', 'exp'] : ['iat', 'exp'],
    });
    if (counted && (typeof payload.jti !== 'string' || payload.jti.length > 64)) return null;
    return payload;
  } catch {
    return null;
  }
}

const VIEW_TOKEN: Kind = { audience: AUDIENCE, ttlS: VIEW_TOKEN_TTL_S };

/** Signs a view token for the deployments a page's visitor is given. */
export async function signViewToken(
  secret: string,
  deployments: ViewDeployments,
  { now = Date.now(), id = crypto.randomUUID() }: { now?: number; id?: string } = {},
): Promise<string> {
  const d = Object.fromEntries(Object.entries(deployments).map(([remote, deployment]) => [remote, [deployment.version, deployment.cohort]]));
  return sign(secret, { d }, VIEW_TOKEN, { now, id });
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
  const payload = await verified(secret, token, VIEW_TOKEN, { now, maxLength: VIEW_TOKEN_MAX_LENGTH, counted: true });
  const d = deploymentsClaim.safeParse(payload?.d);
  if (!payload || !d.success || payload.exp === undefined) return null;
  // A token that claims to live longer than the server ever signs for is not the server's.
  if (payload.exp - (payload.iat ?? 0) > VIEW_TOKEN_TTL_S) return null;
  const deployments: ViewDeployments = {};
  for (const [remote, [version, cohort]] of Object.entries(d.data) as [TelemetryRemote, [string, Cohort]][]) deployments[remote] = { version, cohort };
  return { id: payload.jti!, deployments, expiresAt: payload.exp * 1000 };
}

// A view grant: before it signs a view token, the site's server asks the service whether the
// visitor's address may have one more (VIEW_TOKENS_PER_ADDRESS a minute, counted by the service
// under a keyed hash of the address, so that every replica of the site's server shares the
// count). The request is a short JWS of the same secret, for the audience 'view-grant', naming the
// address: nobody without the secret can spend or probe another address's allowance.
const GRANT_AUDIENCE = 'view-grant';
/** A grant request is good this long after it is signed. */
export const VIEW_GRANT_TTL_S = 60;
const VIEW_GRANT: Kind = { audience: GRANT_AUDIENCE, ttlS: VIEW_GRANT_TTL_S };
/** The window VIEW_TOKENS_PER_ADDRESS is counted over; a refusal says when the address's ends, a window at most. */
export const VIEW_GRANT_WINDOW_MS = 60_000;
/** The longest address a grant request names (an IPv6 address with a zone, written out). */
export const VIEW_GRANT_ADDRESS_MAX_LENGTH = 64;

/** Signs the request for a view token for a visitor's address ('unknown' when the server has none). */
export async function signViewGrantRequest(secret: string, address: string, { now = Date.now() }: { now?: number } = {}): Promise<string> {
  return sign(secret, { a: address.slice(0, VIEW_GRANT_ADDRESS_MAX_LENGTH) }, VIEW_GRANT, { now });
}

/** The address a grant request names when its signature, audience and time hold; null for anything else. */
export async function verifyViewGrantRequest(secret: string, request: unknown, { now = Date.now() }: { now?: number } = {}): Promise<string | null> {
  const address = (await verified(secret, request, VIEW_GRANT, { now, maxLength: VIEW_TOKEN_MAX_LENGTH, counted: false }))?.a;
  return typeof address === 'string' && address.length > 0 && address.length <= VIEW_GRANT_ADDRESS_MAX_LENGTH ? address : null;
}

// A request for the user service's page changes (pageChanges.ts): a site's server asking to be
// told, as they happen, what changed of the signed-in pages' answers. Signed with the same secret
// for the audience 'page-changes': nobody without it may follow who is changing their account.
const PAGE_CHANGES: Kind = { audience: 'page-changes', ttlS: VIEW_GRANT_TTL_S };

/** Signs a request for the page changes' stream. */
export function signPageChangesRequest(secret: string, { now = Date.now() }: { now?: number } = {}): Promise<string> {
  return sign(secret, {}, PAGE_CHANGES, { now });
}

/** Whether a request for the page changes' stream is the site's server's: its signature, audience and time hold. */
export async function verifyPageChangesRequest(secret: string, request: unknown, { now = Date.now() }: { now?: number } = {}): Promise<boolean> {
  return (await verified(secret, request, PAGE_CHANGES, { now, maxLength: VIEW_TOKEN_MAX_LENGTH, counted: false })) !== null;
}

// What the site's server saw itself as it drew pages (release health's signals no browser can
// send): per page given a view token, the remote's version and cohort it was drawn from, and
// whether it was drawn or served unrendered (its manifest or render entry could not be fetched or
// verified, or its render failed or timed out). Signed with the same secret for the audience
// 'server-signals', with an id counted once.
const SERVER_SIGNALS: Kind = { audience: 'server-signals', ttlS: VIEW_GRANT_TTL_S };
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
  return sign(secret, { s: signals.map(({ remote, version, cohort, outcome, pages = 1 }) => [remote, version, cohort, outcome, pages]) }, SERVER_SIGNALS, { now, id });
}

/** A report's id, signals and end when its signature, audience and time hold; null for anything else. */
export async function verifyServerSignals(
  secret: string,
  report: unknown,
  { now = Date.now() }: { now?: number } = {},
): Promise<{ id: string; signals: ServerSignalReport[]; expiresAt: number } | null> {
  const payload = await verified(secret, report, SERVER_SIGNALS, { now, maxLength: 4 * VIEW_TOKEN_MAX_LENGTH, counted: true });
  const s = signalsClaim.safeParse(payload?.s);
  if (!payload || !s.success || payload.exp === undefined) return null;
  return {
    id: payload.jti!,
    signals: s.data.map(([remote, version, cohort, outcome, pages = 1]) => ({ remote, version, cohort, outcome, pages })),
    expiresAt: payload.exp * 1000,
  };
}
