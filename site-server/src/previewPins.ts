// Preview pins: one browser shown one published version of one remote before any visitor is
// (`pnpm release preview`). The release command signs a pin (HMAC-SHA256, a JWS by jose, with
// PREVIEW_SECRET) after the version has passed the gate against what is in force; the link it
// prints carries it in `?preview=`. The site's server verifies it, keeps it in the browser's
// PREVIEW_COOKIE cookie (and takes it out of the address), and from then on draws that remote's
// pages from the pinned version; the shell loads the same version (shell/src/remotes/preview.ts).
// A crafted, altered or expired pin is ignored: it cannot put a visitor on another version.
import {
  checkedDeployment,
  LOCAL_VERSION,
  PREVIEW_COOKIE,
  PREVIEW_MAX_HOURS,
  PREVIEW_PARAM,
  REMOTE_NAMES,
  type ManifestPolicy,
  type PreviewPin,
  remoteFolder,
  type RemoteName,
} from '@site/shared-ui/remotes-document';
import { VERSION_PATTERN } from '@site/contract/telemetry';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { isLocalMode, ports } from './runtimeConfig';
import { visitorUsesHttps } from './proxy';

import { siteEnv, type Env } from './config';

const AUDIENCE = 'preview';
const ALGORITHM = 'HS256';
const MAX_S = PREVIEW_MAX_HOURS * 3600;
/** Longer than any pin the command signs (a manifest URL and three integrity strings). */
const MAX_LENGTH = 4096;

/** The public value of local mode (development and test), refused outside it. */
export const LOCAL_PREVIEW_SECRET = 'local-development-only-preview-secret';

/**
 * PREVIEW_SECRET, shared by the release command and the site's server: the public local value in
 * local mode unless one is set. Outside it: unset, previews are off (null: no pin is signed or
 * honoured); the public local value or one shorter than 32 characters refuses the start.
 */
export function previewSecret(env: Env = siteEnv()): string | null {
  const secret = env.PREVIEW_SECRET || undefined;
  if (isLocalMode(env)) return secret ?? LOCAL_PREVIEW_SECRET;
  if (!secret) return null;
  if (secret === LOCAL_PREVIEW_SECRET) throw new Error('PREVIEW_SECRET is the public local value: set a secret of your own (or none: previews are then off)');
  // Spaces at its ends are no secret: a value blank after trimming is as short as it looks.
  if (secret.trim().length < 32) throw new Error('PREVIEW_SECRET must be at least 32 characters, not counting spaces at its ends');
  return secret;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a pin for `hours` (at most PREVIEW_MAX_HOURS) from `now`. */
export async function signPreviewPin(
  secret: string,
  pin: Omit<PreviewPin, 'expiresAt'>,
  { hours = PREVIEW_MAX_HOURS, now = Date.now() }: { hours?: number; now?: number } = {},
): Promise<{ token: string; expiresAt: number }> {
  if (!(hours > 0 && hours <= PREVIEW_MAX_HOURS)) throw new RangeError(`a preview lasts more than 0 and at most ${PREVIEW_MAX_HOURS} hours, not ${hours}`);
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + Math.floor(hours * 3600);
  const token = await new SignJWT({ r: pin.remote, v: pin.version, m: pin.manifest, ...(pin.integrity ? { i: pin.integrity } : {}) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt: expiresAt * 1000 };
}

/**
 * The pin a token carries when its signature, audience and time hold, it lasts no longer than a
 * preview may, and its deployment is one the site may load (its manifest on `policy`'s origins:
 * outside local mode, never a developer's machine); null for anything else.
 */
export async function verifyPreviewPin(secret: string, token: unknown, { policy, now = Date.now() }: { policy?: ManifestPolicy; now?: number } = {}): Promise<PreviewPin | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], audience: AUDIENCE, currentDate: new Date(now), requiredClaims: ['iat', 'exp'] });
    const { r, v, m, i } = payload as { r?: unknown; v?: unknown; m?: unknown; i?: unknown };
    if (payload.exp! - payload.iat! > MAX_S) return null;
    if (typeof r !== 'string' || !REMOTE_NAMES.includes(r as RemoteName) || typeof v !== 'string' || !VERSION_PATTERN.test(v)) return null;
    if (typeof m !== 'string' || !isRemotesManifest(r as RemoteName, v, m)) return null;
    const deployment = checkedDeployment({ manifest: m as string, integrity: i as PreviewPin['integrity'] }, policy, `the preview of ${r}`);
    return { remote: r as RemoteName, version: v, ...deployment, expiresAt: payload.exp! * 1000 };
  } catch {
    return null;
  }
}

/**
 * Whether a pin's manifest is its remote's, at its version: `<folder of the remote>/<version>/mf-manifest.json`
 * as the store publishes it, or (the local version) at a host's root on that remote's own local port.
 */
function isRemotesManifest(remote: RemoteName, version: string, manifest: string): boolean {
  let url: URL;
  try {
    url = new URL(manifest, 'http://base.invalid');
  } catch {
    return false;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.at(-1) !== 'mf-manifest.json') return false;
  if (version === LOCAL_VERSION) return segments.length === 1 && url.port === String(ports[remote]);
  return segments.at(-2) === version && segments.at(-3) === remoteFolder(remote);
}

const ofRequest = new WeakMap<Request, Promise<PreviewPin | null>>();

/**
 * The preview pinned in the browser that sent this request (its cookie, verified), or null; a
 * cookie that is no valid pin (expired, altered, signed with another secret) is removed.
 */
export function previewPinOf(c: Context, secret: string | null, policy?: ManifestPolicy): Promise<PreviewPin | null> {
  const known = ofRequest.get(c.req.raw);
  if (known) return known;
  const token = getCookie(c, PREVIEW_COOKIE);
  const verified = !token || secret === null ? Promise.resolve(null) : verifyPreviewPin(secret, token, { policy });
  // Removed once per response, however many parts of it ask.
  const pin = verified.then((found) => {
    if (token && !found) deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
    return found;
  });
  ofRequest.set(c.req.raw, pin);
  return pin;
}

/**
 * A preview link (`?preview=<pin>`): a valid pin is kept in the browser's cookie until it expires,
 * and the browser sent on to the same address without it (the address bar and the history keep no
 * pin to pass on; the link itself pins whoever opens it, until it ends); anything else in the
 * parameter is dropped the same way, pinning nothing.
 */
export function previewLinks({ secret, policy }: { secret: string | null; policy?: ManifestPolicy }): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.searchParams.has(PREVIEW_PARAM) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const token = url.searchParams.get(PREVIEW_PARAM);
    url.searchParams.delete(PREVIEW_PARAM);
    const pin = secret === null ? null : await verifyPreviewPin(secret, token, { policy });
    if (pin) {
      setCookie(c, PREVIEW_COOKIE, token!, {
        path: '/',
        sameSite: 'Lax',
        maxAge: Math.max(1, Math.floor((pin.expiresAt - Date.now()) / 1000)),
        secure: visitorUsesHttps(c),
      });
    }
    c.header('Cache-Control', 'no-store');
    // A path of the site's own, never another site's: `//evil.example/` (or `/\\evil.example`) would be one.
    // The path as read (requestPath.ts), encoded again where an address needs it.
    url.pathname = c.req.path;
    return c.redirect(`/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`, 302);
  };
}
