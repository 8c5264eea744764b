// The preview pinned in this browser (`pnpm release preview`; site-server/src/previewPins.ts): the
// site's server verified its signature when it set the cookie, and verifies it again at each page
// it draws; here it is only read, to load the same version and to say so (PreviewBanner.tsx). A
// cookie that is no pin, or has expired, pins nothing.
import { readCookie, removeCookie } from '@site/shared-ui/cookies';
import { allManifests, PREVIEW_COOKIE, REMOTE_NAMES, type PreviewPin, type RemoteName, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { decodeJwt } from 'jose';

export function previewPin(now = Date.now()): PreviewPin | null {
  const token = readCookie(PREVIEW_COOKIE);
  if (!token) return null;
  try {
    const { r, v, m, i, exp } = decodeJwt(token) as { r?: unknown; v?: unknown; m?: unknown; i?: unknown; exp?: number };
    if (!REMOTE_NAMES.includes(r as RemoteName) || typeof v !== 'string' || typeof m !== 'string' || typeof exp !== 'number' || exp * 1000 <= now) return null;
    const integrity = i && typeof i === 'object' ? (i as PreviewPin['integrity']) : undefined;
    return { remote: r as RemoteName, version: v, manifest: m, ...(integrity ? { integrity } : {}), expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * The pin, if the remotes document in force allows what it names: its manifest on one of the
 * document's own origins, with integrity recorded wherever the document records it. The server
 * verifies the pin's signature, and removes a cookie that is no pin of its own; a cookie it cannot
 * remove (set for a parent domain, or a deeper path) still cannot send this page to code from
 * elsewhere, or to a build with nothing recorded of it.
 */
export function previewPinAllowedBy(doc: RemotesDocument, pin = previewPin(), base = window.location.href): PreviewPin | null {
  if (!pin || !URL.canParse(pin.manifest, base)) return null;
  const origins = new Set(allManifests(doc).map((url) => new URL(url, base).origin));
  if (!origins.has(new URL(pin.manifest, base).origin)) return null;
  if (doc[pin.remote].integrity && !pin.integrity) return null;
  return pin;
}

/** Ends the preview in this browser: from the next page on, it gets the versions every visitor gets. */
export function endPreview(): void {
  removeCookie(PREVIEW_COOKIE, { path: '/' });
}
